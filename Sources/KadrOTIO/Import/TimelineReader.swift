import Foundation
import KadrModel
import KadrPersistence

/// Builds a composition from an OpenTimelineIO timeline (see ``OTIOImporter`` for the mapping).
///
/// Every OpenTimelineIO field that has a kadr meaning is read first; the kadr metadata supplies
/// what OpenTimelineIO has no field for, and a metadata value that OpenTimelineIO also holds is
/// used only when it projects to exactly what the file holds (so that an edit made in another
/// tool wins, and an unedited file restores each value with its exact timescale).
struct TimelineReader {
  let registry: CodecRegistry
  let options: CodingOptions
  let images: any ImageStore
  var payloadVersions: [KindID: Int] = [:]
  var report = ReportBuilder()
  /// The directory relative target URLs resolve against: the media root, else the file's.
  var mediaBase: URL?
  /// The target URLs read as paths, by rule.
  var paths = MediaPathNotes()
  /// Tracks of nested stacks beyond the first video track, raised to top-level tracks at the
  /// stack's time, and the audio tracks of nested stacks with their start.
  var hoisted: [Piece] = []
  var hoistedAudio: [(node: OTIONode, offset: Time)] = []
  /// How many nested stacks or tracks enclose the item being read.
  var nesting = 0
  /// The clips read so far, and the most allowed (``OTIOImporter/maximumClipCount``).
  var clipCount = 0
  var maximumClipCount = OTIOImporter.defaultMaximumClipCount

  /// The deepest nesting of stacks and tracks read, so that a tree built in memory (which no
  /// reader's depth limit has checked) cannot exhaust the stack.
  static let maximumNesting = 128

  /// A top-level piece of the composition and its index among the top-level clips, when the
  /// file records one.
  struct Piece {
    var clip: any Clip
    var index: Int?
  }

  init(registry: CodecRegistry, options: CodingOptions, images: any ImageStore, mediaBase: URL?) {
    self.registry = registry
    self.options = options
    self.images = images
    self.mediaBase = mediaBase
  }

  /// The composition of the `Timeline.1` object `root`.
  ///
  /// - Throws: `PersistenceError` with the pointer of the offending value in the file.
  mutating func video(from root: OTIONode) throws(PersistenceError) -> Video {
    let schema = try root.schema()
    guard OTIOSchema.parse(schema)?.family == "Timeline" else {
      throw .invalid(
        "The file holds a \(schema), not a \(OTIOSchema.timeline); kadr imports one timeline "
          + "(export a single timeline from the collection)", at: root.pointer(OTIOKey.schema))
    }
    var root = root
    var kadr = try root.kadr()
    if let format = try integer(KadrMetadataKey.format, in: kadr),
      format != Int(KadrMetadata.formatVersion), let metadata = kadr
    {
      guard format == LegacyMapping.formatVersion else {
        throw .invalid(
          "The timeline's kadr metadata is of mapping format \(format), "
            + (format > Int(KadrMetadata.formatVersion)
              ? "written by a newer kadr; open it with that version"
              : "which no kadr writes; remove metadata[\"kadr\"] to import it as another tool's "
                + "timeline")
            + " (this version reads formats \(LegacyMapping.formatVersion) and "
            + "\(KadrMetadata.formatVersion))",
          at: metadata.pointer(KadrMetadataKey.format))
      }
      // An older kadr's timeline: brought to this format first, as a document is migrated.
      let legacy = try LegacyMapping(registry: registry)
      root = try OTIONode(legacy.upgraded(.object(root.object)), at: root.pointer)
      kadr = try root.kadr()
    }
    if let versions = try kadr?.node(KadrMetadataKey.payloadVersions) {
      for (key, value) in versions.object {
        guard case .integer(let version) = value, let exact = Int(exactly: version) else {
          throw PersistenceError(
            .wrongType(expected: "an integer", found: value.typeName),
            at: versions.pointer(key))
        }
        payloadVersions[KindID(key)] = exact
      }
    }
    let fields = try compositionFields(kadr)
    if try root.rationalTime(OTIOKey.globalStartTime) != nil {
      report.add(
        .unmappedField, at: root.pointer(OTIOKey.globalStartTime),
        "The timeline's global start time (a timecode offset) has no kadr equivalent; left out.")
    }
    try reportForeignMetadata(of: root)
    try reportName(of: root, unless: [TimelineWriter.timelineName], what: "timeline")
    guard let stack = try root.node(OTIOKey.tracks) else {
      throw PersistenceError(.missingField(OTIOKey.tracks), at: root.pointer)
    }
    guard try stack.family() == "Stack" else {
      throw .invalid(
        "The timeline's tracks must be a \(OTIOSchema.stack), not a \(try stack.schema())",
        at: stack.pointer(OTIOKey.schema))
    }
    try reportCompositionExtras(
      of: stack, what: "the timeline's stack", includingMarkers: false)
    var main: [Piece]?
    var layers: [Piece] = []
    var audioNodes: [OTIONode] = []
    for child in try stack.nodes(OTIOKey.children) {
      let family = try child.family()
      guard family == "Track" else {
        if family == "Stack" {
          report.add(
            .unmappedStack, at: child.pointer,
            "A stack directly in the timeline's stack has no kadr equivalent (kadr layers are "
              + "tracks); left out.")
        } else {
          report.add(
            .unknownSchema, at: child.pointer,
            "A \(try child.schema()) in the timeline's stack is not a track; left out.")
        }
        continue
      }
      guard try isEnabled(child, what: "track") else { continue }
      let kind = try child.string(OTIOKey.kind) ?? OTIOValue.videoKind
      if kind == OTIOValue.audioKind {
        audioNodes.append(child)
        continue
      }
      guard kind == OTIOValue.videoKind else {
        report.add(
          .unsupportedTrackKind, at: child.pointer(OTIOKey.kind),
          "A track of kind '\(kind)' has no kadr equivalent (kadr has video and audio); left out.")
        continue
      }
      let role = try child.kadr()?.string(KadrMetadataKey.layer).flatMap(KadrLayerRole.init)
      if main == nil, role == .main || role == nil {
        main = try mainChain(child)
      } else {
        layers += try secondaryLayer(child, role: role)
      }
    }
    let clips = Self.merge(main: main ?? [], layers: layers) + hoisted.map(\.clip)
    let compositionEnd = TimelineLayout(clips: clips).duration
    var audioTracks: [AudioTrack] = []
    for node in audioNodes {
      audioTracks += try self.audioTracks(node, compositionEnd: compositionEnd, offset: .zero)
    }
    while !hoistedAudio.isEmpty {
      let (node, offset) = hoistedAudio.removeFirst()
      audioTracks += try self.audioTracks(node, compositionEnd: compositionEnd, offset: offset)
    }
    paths.report(into: &report, base: mediaBase)
    let (captions, overlays) = try markers(of: stack, compositionEnd: compositionEnd)
    return fields.changing(
      clips: clips, audioTracks: audioTracks, overlays: overlays, captions: captions)
  }

  /// The composition's own fields from the timeline's metadata (with no clips, audio tracks,
  /// overlays or captions), or the defaults.
  private func compositionFields(_ kadr: OTIONode?) throws(PersistenceError) -> Video {
    guard let node = try kadr?.node(KadrMetadataKey.video) else { return Video(clips: []) }
    do {
      return try registry.decodeModel(
        Video.self, from: .object(node.object), options: options, images: images)
    } catch {
      throw PersistenceError.wrapping(error).relocated(under: node.pointer)
    }
  }

  /// The composition's top-level clips: the main chain's and the layers' pieces, in the order
  /// their recorded indices give when every piece has one and that order keeps the main chain's
  /// and the layers' own orders; else the main chain first, then the layers.
  static func merge(main: [Piece], layers: [Piece]) -> [any Clip] {
    let all = main + layers
    let indices = all.compactMap(\.index)
    guard indices.count == all.count, Set(indices).count == indices.count else {
      return all.map(\.clip)
    }
    let sorted = all.enumerated().sorted { $0.element.index ?? 0 < $1.element.index ?? 0 }
    let mainOrder = sorted.map(\.offset).filter { $0 < main.count }
    let layerOrder = sorted.map(\.offset).filter { $0 >= main.count }
    guard mainOrder == Array(0..<main.count), layerOrder == Array(main.count..<all.count) else {
      return all.map(\.clip)
    }
    return sorted.map(\.element.clip)
  }
}
