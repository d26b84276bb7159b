/// How much a ``ZipArchive`` trusts the file it opens.
///
/// An OpenTimelineIO bundle is read leniently, as other tools write them; a project package
/// arrives by mail or AirDrop and is read as hostile: every name must stay inside the folder it
/// is unpacked to, the entries must tile the file with nothing before, between or after them
/// (so a truncated or concatenated zip is refused), and the sizes the archive declares are
/// bounded before a byte is inflated (the bytes actually inflated are always counted too).
package struct ZipPolicy: Sendable {
  /// The most entries the central directory may list.
  package var maximumEntries: Int
  /// The most bytes all entries may declare, inflated.
  package var maximumTotalBytes: Int
  /// The largest inflated-to-stored ratio an entry over a mebibyte may declare.
  package var maximumRatio: Int
  /// The largest ratio of all entries' declared bytes to the zip file's own size, once they
  /// pass ``expansionFloor``: bounds the whole archive, as ``maximumRatio`` bounds each entry
  /// (600 entries of 1 MiB each, each under the per-entry floor, in a 1 MB file).
  package var maximumExpansion: Int = .max
  /// The declared bytes any archive may expand to, whatever its ratio.
  package var expansionFloor: Int = .max
  /// Whether names, kinds, duplicates and the file's layout are checked (see the type's
  /// summary).
  package var isStrict: Bool

  /// OpenTimelineIO bundles: the counts a zip without zip64 can hold, and no name checks here
  /// (the bundle reader checks the names it extracts).
  package static let lenient = ZipPolicy(
    maximumEntries: 65_535, maximumTotalBytes: .max, maximumRatio: .max, isStrict: false)

  /// A file from someone else.
  ///
  /// - Parameters:
  ///   - maximumEntries: The most entries.
  ///   - maximumTotalBytes: The most bytes the entries may declare, inflated.
  package static func untrusted(maximumEntries: Int, maximumTotalBytes: Int) -> ZipPolicy {
    // Deflate cannot exceed about 1032:1; JSON documents deflate to 10–50:1, images barely.
    // A package's images are stored (1:1) and its documents deflate about 10–50:1, so a whole
    // archive past 256 MiB that declares more than 100 times its size is a bomb, not a project.
    var policy = ZipPolicy(
      maximumEntries: maximumEntries, maximumTotalBytes: maximumTotalBytes, maximumRatio: 200,
      isStrict: true)
    policy.maximumExpansion = 100
    policy.expansionFloor = 256 << 20
    return policy
  }
}
