import Foundation
import KadrModel
import KadrPersistence

/// Builds the OpenTimelineIO timeline of one composition (see ``OTIOExporter`` for the mapping).
///
/// Every kadr value goes through the registry's public value encoding, so the metadata holds
/// exactly the schema-1 JSON a document would; losses were checked before the writer runs.
struct TimelineWriter {
  let registry: CodecRegistry
  let images: (any ImageStore)?
  let video: Video
  let layout: TimelineLayout
  /// The span of every transition's layout entry, by index path.
  let transitionSpans: [[Int]: Time]
  /// Every layer of the layout, by index path.
  let layers: [[Int]: TimelineLayout.Layer]
  /// Every piece is encoded once, here: its losses and payload versions collect as it goes.
  let pieces: DocumentPieceEncoder

  /// The deepest nesting of tracks written: a top-level track is level 1.
  static let maximumTrackDepth = 64

  /// What is lossy is left out, as a document does, and collected (``losses``) for the
  /// exporter to refuse or report.
  static let options = CodingOptions(allowingLoss: true)

  /// The name of the timeline the exporter writes.
  static let timelineName = "kadr"

  /// Where a field of the composition sits in a schema-1 document.
  ///
  /// - Parameter field: A key of the composition (``FormatKeys``).
  static func compositionPointer(_ field: String) -> JSONPointer {
    JSONPointer.root.appending(key: DocumentEnvelope.rootKey).appending(key: field)
  }

  /// Where the composition's clips sit in a schema-1 document.
  static let clipsPointer = compositionPointer(FormatKeys.clips)

  init(registry: CodecRegistry, images: (any ImageStore)?, video: Video) {
    self.registry = registry
    self.images = images
    self.video = video
    pieces = DocumentPieceEncoder(registry: registry, options: Self.options, images: images)
    layout = video.layout
    var spans: [[Int]: Time] = [:]
    var layers: [[Int]: TimelineLayout.Layer] = [:]
    for layer in layout.allLayers {
      layers[layer.path] = layer
      for entry in layer.entries where entry.isTransition {
        spans[entry.path] = entry.end - entry.start
      }
    }
    transitionSpans = spans
    self.layers = layers
  }

  /// The `Timeline.1` object.
  ///
  /// - Throws: `PersistenceError` for a value that cannot be written, at its pointer in the
  ///   composition's schema-1 document.
  mutating func timeline() throws(PersistenceError) -> JSONValue {
    let clips = video.clips
    let main = clips.indices.filter { !(clips[$0] is Track) && clips[$0].startTime == nil }
    var tracks = [
      OTIOObjects.track(
        name: ItemNaming.mainTrack, kind: OTIOValue.videoKind,
        metadata: KadrMetadata.wrap([KadrMetadataKey.layer: .string(KadrLayerRole.main.rawValue)]),
        children: try chain(
          clips, indices: main, path: [], pointer: Self.clipsPointer, depth: 0, topLevel: true))
    ]
    for (index, clip) in clips.enumerated() {
      let pointer = Self.clipsPointer.appending(index: index)
      if let track = clip as? Track {
        tracks.append(try trackLayer(track, index: index, pointer: pointer))
      } else if clip.startTime != nil, let layer = try timedLayer(clip, index: index) {
        tracks.append(layer)
      }
    }
    for (index, track) in video.audioTracks.enumerated() {
      tracks.append(try audioLayer(track, index: index))
    }
    let stack = OTIOObjects.stack(
      name: "tracks", children: tracks, markers: try captionMarkers() + overlayMarkers())
    return OTIOObjects.timeline(
      name: Self.timelineName, metadata: try timelineMetadata(), tracks: stack)
  }

  /// The composition's own fields (its clips, audio tracks, overlays and captions, which the
  /// timeline's tracks and markers carry, emptied) and the mapping's version.
  private func timelineMetadata() throws(PersistenceError) -> JSONValue {
    let fields = video.changing(clips: [], audioTracks: [], overlays: [], captions: [])
    let composition = try encodeModel(
      fields, at: JSONPointer.root.appending(key: DocumentEnvelope.rootKey))
    var kadr: JSONObject = [
      KadrMetadataKey.format: .integer(KadrMetadata.formatVersion),
      KadrMetadataKey.video: .object(composition),
    ]
    if !pieces.payloadVersions.isEmpty {
      var versions = JSONObject()
      for (kind, version) in pieces.payloadVersions.sorted(by: { $0.key < $1.key }) {
        versions[kind.rawValue] = .integer(Int64(version))
      }
      kadr[KadrMetadataKey.payloadVersions] = .object(versions)
    }
    return KadrMetadata.wrap(kadr)
  }

  // MARK: Encoding through the registry

  /// What the pieces written lost, with the places and pointers a schema-1 document gives them.
  var losses: [Loss] { pieces.losses }
  /// What the pieces written wrote back without understanding it.
  var preserved: [PreservedContent] { pieces.preserved }

  /// The tagged JSON of `clip`, the element of a clip list at `pointer`, or `nil` when it was
  /// left out as loss.
  func encodeClip(_ clip: any Clip, at pointer: JSONPointer) throws(PersistenceError)
    -> TaggedPayload?
  {
    let (list, index) = try Self.element(pointer)
    let json: JSONValue?
    do {
      json = try pieces.encode(clip: clip, index: index, list: list)
    } catch {
      throw PersistenceError.wrapping(error)
    }
    guard let json else { return nil }
    guard let tagged = TaggedPayload(json) else {
      throw .invalid("The clip's JSON is not a tagged clip", at: pointer)
    }
    return tagged
  }

  /// The JSON of `overlay`, the element of the overlay list at `pointer`, or `nil` when it was
  /// left out as loss.
  func encodeOverlay(_ overlay: any Overlay, at pointer: JSONPointer) throws(PersistenceError)
    -> JSONValue?
  {
    let (list, index) = try Self.element(pointer)
    do {
      return try pieces.encode(overlay: overlay, index: index, list: list)
    } catch {
      throw PersistenceError.wrapping(error)
    }
  }

  /// The JSON object of a fixed model value (an audio track, a caption, the composition).
  func encodeModel<Model: Sendable>(_ model: Model, at pointer: JSONPointer)
    throws(PersistenceError) -> JSONObject
  {
    do {
      if let object = try pieces.encode(model: model, at: pointer)?.objectValue { return object }
    } catch {
      throw PersistenceError.wrapping(error)
    }
    throw .invalid("The value could not be written", at: pointer)
  }

  /// The JSON of a filter, or `nil` when it was left out as loss (a kind with no codec).
  func encodeFilter(_ filter: Filter, at pointer: JSONPointer) throws(PersistenceError)
    -> JSONValue?
  {
    do {
      return try pieces.encode(filter: filter, at: pointer)
    } catch {
      throw PersistenceError.wrapping(error)
    }
  }

  /// The JSON of a kadr value (a time, an animation) as a schema-1 document holds it, or `nil`
  /// when it was left out as loss (an animation with a custom timing curve).
  func encodeValue<Value: PersistableValue>(_ value: Value, at pointer: JSONPointer)
    throws(PersistenceError) -> JSONValue?
  {
    do {
      return try pieces.encode(value: value, at: pointer)
    } catch {
      throw PersistenceError.wrapping(error)
    }
  }

  /// Runs `body` with `clip`, the element of a clip list at `pointer`, as the place of what it
  /// encodes (a track's children, a video clip's filters), as a document nests them.
  mutating func inside<T>(
    _ clip: any Clip, at pointer: JSONPointer, _ body: (inout Self) throws(PersistenceError) -> T
  ) throws(PersistenceError) -> T {
    let (list, index) = try Self.element(pointer)
    do {
      return try pieces.inside(clip: clip, index: index, list: list) { try body(&self) }
    } catch {
      throw PersistenceError.wrapping(error)
    }
  }

  /// The list and index of the element at `pointer`.
  private static func element(_ pointer: JSONPointer) throws(PersistenceError) -> (
    list: JSONPointer, index: Int
  ) {
    guard case .index(let index)? = pointer.lastComponent else {
      throw .invalid("A clip or overlay is not an element of a list", at: pointer)
    }
    return (pointer.parent, index)
  }

  /// `range` in OpenTimelineIO, refusing invalid times.
  static func otioRange(_ range: TimeRange, at pointer: JSONPointer) throws(PersistenceError)
    -> OTIOTimeRange
  {
    guard range.start.isValid, range.duration.isValid else {
      throw .invalid(
        "The time range \(range) holds an invalid time, which OpenTimelineIO cannot hold; "
          + "give it a valid start and duration", at: pointer)
    }
    return OTIOTimeRange(range)
  }

  /// `result` or, on a timing failure, an error at `pointer`.
  static func timing<Value>(
    at pointer: JSONPointer, _ body: () throws(TimingFailure) -> Value
  ) throws(PersistenceError) -> Value {
    do {
      return try body()
    } catch {
      throw .invalid(
        "OpenTimelineIO cannot be given \(error.what) of this clip (a time is invalid or "
          + "overflows); check its trim, duration and speed", at: pointer)
    }
  }
}
