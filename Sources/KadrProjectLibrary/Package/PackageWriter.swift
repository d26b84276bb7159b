import Foundation
import KadrArchive
import KadrPersistence

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a project package: the document and images are staged in a temporary folder (images
/// as a `FileImageStore` writes them, so the document's tokens are `file:<sha256>.<ext>`), then
/// zipped entry by entry into a temporary file beside the destination, which is renamed into
/// place.
enum PackageWriter {
  /// What the manifest says of the project, apart from its document and images.
  struct Header {
    let id: ProjectID
    let name: String
    let created: Date
    let modified: Date
    let metadataVersion: Int
    /// The app's metadata, encoded with sorted keys.
    let metadata: Data
  }

  /// A document whose image tokens are all `file:<sha256>.<ext>`, with the files they name.
  struct Staged {
    let document: Data
    let schema: Int
    let facts: DocumentFacts?
    let thumbnail: String?
    /// The image files, by token.
    let images: [String: URL]
  }

  /// Encodes `video` into a temporary folder (images as a `FileImageStore` writes them), writes
  /// the package, and removes the folder.
  static func write(
    _ header: Header, video: Video, thumbnail: PlatformImage?, coder: KadrCoder, to url: URL
  ) throws {
    let staging = FileManager.default.temporaryDirectory.appendingPathComponent(
      "kadr-export-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: staging) }
    let images = try FileImageStore(
      directory: staging.appendingPathComponent("images", isDirectory: true))
    let saved = try coder.save(video, images: images)
    let thumbnailToken = try thumbnail.map { try images.token(for: $0) }
    var files: [String: URL] = [:]
    for token in try images.storedTokens() {
      if let file = images.url(for: token) { files[token] = file }
    }
    let staged = Staged(
      document: saved.data, schema: saved.schema, facts: DocumentFacts(video: video, saved: saved),
      thumbnail: thumbnailToken, images: files)
    try write(header, staged, to: url)
  }

  /// Writes the package of a staged document: each image is read twice (hashed for the
  /// manifest, then zipped), one at a time, so memory holds about the largest image.
  ///
  /// - Throws: ``ProjectLibraryError/fileSystem(path:detail:)`` when an image file cannot be
  ///   read or its bytes do not hash to its name, or the file cannot be written.
  static func write(_ header: Header, _ staged: Staged, to url: URL) throws {
    var listed: [PackageManifest.Image] = []
    for (token, file) in staged.images {
      let bytes = try Data(contentsOf: file)
      let digest = SHA256.hash(bytes).hexString
      guard token.dropFirst(FileImageStore.scheme.count + 1).hasPrefix(digest + ".") else {
        throw ProjectLibraryError.fileSystem(
          path: file.path, detail: "the image's bytes do not match its name (it is damaged)")
      }
      listed.append(
        PackageManifest.Image(
          name: PackageManifest.Entry.imagesFolder + file.lastPathComponent, bytes: bytes.count,
          sha256: digest))
    }
    listed.sort { $0.name < $1.name }
    let manifest = PackageManifest(
      format: PackageManifest.formatName, version: PackageManifest.currentVersion,
      id: header.id, name: header.name, created: header.created.timeIntervalSince1970,
      modified: header.modified.timeIntervalSince1970, metadataVersion: header.metadataVersion,
      schema: staged.schema, document: staged.facts, thumbnail: staged.thumbnail, images: listed)
    let files = Dictionary(
      uniqueKeysWithValues: staged.images.values.map {
        (PackageManifest.Entry.imagesFolder + $0.lastPathComponent, $0)
      })
    try atomically(to: url) { writer in
      // The manifest first, so a reader learns the format before the images; then by name.
      try writer.add(PackageManifest.Entry.manifest, Array(try manifest.encoded()), deflated: true)
      try writer.add(PackageManifest.Entry.document, Array(staged.document), deflated: true)
      for image in manifest.images {
        guard let file = files[image.name] else { continue }
        // Images are compressed already: stored, so an unzipped package is byte-identical.
        try writer.add(image.name, contentsOf: file, deflated: false)
      }
      try writer.add(PackageManifest.Entry.metadata, Array(header.metadata), deflated: true)
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
