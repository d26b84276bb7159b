import Foundation
import KadrArchive
import KadrFileSystem
import KadrModel
import KadrPersistence

/// Writes an OpenTimelineIO bundle as OpenTimelineIO's own bundle adapters do: `content.otio`
/// (the timeline, its file references made relative: `media/<name>`), `version.txt` (`1.0.0`)
/// and a flat `media/` folder with every file the timeline references — an `.otiod` directory,
/// or the same zipped as an `.otioz` (the timeline and the version deflated, media stored).
struct OTIOBundleWriter {
  /// The version OpenTimelineIO's bundle adapters write.
  static let version = "1.0.0"
  static let versionName = "version.txt"
  static let mediaFolder = "media"
  /// The most media an `.otioz` holds, since it is built in memory; past it, write an `.otiod`.
  static let maximumZippedMediaBytes = 1 << 30

  /// The media the timeline references: each local file once, under a name unique in the flat
  /// folder (`a.mov`, `a-2.mov` for a second file of that name, or of `A.mov`).
  private(set) var media: [(source: URL, name: String)] = []
  /// The names in `media`, compared as a case-insensitive, normalising file system does.
  private var mediaNames = DistinctFileNames()
  private(set) var losses: [Loss] = []
  let allowingLoss: Bool

  init(allowingLoss: Bool) { self.allowingLoss = allowingLoss }

  /// `timeline` with every file reference pointing into the bundle (a file that does not exist
  /// becomes a missing reference, as loss), collecting the files in ``media``.
  mutating func relinking(_ timeline: JSONValue) throws(PersistenceError) -> JSONValue {
    switch timeline {
    case .array(let values):
      var result: [JSONValue] = []
      for value in values { result.append(try relinking(value)) }
      return .array(result)
    case .object(let object):
      var result = JSONObject()
      for (key, value) in object { result[key] = try relinking(value) }
      guard result[OTIOKey.schema]?.stringValue == OTIOSchema.externalReference,
        let text = result[OTIOKey.targetURL]?.stringValue, let url = URL(string: text),
        url.isFileURL
      else { return .object(result) }
      if let refusal = Self.refusal(of: url) { throw refusal }
      guard FileManager.default.isReadableFile(atPath: url.path) else {
        let loss = Loss(
          kind: .other("its media file \(url.lastPathComponent), which is not there to bundle"),
          location: "media \(url.lastPathComponent)",
          placeForUser: "the media “\(url.lastPathComponent)”")
        guard allowingLoss else { throw PersistenceError.lossyContent([loss]) }
        losses.append(loss)
        var missing = OTIOObjects.missingReference().objectValue ?? JSONObject()
        missing[OTIOKey.name] = result[OTIOKey.name]
        missing[OTIOKey.availableRange] = result[OTIOKey.availableRange]
        return .object(missing)
      }
      result[OTIOKey.targetURL] = .string(Self.mediaFolder + "/" + name(for: url))
      return .object(result)
    default:
      return timeline
    }
  }

  /// Why the file at `url` must not go into a bundle, or `nil`: it must be a regular file (a
  /// device or FIFO would never end), and one the user running the export may read by its
  /// permissions (its owner's, group's or everyone's read bit, as that user), not only by
  /// privilege: running as root does not put another user's private file in a bundle that is
  /// sent on. A file that is not there is a missing reference (loss), not this.
  static func refusal(of url: URL) -> PersistenceError? {
    var status = stat()
    guard stat(url.path, &status) == 0 else { return nil }
    let mode = status.st_mode
    guard mode & S_IFMT == S_IFREG else {
      return PersistenceError(
        .invalidValue(
          "The media file \(url.path) is not a regular file (a device, a FIFO or a folder); "
            + "it is not put in the bundle"))
    }
    let readable: Bool
    if status.st_uid == getuid() {
      readable = mode & S_IRUSR != 0
    } else if status.st_gid == getgid() || Self.supplementaryGroups().contains(status.st_gid) {
      readable = mode & S_IRGRP != 0
    } else {
      readable = mode & S_IROTH != 0
    }
    guard readable else {
      return PersistenceError(
        .invalidValue(
          "The media file \(url.path) is not readable by this user (its permissions do not "
            + "allow it), so it is not put in the bundle; make it readable, or leave the clip "
            + "out"))
    }
    return nil
  }

  private static func supplementaryGroups() -> [gid_t] {
    let count = getgroups(0, nil)
    guard count > 0 else { return [] }
    var groups = [gid_t](repeating: 0, count: Int(count))
    let filled = getgroups(count, &groups)
    return filled > 0 ? Array(groups.prefix(Int(filled))) : []
  }

  /// What each media file is in the bundle, with its size.
  var bundled: [OTIOBundleReport.Media] {
    media.map { file in
      let size =
        (try? FileManager.default.attributesOfItem(atPath: file.source.path)[.size] as? Int)
      return OTIOBundleReport.Media(source: file.source, name: file.name, bytes: size ?? 0)
    }
  }

  /// The name of `url` in the media folder, the same each time it is asked for.
  private mutating func name(for url: URL) -> String {
    let source = url.standardizedFileURL
    if let known = media.first(where: { $0.source == source }) { return known.name }
    let base = source.deletingPathExtension().lastPathComponent
    let suffix = source.pathExtension.isEmpty ? "" : "." + source.pathExtension
    // Distinct after case folding and normalisation, so no two share a file on APFS.
    let name = mediaNames.claim(stem: base, suffix: suffix)
    media.append((source, name))
    return name
  }

  /// Writes an `.otiod` directory at `url`, which must not exist yet, whole or not at all
  /// (``NewDirectory``): the media are copied in pieces and flushed before the rename.
  func writeDirectory(content: Data, to url: URL) throws(PersistenceError) {
    do {
      try NewDirectory.create(at: url) { directory in
        try directory.makeFolder(Self.mediaFolder)
        try directory.write(content, to: OTIOBundleReader.contentName)
        try directory.write(Data(Self.version.utf8), to: Self.versionName)
        for file in media {
          try directory.copy(file.source, to: Self.mediaFolder + "/" + file.name)
        }
      }
    } catch {
      throw PersistenceError(.fileSystem(path: url.path, underlying: error))
    }
  }

  /// The bytes of an `.otioz` holding `content` and the media.
  func zipped(content: Data) throws(PersistenceError) -> Data {
    var total = 0
    var writer = ZipWriter()
    do {
      try writer.add(Self.versionName, Array(Self.version.utf8), deflated: true)
      try writer.add(OTIOBundleReader.contentName, Array(content), deflated: true)
    } catch {
      throw PersistenceError.wrapping(error)
    }
    for file in media {
      let bytes: Data
      do {
        bytes = try Data(contentsOf: file.source)
      } catch {
        throw PersistenceError(.fileSystem(path: file.source.path, underlying: error))
      }
      total += bytes.count
      guard total <= Self.maximumZippedMediaBytes else {
        throw PersistenceError(
          .limitExceeded(
            "The media come to more than \(Self.maximumZippedMediaBytes >> 20) MiB, more than an "
              + ".otioz is built from; write an .otiod directory instead"))
      }
      do {
        try writer.add(Self.mediaFolder + "/" + file.name, Array(bytes), deflated: false)
      } catch {
        throw PersistenceError.wrapping(error)
      }
    }
    return writer.data()
  }
}

extension OTIOExporter {
  /// Writes `video` as an OpenTimelineIO bundle, with the media it references, as
  /// OpenTimelineIO's bundle adapters do: an `.otioz` zip file or an `.otiod` directory, by
  /// `url`'s extension.
  ///
  /// The bundle holds `content.otio` (the timeline, each file reference made relative to the
  /// bundle: `media/<name>`), `version.txt` and a flat `media/` folder with every local file the
  /// timeline references — video and audio files, and the images of a `FileImageStore` (images in
  /// other stores stay generators carrying their tokens). Two files of one name get distinct
  /// names. A referenced file that is not there is refused, or with ``allowingLoss`` left out as
  /// a missing reference and reported. An `.otioz` is written atomically and holds at most 1 GiB
  /// of media; an `.otiod` is built beside its destination and renamed into place, and never
  /// replaces an existing one.
  ///
  /// - Parameters:
  ///   - video: The composition.
  ///   - url: The `.otioz` or `.otiod` to write.
  ///   - images: Where images are saved.
  /// A media file that is not a regular file, or that the user running the export may not read
  /// by its permissions (another user's private file, even when running as root), is refused.
  ///
  /// - Returns: Every file bundled, with its size, and what was left out (only when loss is
  ///   allowed).
  /// - Throws: `PersistenceError`: as ``export(_:images:)``, a media file that is not there
  ///   (`PersistenceError/lossyContent(_:)`), one that is refused (`invalidValue`, naming it), or
  ///   a file-system failure naming the file.
  @discardableResult
  public func writeBundle(_ video: Video, to url: URL, images: (any ImageStore)? = nil)
    throws -> OTIOBundleReport
  {
    let kind = url.pathExtension.lowercased()
    guard kind == "otioz" || kind == "otiod" else {
      throw PersistenceError(
        .invalidValue(
          "A bundle is an .otioz file or an .otiod directory, not '\(url.lastPathComponent)'"))
    }
    let exported = try timeline(for: video, images: images)
    var writer = OTIOBundleWriter(allowingLoss: allowingLoss)
    let content = try PrettyJSON.data(try writer.relinking(exported.json))
    if kind == "otioz" {
      try AtomicFile.save(try writer.zipped(content: content), to: url)
    } else {
      try writer.writeDirectory(content: content, to: url)
    }
    return OTIOBundleReport(
      media: writer.bundled, losses: exported.lossReport.losses + writer.losses,
      preserved: exported.lossReport.preserved)
  }
}
