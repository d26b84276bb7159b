/// What collecting the library's images removed, or with a dry run would remove.
public struct ImageCollection: Sendable, Hashable {
  /// Whether this was a dry run, which removes nothing.
  public let dryRun: Bool
  /// The tokens of the images no project, trashed project or autosave refers to: removed, or
  /// for a dry run the ones that would be; sorted.
  public let removed: [String]
  /// The tokens of the stored images that are kept because something refers to them; sorted.
  public let kept: [String]

  /// Creates the outcome of a collection, as a ``ProjectStore`` reports it.
  ///
  /// - Parameters:
  ///   - dryRun: Whether nothing was removed.
  ///   - removed: The tokens removed, or that would be; sorted.
  ///   - kept: The tokens kept because something refers to them; sorted.
  public init(dryRun: Bool, removed: [String], kept: [String]) {
    self.dryRun = dryRun
    self.removed = removed
    self.kept = kept
  }
}
