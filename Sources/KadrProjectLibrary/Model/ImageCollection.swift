/// What collecting the library's images removed, or with a dry run would remove.
public struct ImageCollection: Sendable, Hashable {
  /// Whether this was a dry run, which removes nothing.
  public let dryRun: Bool
  /// The tokens of the images no project, trashed project or autosave refers to: removed, or
  /// for a dry run the ones that would be; sorted.
  public let removed: [String]
  /// The tokens of the stored images that are kept because something refers to them; sorted.
  public let kept: [String]
}
