import Foundation
import KadrArchive
import KadrFileSystem
import KadrPersistence

/// Writes a project package from a project as its store keeps it: each image is fetched from
/// the store once, hashed and staged in a temporary folder (a `FileImageStore`'s files are
/// zipped as they are), one at a time, so memory holds about the largest image; earlier
/// revisions' documents are staged too; the zip is written to a temporary file beside the
/// destination, which is renamed into place. (Fetching each image twice instead, to hash it
/// and then to zip it, took `kadr-library-bench --packages`' PostgreSQL export of 200 images
/// from about 0.8 s to 1.1–1.9 s.)
enum PackageWriter {
  /// Writes the package of `stored`, with the revisions of `history` older than its head.
  ///
  /// The documents' tokens become `file:<sha256>.<ext>` (a document is saved again only when
  /// one of its tokens changes, so a folder library's document is zipped byte for byte). A
  /// package with history is format 2; one without is format 1, as before history.
  ///
  /// - Throws: The store's image errors (a missing image is refused), `PersistenceError` of a
  ///   document, or a file-system error when a file cannot be written.
  static func write<Metadata>(
    _ stored: StoredProject<Metadata>, history: [StoredRevision<Metadata>], coder: KadrCoder,
    to url: URL
  ) throws {
    let summary = stored.summary
    var staging = PackageStaging(stored, coder: coder, purpose: "export")
    defer { staging.remove() }
    let (document, schema, headFacts, _) = try staging.rewritten(
      stored.document, facts: staging.summaryFacts)
    try staging.collect([summary.thumbnailToken].compactMap { $0 })

    // The limits the reader applies, refused here first, so every package written imports.
    let earlier = Set(history.map(\.revision).filter { $0 >= 0 && $0 < summary.revision })
    if let refusal = PackageLimits.refusal(
      images: 0, revisions: earlier.count, head: earlier.isEmpty ? nil : summary.revision)
    {
      throw ProjectPackageError(.beyondLimit(refusal), path: url.path)
    }
    let staged = try staging.stage(history)
    let revisions = staged.map(\.entry)
    let packageTokens = staging.packageTokens
    let listed = staging.listed
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]

    let manifest = PackageManifest(
      format: PackageManifest.formatName,
      version: revisions.isEmpty ? 1 : PackageManifest.historyVersion, id: summary.id,
      name: summary.name, created: summary.created.timeIntervalSince1970,
      modified: summary.modified.timeIntervalSince1970,
      // Opened metadata is the app's current version; a tool's opaque metadata keeps its own.
      metadataVersion: max(Metadata.version, summary.metadataVersion), schema: schema,
      document: headFacts, thumbnail: summary.thumbnailToken.flatMap { packageTokens[$0] },
      images: listed.values.map(\.image).sorted { $0.name < $1.name },
      revision: revisions.isEmpty ? nil : summary.revision,
      history: revisions.isEmpty ? nil : revisions)
    if let refusal = PackageLimits.refusal(images: listed.count, revisions: 0, head: nil) {
      throw ProjectPackageError(.beyondLimit(refusal), path: url.path)
    }
    let metadata = try encoder.encode(summary.metadata)
    try atomically(to: url) { writer in
      // The manifest first, so a reader learns the format before the images; then by name
      // (the history by revision).
      try writer.add(PackageManifest.Entry.manifest, Array(try manifest.encoded()), deflated: true)
      try writer.add(PackageManifest.Entry.document, Array(document), deflated: true)
      for revision in staged {
        let names = PackageManifest.Entry.history(revision.entry.revision)
        try writer.add(names.document, contentsOf: revision.document, deflated: true)
        try writer.add(names.metadata, contentsOf: revision.metadataFile, deflated: true)
      }
      for image in manifest.images {
        guard let file = listed[image.name]?.file else { continue }
        // Images are compressed already: stored, so an unzipped package is byte-identical.
        try writer.add(image.name, contentsOf: file, deflated: false)
      }
      try writer.add(PackageManifest.Entry.metadata, Array(metadata), deflated: true)
    }
  }

  /// Writes a zip through the package's one durable write: a temporary file beside `url`,
  /// flushed to the disk (`F_FULLFSYNC` on Darwin) and renamed over `url`; on failure the
  /// temporary file is removed and `url` is untouched.
  static func atomically(to url: URL, _ body: (inout ZipWriter) throws -> Void) throws {
    do {
      try DurableFile.replace(url.path) { file in
        var writer = ZipWriter(writingTo: file.fileHandle)
        try body(&writer)
        try writer.finish()
      }
    } catch let failure as ZipWriter.Failure {
      throw ProjectLibraryError.fileSystem(path: url.path, detail: failure.reason)
    } catch let failure as SystemError {
      throw ProjectLibraryError.fileSystem(path: url.path, detail: failure.description)
    } catch let refusal as DestinationRefusal {
      throw ProjectLibraryError.fileSystem(
        path: url.path, detail: refusal.errorDescription ?? "it is not a regular file")
    }
  }
}
