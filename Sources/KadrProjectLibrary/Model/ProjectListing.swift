/// Every project of a library (or of its trash): the ones that can be opened, most recently
/// changed first, and, separately, every one that cannot, with why.
///
/// Nothing vanishes: a project that cannot be read is in ``skipped``, never left out.
public struct ProjectListing<Metadata: ProjectMetadata>: Sendable {
  /// The projects that can be opened, most recently changed first.
  public let projects: [ProjectSummary<Metadata>]
  /// The projects that cannot be opened, with the reason and what the user can do.
  public let skipped: [SkippedProject]

  /// Creates a listing; the library makes these, and a tool may refine one (for a check of its
  /// own).
  ///
  /// - Parameters:
  ///   - projects: The projects that can be opened, most recently changed first.
  ///   - skipped: The projects that cannot.
  public init(projects: [ProjectSummary<Metadata>], skipped: [SkippedProject]) {
    self.projects = projects
    self.skipped = skipped
  }
}
