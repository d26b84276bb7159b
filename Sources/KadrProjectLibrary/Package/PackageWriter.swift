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
  /// The project, as opened from a store, with its thumbnail.
  struct Contents {
    let id: ProjectID
    let name: String
    let created: Date
    let modified: Date
    let video: Video
    let metadataVersion: Int
    /// The app's metadata, encoded with sorted keys.
    let metadata: Data
    let thumbnail: PlatformImage?
  }

  static func write(_ contents: Contents, coder: KadrCoder, to url: URL) throws {
    let staging = FileManager.default.temporaryDirectory.appendingPathComponent(
      "kadr-export-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: staging) }
    let imagesFolder = staging.appendingPathComponent("images", isDirectory: true)
    let images = try FileImageStore(directory: imagesFolder)
    let saved = try coder.save(contents.video, images: images)
    let thumbnail = try contents.thumbnail.map { try images.token(for: $0) }
    var listed: [PackageManifest.Image] = []
    for token in try images.storedTokens().sorted() {
      guard let file = images.url(for: token) else { continue }
      let bytes = try Data(contentsOf: file)
      listed.append(
        PackageManifest.Image(
          name: PackageManifest.Entry.imagesFolder + file.lastPathComponent, bytes: bytes.count,
          sha256: SHA256.hash(bytes).hexString))
    }
    let manifest = PackageManifest(
      format: PackageManifest.formatName, version: PackageManifest.currentVersion,
      id: contents.id, name: contents.name,
      created: contents.created.timeIntervalSince1970,
      modified: contents.modified.timeIntervalSince1970,
      metadataVersion: contents.metadataVersion, schema: saved.schema,
      document: DocumentFacts(video: contents.video, saved: saved), thumbnail: thumbnail,
      images: listed.sorted { $0.name < $1.name })
    try atomically(to: url) { writer in
      // The manifest first, so a reader learns the format before the images; then by name.
      try writer.add(PackageManifest.Entry.manifest, Array(try manifest.encoded()), deflated: true)
      try writer.add(PackageManifest.Entry.document, Array(saved.data), deflated: true)
      for image in manifest.images {
        let file = imagesFolder.appendingPathComponent(
          String(image.name.dropFirst(PackageManifest.Entry.imagesFolder.count)))
        // Images are compressed already: stored, so an unzipped package is byte-identical.
        try writer.add(image.name, contentsOf: file, deflated: false)
      }
      try writer.add(PackageManifest.Entry.metadata, Array(contents.metadata), deflated: true)
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
