/// The limits of a project package, which its writer and its reader share: the writer refuses a
/// project past one before it writes, so that every package it writes can be imported.
enum PackageLimits {
  /// The most images a package may have.
  static let maximumImages = 10_000
  /// The most earlier revisions a package may have.
  static let maximumRevisions = 10_000
  /// The highest revision number a package may carry: a store saves a project as its head's
  /// number plus one, and the PostgreSQL store keeps the number in a 4-byte integer, so a head
  /// of 2³¹ − 1 would import and then make every save fail.
  static let maximumRevisionNumber = Int(Int32.max) - 1
  /// The most entries a package may have: images, two per earlier revision, plus the manifest,
  /// document and metadata.
  static var maximumEntries: Int { maximumImages + 2 * maximumRevisions + 3 }
  /// The most bytes a package's entries may declare in all.
  static let maximumTotalBytes = 16 << 30
  /// The largest manifest or metadata entry.
  static let maximumJSONBytes = 16 << 20

  /// Why a project with `images` images, `revisions` earlier revisions and head `head` cannot
  /// be packaged, or `nil` when it can.
  static func refusal(images: Int, revisions: Int, head: Int?) -> String? {
    if images > maximumImages {
      return "it uses \(images) images, and a package holds at most \(maximumImages)"
    }
    if revisions > maximumRevisions {
      return "it has \(revisions) earlier revisions, and a package holds at most "
        + "\(maximumRevisions)"
    }
    if let head, head > maximumRevisionNumber {
      return "its last revision is number \(head), and a package carries revisions up to "
        + "\(maximumRevisionNumber), so that the project can be saved again where it is imported"
    }
    return nil
  }
}
