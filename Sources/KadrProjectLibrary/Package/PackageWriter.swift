import Foundation
import KadrArchive
import KadrPersistence

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a project package from a project as its store keeps it: each image is fetched from
/// the store twice (hashed for the manifest, then zipped), one at a time, so memory holds about
/// the largest image; the zip is written to a temporary file beside the destination, which is
/// renamed into place.
enum PackageWriter {
  /// Writes the package of `stored`.
  ///
  /// The document's tokens become `file:<sha256>.<ext>` (the document is saved again only when
  /// a token changes, so a folder library's document is zipped byte for byte).
  ///
  /// - Throws: The store's image errors (a missing image is refused), `PersistenceError` of the
  ///   document, or ``ProjectLibraryError/fileSystem(path:detail:)`` when an image changed
  ///   while it was exported or the file cannot be written.
  static func write<Metadata>(_ stored: StoredProject<Metadata>, coder: KadrCoder, to url: URL)
    throws
  {
    var coder = coder
    coder.documentCoder.options.preservingUnknown = true
    let summary = stored.summary
    let parsed = try coder.readJSON(stored.document)
    let used = coder.imageTokens(in: parsed) + [summary.thumbnailToken].compactMap { $0 }
    // The package token and manifest entry of each of the store's tokens.
    var packageTokens: [String: String] = [:]
    var listed: [String: (image: PackageManifest.Image, token: String)] = [:]
    for token in used where packageTokens[token] == nil {
      let image = try stored.images.image(for: token)
      let digest = SHA256.hash(image.data).hexString
      let fileName = "\(digest).\(image.format.fileExtension)"
      packageTokens[token] = FileImageStore.scheme + ":" + fileName
      let name = PackageManifest.Entry.imagesFolder + fileName
      listed[name] = (
        PackageManifest.Image(name: name, bytes: image.data.count, sha256: digest), token
      )
    }
    var document = stored.document
    var schema = parsed.schema ?? KadrDocument.currentSchema
    var facts: DocumentFacts?
    if let clips = summary.clipCount, let duration = summary.duration, let written = summary.schema
    {
      facts = DocumentFacts(
        clipCount: clips, duration: duration, schema: written, kinds: summary.kinds)
    }
    if packageTokens.contains(where: { $0.key != $0.value }) {
      let placeholders = UnresolvedImageStore()
      let video = try coder.video(from: stored.document, images: placeholders)
      let saved = try coder.save(
        video, images: ReplacingImageStore(placeholders: placeholders, tokens: packageTokens))
      (document, schema) = (saved.data, saved.schema)
      facts = DocumentFacts(video: video, saved: saved)
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let manifest = PackageManifest(
      format: PackageManifest.formatName, version: PackageManifest.currentVersion,
      id: summary.id, name: summary.name, created: summary.created.timeIntervalSince1970,
      modified: summary.modified.timeIntervalSince1970,
      // Opened metadata is the app's current version; a tool's opaque metadata keeps its own.
      metadataVersion: max(Metadata.version, summary.metadataVersion), schema: schema,
      document: facts, thumbnail: summary.thumbnailToken.flatMap { packageTokens[$0] },
      images: listed.values.map(\.image).sorted { $0.name < $1.name })
    let metadata = try encoder.encode(summary.metadata)
    try atomically(to: url) { writer in
      // The manifest first, so a reader learns the format before the images; then by name.
      try writer.add(PackageManifest.Entry.manifest, Array(try manifest.encoded()), deflated: true)
      try writer.add(PackageManifest.Entry.document, Array(document), deflated: true)
      for image in manifest.images {
        guard let token = listed[image.name]?.token else { continue }
        let bytes = try stored.images.image(for: token).data
        guard bytes.count == image.bytes, SHA256.hash(bytes).hexString == image.sha256 else {
          throw ProjectLibraryError.fileSystem(
            path: token, detail: "the image changed while the project was exported; export again")
        }
        // Images are compressed already: stored, so an unzipped package is byte-identical.
        try writer.add(image.name, Array(bytes), deflated: false)
      }
      try writer.add(PackageManifest.Entry.metadata, Array(metadata), deflated: true)
    }
  }

  /// Writes a zip to a temporary file beside `url`, flushes it to the disk and renames it over
  /// `url`; on failure the temporary file is removed and `url` is untouched.
  static func atomically(to url: URL, _ body: (inout ZipWriter) throws -> Void) throws {
    let directory = url.deletingLastPathComponent()
    let temporary = directory.appendingPathComponent(
      ".\(url.lastPathComponent).\(UUID().uuidString).partial")
    guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
      throw ProjectLibraryError.fileSystem(
        path: url.path, detail: "a temporary file cannot be created in \(directory.path)")
    }
    do {
      let handle = try FileHandle(forWritingTo: temporary)
      do {
        var writer = ZipWriter(writingTo: handle)
        try body(&writer)
        try writer.finish()
        try handle.synchronize()
        try handle.close()
      } catch {
        try? handle.close()
        throw error
      }
      guard rename(temporary.path, url.path) == 0 else {
        throw ProjectLibraryError.fileSystem(
          path: url.path, detail: String(cString: strerror(errno)))
      }
      DurableFile.syncDirectory(directory)
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      if let failure = error as? ZipWriter.Failure {
        throw ProjectLibraryError.fileSystem(path: url.path, detail: failure.reason)
      }
      throw error
    }
  }
}
