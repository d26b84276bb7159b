import Foundation
import KadrPersistenceCore

/// Opens what `OTIOImporter.read(from:images:)` is given: an `.otio` file, an `.otiod`
/// directory (`content.otio` beside a `media/` folder) or an `.otioz` zip bundle (the same,
/// zipped), as OpenTimelineIO's bundle adapters write them.
enum OTIOBundleReader {
  /// The timeline's bytes and the directory its relative target URLs resolve against.
  struct Opened {
    let content: Data
    let directory: URL
  }

  /// The name of a bundle's timeline.
  static let contentName = "content.otio"

  static func open(_ url: URL, mediaDirectory: URL?) throws(PersistenceError) -> Opened {
    switch url.pathExtension.lowercased() {
    case "otioz":
      let archive = try zip(at: url)
      let content = try contents(of: contentName, in: archive, at: url)
      let directory =
        mediaDirectory
        ?? FileManager.default.temporaryDirectory.appendingPathComponent(
          "kadr-otioz-\(UUID().uuidString)")
      try extractMedia(of: archive, bundle: url, to: directory)
      return Opened(content: Data(content), directory: directory)
    case "otiod":
      return Opened(
        content: try read(url.appendingPathComponent(contentName)), directory: url)
    default:
      return Opened(content: try read(url), directory: url.deletingLastPathComponent())
    }
  }

  /// The timeline's bytes, extracting nothing.
  static func content(of url: URL) throws(PersistenceError) -> Data {
    switch url.pathExtension.lowercased() {
    case "otioz":
      return Data(try contents(of: contentName, in: try zip(at: url), at: url))
    case "otiod": return try read(url.appendingPathComponent(contentName))
    default: return try read(url)
    }
  }

  private static func read(_ url: URL) throws(PersistenceError) -> Data {
    do {
      return try Data(contentsOf: url)
    } catch {
      throw PersistenceError(.fileSystem(path: url.path, underlying: error))
    }
  }

  private static func zip(at url: URL) throws(PersistenceError) -> ZipArchive {
    do {
      return try ZipArchive(try read(url))
    } catch let failure as ZipArchive.Failure {
      throw bundleError(failure, url)
    } catch {
      throw PersistenceError.wrapping(error)
    }
  }

  private static func contents(of name: String, in archive: ZipArchive, at url: URL)
    throws(PersistenceError) -> [UInt8]
  {
    guard let entry = archive.entry(name) else {
      throw .invalid(
        "The bundle \(url.lastPathComponent) holds no \(name); an .otioz is a zip with the "
          + "timeline in \(name)", at: .root)
    }
    do {
      return try archive.contents(of: entry)
    } catch {
      throw bundleError(error, url)
    }
  }

  /// Writes every entry under `media/` to `directory`, refusing names that leave it.
  private static func extractMedia(of archive: ZipArchive, bundle: URL, to directory: URL)
    throws(PersistenceError)
  {
    let root = directory.standardizedFileURL
    for entry in archive.entries where entry.name.hasPrefix("media/") && !entry.name.hasSuffix("/")
    {
      let parts = entry.name.split(separator: "/")
      guard !parts.contains(".."), !parts.contains("."), !entry.name.contains("\\") else {
        throw .invalid(
          "The bundle \(bundle.lastPathComponent) names a file outside its media folder "
            + "('\(entry.name)'); it is not extracted", at: .root)
      }
      let target = root.appendingPathComponent(entry.name)
      let bytes: [UInt8]
      do {
        bytes = try archive.contents(of: entry)
      } catch {
        throw bundleError(error, bundle)
      }
      do {
        try FileManager.default.createDirectory(
          at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: target, options: .atomic)
      } catch {
        throw PersistenceError(.fileSystem(path: target.path, underlying: error))
      }
    }
  }

  private static func bundleError(_ failure: ZipArchive.Failure, _ url: URL) -> PersistenceError {
    .invalid(
      "The bundle \(url.lastPathComponent) cannot be read: \(failure.reason). Re-export it with "
        + "OpenTimelineIO's otioz adapter, or unzip it and import its content.otio", at: .root)
  }
}
