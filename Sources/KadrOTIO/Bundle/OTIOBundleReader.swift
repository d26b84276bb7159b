import Foundation
import KadrArchive
import KadrPersistenceCore

/// Opens what `OTIOImporter.read(from:images:)` is given: an `.otio` file, an `.otiod`
/// directory (`content.otio` beside a `media/` folder) or an `.otioz` zip bundle (the same,
/// zipped), as OpenTimelineIO's bundle adapters write them.
///
/// Every read is bounded before it is made: a timeline by the document limit, from the size of
/// the file actually opened (so a FIFO or a link to a huge file is refused at once); a bundle's
/// entries by the bytes actually inflated, never by the sizes the archive declares; the media
/// extracted by a total limit. A bundle whose media cannot all be extracted (a limit, a full
/// disk, a corrupt entry) leaves none of them behind.
enum OTIOBundleReader {
  /// The timeline's bytes and the directory its relative target URLs resolve against.
  struct Opened {
    let content: Data
    let directory: URL
    /// Whether the bundle's media were left in it (no media directory was given).
    let mediaLeftInBundle: Bool
  }

  /// What bounds a read.
  struct Limits {
    /// The largest timeline (`content.otio` or an `.otio` file).
    let timelineBytes: Int
    /// The most bytes of media one bundle may extract, in all.
    let mediaBytes: Int
  }

  /// The name of a bundle's timeline.
  static let contentName = "content.otio"

  static func open(_ url: URL, mediaDirectory: URL?, limits: Limits) throws(PersistenceError)
    -> Opened
  {
    switch url.pathExtension.lowercased() {
    case "otioz":
      let archive = try zip(at: url)
      let content = try contents(of: contentName, in: archive, at: url, limits: limits)
      guard let mediaDirectory else {
        // Nothing is extracted where nobody asked: no folder is left in the temporary
        // directory, and the report says how to get the media.
        return Opened(
          content: Data(content), directory: url.deletingLastPathComponent(),
          mediaLeftInBundle: archive.entries.contains { isMedia($0.name) })
      }
      try extractMedia(of: archive, bundle: url, to: mediaDirectory, limits: limits)
      return Opened(content: Data(content), directory: mediaDirectory, mediaLeftInBundle: false)
    case "otiod":
      return Opened(
        content: try read(url.appendingPathComponent(contentName), limits: limits),
        directory: url, mediaLeftInBundle: false)
    default:
      return Opened(
        content: try read(url, limits: limits), directory: url.deletingLastPathComponent(),
        mediaLeftInBundle: false)
    }
  }

  /// The timeline's bytes, extracting nothing.
  static func content(of url: URL, limits: Limits) throws(PersistenceError) -> Data {
    switch url.pathExtension.lowercased() {
    case "otioz":
      return Data(try contents(of: contentName, in: try zip(at: url), at: url, limits: limits))
    case "otiod": return try read(url.appendingPathComponent(contentName), limits: limits)
    default: return try read(url, limits: limits)
    }
  }

  private static func isMedia(_ name: String) -> Bool {
    name.hasPrefix("media/") && !name.hasSuffix("/")
  }

  /// A timeline file, refused from the size of what is opened when it is over the limit.
  private static func read(_ url: URL, limits: Limits) throws(PersistenceError) -> Data {
    do {
      return try DocumentFile.read(url, maximumBytes: limits.timelineBytes)
    } catch {
      throw PersistenceError.wrapping(error)
    }
  }

  private static func zip(at url: URL) throws(PersistenceError) -> ZipArchive {
    do {
      return try ZipArchive(path: url.path)
    } catch {
      throw bundleError(error, url)
    }
  }

  private static func contents(
    of name: String, in archive: ZipArchive, at url: URL, limits: Limits
  ) throws(PersistenceError) -> [UInt8] {
    guard let entry = archive.entry(name) else {
      throw .invalid(
        "The bundle \(url.lastPathComponent) holds no \(name); an .otioz is a zip with the "
          + "timeline in \(name)", at: .root)
    }
    do {
      return try archive.contents(
        of: entry, limit: limits.timelineBytes, limitName: "the document limit")
    } catch {
      throw bundleError(error, url)
    }
  }

  /// Writes every entry under `media/` to `directory`, refusing names that leave it, each
  /// file through a temporary name; on any failure every file written is removed again (and
  /// the directory, when this call made it).
  private static func extractMedia(
    of archive: ZipArchive, bundle: URL, to directory: URL, limits: Limits
  ) throws(PersistenceError) {
    let root = directory.standardizedFileURL
    let madeRoot = !FileManager.default.fileExists(atPath: root.path)
    var written: [URL] = []
    var remaining = limits.mediaBytes
    do {
      for entry in archive.entries where isMedia(entry.name) {
        let parts = entry.name.split(separator: "/")
        guard !parts.contains(".."), !parts.contains("."), !entry.name.contains("\\") else {
          throw PersistenceError.invalid(
            "The bundle \(bundle.lastPathComponent) names a file outside its media folder "
              + "('\(entry.name)'); it is not extracted", at: .root)
        }
        let target = root.appendingPathComponent(entry.name)
        try FileManager.default.createDirectory(
          at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        let temporary = target.deletingLastPathComponent().appendingPathComponent(
          ".kadr-extract-\(UUID().uuidString)")
        written.append(temporary)
        remaining -= try extract(
          entry, of: archive, to: temporary, limit: remaining, bundle: bundle)
        try? FileManager.default.removeItem(at: target)
        try FileManager.default.moveItem(at: temporary, to: target)
        written[written.count - 1] = target
      }
    } catch {
      for file in written { try? FileManager.default.removeItem(at: file) }
      if madeRoot { try? FileManager.default.removeItem(at: root) }
      if let error = error as? PersistenceError { throw error }
      throw PersistenceError(.fileSystem(path: root.path, underlying: error))
    }
  }

  /// Writes one entry to `file`; returns its size.
  private static func extract(
    _ entry: ZipArchive.Entry, of archive: ZipArchive, to file: URL, limit: Int, bundle: URL
  ) throws -> Int {
    guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
      throw PersistenceError(
        .fileSystem(path: file.path, underlying: CocoaError(.fileWriteUnknown)))
    }
    let handle = try FileHandle(forWritingTo: file)
    defer { try? handle.close() }
    var size = 0
    do {
      try archive.stream(
        entry, limit: limit,
        limitName: "the bundle's media limit, OTIOImporter.maximumBundleMediaBytes"
      ) { chunk in
        try handle.write(contentsOf: Data(chunk))
        size += chunk.count
      }
    } catch let failure as ZipArchive.Failure {
      throw bundleError(failure, bundle)
    }
    return size
  }

  private static func bundleError(_ error: any Error, _ url: URL) -> PersistenceError {
    guard let failure = error as? ZipArchive.Failure else { return .wrapping(error) }
    return .invalid(
      "The bundle \(url.lastPathComponent) cannot be read: \(failure.reason). Re-export it with "
        + "OpenTimelineIO's otioz adapter, or unzip it and import its content.otio", at: .root)
  }
}
