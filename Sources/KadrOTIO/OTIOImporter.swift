import Foundation
import KadrModel
import KadrPersistence

/// Reads an OpenTimelineIO timeline (`.otio`) into a composition, listing every feature that
/// has no kadr equivalent.
///
/// ```swift
/// let imported = try OTIOImporter().importTimeline(from: data)
/// print(imported.report)  // what was left out, with JSON pointers into the file
/// let coder = KadrCoder(registry: OTIOPlaceholderModule.standardRegistry)  // for placeholders
/// let document = try coder.data(for: imported.video, images: imported.imageStore)
/// ```
///
/// Gaps and clips whose media kadr cannot play are ``OTIOPlaceholder`` clips, which only a
/// registry with ``OTIOPlaceholderModule`` saves and opens: the importer's own, as here, or the
/// `KadrCoding` facade's once the app calls `CodecRegistry.bootstrap(try
/// OTIOPlaceholderModule.registry())` at startup.
///
/// Files this package exported import back to an equal composition. Foreign files map as
/// follows: the first video track is the main chain; each further video track is a `Track`
/// starting at its leading gap (an unnamed one holding one clip is that clip placed with
/// `at(time:)`); a nested stack holding one track is a nested track; each clip of an audio track
/// is an `AudioTrack` starting where it sits. A clip referencing a file is a `VideoClip`
/// trimmed to its `source_range`; `SMPTE_Dissolve` is a dissolve lasting `in_offset +
/// out_offset`, whose neighbours gain the handles it reveals; a `LinearTimeWarp` is the clip's
/// speed (negative: reversed). Everything else — gaps that do not lead a secondary track,
/// missing or generated media, unknown effects and schemas, markers without kadr metadata,
/// inexact times — is left out or adapted and listed in ``OTIOImport/report``.
///
/// The OpenTimelineIO fields are read first (order of items, source ranges, target URLs,
/// transition offsets, time scalars, gaps, names), so that an edit made in another tool is
/// honoured; `metadata["kadr"]` supplies only what OpenTimelineIO has no field for, and a value
/// both hold is taken from the metadata only when it is exactly what the exporter would have
/// written for the file's value (which keeps each time's exact timescale).
public struct OTIOImporter: Sendable {
  /// The codecs that read each value's metadata; the standard registry with
  /// ``OTIOPlaceholderModule`` by default.
  public var registry: CodecRegistry
  /// Unknown kinds and limits, as for documents.
  public var options: CodingOptions
  /// Which timeline of a `SerializableCollection` to import; the first by default.
  public var timeline: OTIOTimelineSelection
  /// The directory relative `target_url`s resolve against, instead of the `.otio` file's own
  /// (`kadr-doc import-otio --media-root`).
  public var mediaRoot: URL?
  /// Where the media of an `.otioz` bundle are extracted to. `nil` (the default) extracts
  /// nothing: the timeline's media references then point beside the bundle, and the report
  /// says so (`kadr-doc import-otio -o OUT` extracts to `OUT.media`).
  public var bundleMediaDirectory: URL?
  /// The most bytes of media one `.otioz` bundle may extract, counted as they are inflated
  /// (never from the sizes the archive declares); ``defaultMaximumBundleMediaBytes`` (16 GiB)
  /// unless set. A bundle past it is refused, naming this limit, and leaves no media behind.
  public var maximumBundleMediaBytes = OTIOImporter.defaultMaximumBundleMediaBytes

  /// The media a bundle may extract unless ``maximumBundleMediaBytes`` says otherwise.
  public static let defaultMaximumBundleMediaBytes = 16 << 30
  /// The most clips (video, image, generated and audio, at any depth) a timeline may hold;
  /// ``defaultMaximumClipCount`` (100,000) unless set. A file past it is refused with
  /// `limitExceeded` at the first clip too many, and its JSON may hold at most
  /// ``valuesPerClip`` values per allowed clip (plus 100,000), so that refusing a huge file
  /// costs bounded time and memory.
  public var maximumClipCount = OTIOImporter.defaultMaximumClipCount

  /// The clips a timeline may hold unless ``maximumClipCount`` says otherwise.
  public static let defaultMaximumClipCount = 100_000
  /// The JSON values an `.otio` file may hold per allowed clip: a clip, its ranges, media
  /// reference, effects, markers and kadr metadata take a few dozen.
  public static let valuesPerClip = 256

  /// Creates an importer.
  ///
  /// - Parameters:
  ///   - registry: The codecs; the standard registry with ``OTIOPlaceholderModule`` by default.
  ///   - options: Unknown content and limits.
  ///   - timeline: Which timeline of a collection to import; the first by default.
  ///   - mediaRoot: Where relative target URLs resolve; the file's directory by default.
  public init(
    registry: CodecRegistry = OTIOPlaceholderModule.standardRegistry,
    options: CodingOptions = CodingOptions(), timeline: OTIOTimelineSelection = .index(0),
    mediaRoot: URL? = nil
  ) {
    self.registry = registry
    self.options = options
    self.timeline = timeline
    self.mediaRoot = mediaRoot
  }

  /// Imports the timeline in an OpenTimelineIO file's bytes.
  ///
  /// - Parameters:
  ///   - data: The file: UTF-8 JSON holding a `Timeline.1` or a `SerializableCollection.1`
  ///     (`Inf` and `NaN` are read as OpenTimelineIO reads them).
  ///   - images: Where image tokens are resolved; without a store, tokens are carried through as
  ///     placeholders that save back unchanged (see ``OTIOImport/imageStore``).
  ///   - directory: The directory relative target URLs resolve against (the file's), unless
  ///     ``mediaRoot`` is set; without either, relative paths are offline placeholders.
  /// - Returns: The composition, the report of what has no kadr equivalent, and the image store.
  /// - Throws: `PersistenceError`: malformed JSON (with line and column) or a value that cannot
  ///   be read, with its JSON pointer in the file and a suggestion.
  public func importTimeline(
    from data: Data, images: (any ImageStore)? = nil, relativeTo directory: URL? = nil
  ) throws -> OTIOImport {
    let (json, nonFinite) = try readJSON(data)
    return try importTimeline(
      from: json, images: images, relativeTo: directory, nonFinite: nonFinite)
  }

  /// Imports a timeline already read as JSON.
  ///
  /// - Parameters:
  ///   - json: The `Timeline.1` (or `SerializableCollection.1`) object.
  ///   - images: Where image tokens are resolved.
  ///   - directory: The directory relative target URLs resolve against.
  /// - Throws: `PersistenceError` with the JSON pointer of the offending value.
  public func importTimeline(
    from json: JSONValue, images: (any ImageStore)? = nil, relativeTo directory: URL? = nil
  ) throws -> OTIOImport {
    try importTimeline(from: json, images: images, relativeTo: directory, nonFinite: nil)
  }

  /// The timelines of a file: one for a `Timeline.1`, each of a collection's (depth first).
  ///
  /// - Parameter data: The file's bytes.
  /// - Returns: Each timeline's name and pointer in the file.
  /// - Throws: `PersistenceError` for malformed JSON or a file that holds no timeline.
  public func timelines(in data: Data) throws -> [OTIOTimelineEntry] {
    try OTIOCollection.timelines(in: try readJSON(data).json)
  }

  /// Imports the timeline of an OpenTimelineIO file: an `.otio` file, an `.otiod` directory or
  /// an `.otioz` bundle (whose media are extracted to ``bundleMediaDirectory``).
  ///
  /// - Parameters:
  ///   - url: The file or bundle.
  ///   - images: Where image tokens are resolved.
  /// - Throws: `PersistenceError`, also `PersistenceError/Reason/fileSystem(path:underlying:)`
  ///   when the file cannot be read, and `PersistenceError/Reason/invalidValue(_:)` for a
  ///   bundle that is not a zip this reader handles.
  public func read(from url: URL, images: (any ImageStore)? = nil) throws
    -> OTIOImport
  {
    let bundle = try OTIOBundleReader.open(
      url, mediaDirectory: bundleMediaDirectory, limits: bundleLimits)
    let imported = try importTimeline(
      from: bundle.content, images: images, relativeTo: bundle.directory)
    guard bundle.mediaLeftInBundle else { return imported }
    let note = OTIOImportReport.Item(
      kind: .mediaPath, pointer: "",
      detail: "The bundle's media were not extracted (no media directory was given), so its "
        + "clips refer to media/… beside \(url.lastPathComponent); set bundleMediaDirectory "
        + "(kadr-doc import-otio -o OUT extracts them to OUT.media).")
    return OTIOImport(
      video: imported.video, report: OTIOImportReport(items: [note] + imported.report.items),
      imageStore: imported.imageStore, unresolvedTokens: imported.unresolvedTokens)
  }

  /// The timelines of an OpenTimelineIO file or bundle (see ``timelines(in:)``).
  ///
  /// - Parameter url: The file or bundle.
  /// - Throws: `PersistenceError`, as ``read(from:images:)``.
  public func timelines(at url: URL) throws -> [OTIOTimelineEntry] {
    try timelines(in: try OTIOBundleReader.content(of: url, limits: bundleLimits))
  }

  /// What bounds reading a file or bundle.
  private var bundleLimits: OTIOBundleReader.Limits {
    OTIOBundleReader.Limits(
      timelineBytes: options.limits.maximumDocumentBytes, mediaBytes: maximumBundleMediaBytes)
  }

  private func readJSON(_ data: Data) throws -> (json: JSONValue, nonFinite: (Int, Int?)?) {
    let replaced = NonFiniteNumbers.replacing(in: data)
    // At most `valuesPerClip` JSON values per allowed clip (plus a margin for the rest), so a
    // file past the clip limit is refused while it is read, in bounded time and memory.
    var bounded = options
    let perClip = max(0, maximumClipCount).multipliedReportingOverflow(by: Self.valuesPerClip)
    let allowed =
      perClip.overflow || perClip.partialValue > .max - 100_000
      ? Int.max : perClip.partialValue + 100_000
    bounded.limits.maximumValueCount = min(options.limits.maximumValueCount, allowed)
    let json = try JSONValue(
      documentJSON: replaced.data, limits: bounded.limits,
      rewrittenFrom: replaced.addedBytes.isEmpty ? nil : data,
      originalOffset: replaced.originalOffset(of:))
    return (json, replaced.count > 0 ? (replaced.count, replaced.firstLine) : nil)
  }

  private func importTimeline(
    from json: JSONValue, images: (any ImageStore)?, relativeTo directory: URL?,
    nonFinite: (Int, Int?)?
  ) throws -> OTIOImport {
    let unresolved = UnresolvedImageStore()
    var reader = reader(images: images ?? unresolved, relativeTo: directory, nonFinite: nonFinite)
    let root = try OTIOCollection.select(timeline, in: json, report: &reader.report)
    let video = try reader.video(from: try OTIONode(root.json, at: root.pointer))
    return OTIOImport(
      video: video, report: reader.report.report, imageStore: images ?? unresolved,
      unresolvedTokens: images == nil ? unresolved.unresolvedTokens : [])
  }

  /// A reader for one timeline, with the note on non-finite numbers the file held.
  private func reader(
    images: any ImageStore, relativeTo directory: URL?, nonFinite: (Int, Int?)?
  ) -> TimelineReader {
    var reader = TimelineReader(
      registry: registry, options: options, images: images, mediaBase: mediaRoot ?? directory)
    reader.maximumClipCount = maximumClipCount
    if let (count, line) = nonFinite {
      reader.report.add(
        .nonFiniteNumber, at: .root,
        "\(count) non-finite number\(count == 1 ? "" : "s") (Inf, NaN; the first on line "
          + "\(line ?? 1)), which OpenTimelineIO writes for metadata, read as null.")
    }
    return reader
  }
}

extension OTIOImporter {
  /// Imports every timeline of a file's bytes, reading and parsing them once
  /// (`kadr-doc import-otio --all`); ``timeline`` is not used, and no report lists the other
  /// timelines.
  ///
  /// - Parameters:
  ///   - data: The file's bytes (a bundle's `content.otio`).
  ///   - images: Where image tokens are resolved; without a store, each timeline gets a store
  ///     of placeholders of its own.
  ///   - directory: The directory relative target URLs resolve against (for a bundle, where its
  ///     media are or will be extracted).
  /// - Returns: Each timeline's entry and import, in the file's order.
  /// - Throws: `PersistenceError`, as ``importTimeline(from:images:relativeTo:)-(Data,_,_)``.
  package func importEveryTimeline(
    from data: Data, images: (any ImageStore)?, relativeTo directory: URL?
  ) throws -> [(entry: OTIOTimelineEntry, imported: OTIOImport)] {
    let (json, nonFinite) = try readJSON(data)
    return try OTIOCollection.everyTimeline(in: json).map { found in
      let unresolved = UnresolvedImageStore()
      var reader = reader(
        images: images ?? unresolved, relativeTo: directory, nonFinite: nonFinite)
      let video = try reader.video(from: try OTIONode(found.json, at: found.pointer))
      let imported = OTIOImport(
        video: video, report: reader.report.report, imageStore: images ?? unresolved,
        unresolvedTokens: images == nil ? unresolved.unresolvedTokens : [])
      return (found.entry, imported)
    }
  }

  /// The timeline of a file, bundle or directory, without extracting anything, and the
  /// directory its relative target URLs resolve against once a bundle's media are extracted
  /// to `mediaDirectory`.
  ///
  /// - Parameters:
  ///   - url: The `.otio` file, `.otiod` directory or `.otioz` bundle.
  ///   - mediaDirectory: Where a bundle's media will be extracted.
  /// - Throws: `PersistenceError`, as ``read(from:images:)``.
  package func content(of url: URL, mediaDirectory: URL) throws -> (
    content: Data, directory: URL
  ) {
    let content = try OTIOBundleReader.content(of: url, limits: bundleLimits)
    switch url.pathExtension.lowercased() {
    case "otioz": return (content, mediaDirectory)
    case "otiod": return (content, url)
    default: return (content, url.deletingLastPathComponent())
    }
  }

  /// Extracts a bundle's media to `directory`, once for all its timelines; does nothing for a
  /// file or directory that is not an `.otioz` bundle. On failure nothing extracted is left.
  ///
  /// - Parameters:
  ///   - url: The file or bundle.
  ///   - directory: Where the media go.
  /// - Throws: `PersistenceError`, as ``read(from:images:)``.
  package func extractBundleMedia(of url: URL, to directory: URL) throws {
    guard url.pathExtension.lowercased() == "otioz" else { return }
    _ = try OTIOBundleReader.open(url, mediaDirectory: directory, limits: bundleLimits)
  }
}

/// An imported timeline: the composition, what had no kadr equivalent, and the image store to
/// save it with.
public struct OTIOImport: Sendable {
  /// The composition.
  public let video: Video
  /// Every OpenTimelineIO feature that has no kadr equivalent, with its place in the file.
  public let report: OTIOImportReport
  /// The store to save the composition with: the one given, or the store of placeholders for
  /// tokens imported without one (which saves them back under the same tokens).
  public let imageStore: any ImageStore
  /// Tokens that were carried through as placeholders because no store was given.
  public let unresolvedTokens: [String]

  /// Creates an import result.
  ///
  /// - Parameters:
  ///   - video: The composition.
  ///   - report: What had no kadr equivalent.
  ///   - imageStore: The store to save the composition with.
  ///   - unresolvedTokens: Tokens carried through as placeholders.
  public init(
    video: Video, report: OTIOImportReport, imageStore: any ImageStore,
    unresolvedTokens: [String] = []
  ) {
    self.video = video
    self.report = report
    self.imageStore = imageStore
    self.unresolvedTokens = unresolvedTokens
  }
}
