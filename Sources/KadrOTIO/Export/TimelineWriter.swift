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
  /// Payload versions other than 1 met while writing.
  var payloadVersions: [KindID: Int] = [:]

  /// The deepest nesting of tracks written: a top-level track is level 1.
  static let maximumTrackDepth = 64

  /// Loss was checked before writing; what remains lossy is left out, as a document does.
  static let options = CodingOptions(allowingLoss: true)

  /// The name of the timeline the exporter writes.
  static let timelineName = "kadr"

  /// Where a field of the composition sits in a schema-1 document.
  static func compositionPointer(_ field: CompositionCodec.Key) -> JSONPointer {
    JSONPointer.root.appending(key: DocumentEnvelope.rootKey).appending(key: field.rawValue)
  }

  /// Where the composition's clips sit in a schema-1 document.
  static let clipsPointer = compositionPointer(.clips)

  init(registry: CodecRegistry, images: (any ImageStore)?, video: Video) {
    self.registry = registry
    self.images = images
    self.video = video
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
    var fields = video
    fields.clips = []
    fields.audioTracks = []
    fields.overlays = []
    fields.captions = []
    let composition = try encodeModel(
      fields, at: JSONPointer.root.appending(key: DocumentEnvelope.rootKey))
    var kadr: JSONObject = [
      KadrMetadataKey.format: .integer(KadrMetadata.formatVersion),
      KadrMetadataKey.video: .object(composition),
    ]
    if !payloadVersions.isEmpty {
      var versions = JSONObject()
      for (kind, version) in payloadVersions.sorted(by: { $0.key < $1.key }) {
        versions[kind.rawValue] = .integer(Int64(version))
      }
      kadr[KadrMetadataKey.payloadVersions] = .object(versions)
    }
    return KadrMetadata.wrap(kadr)
  }

  // MARK: Encoding through the registry

  /// The tagged JSON of `clip`, or `nil` when it was left out as loss.
  mutating func encodeClip(_ clip: any Clip, at pointer: JSONPointer) throws(PersistenceError)
    -> TaggedPayload?
  {
    let encoded: CodecRegistry.EncodedValue
    do {
      encoded = try registry.encode(clip: clip, options: Self.options, images: images)
    } catch {
      throw PersistenceError.wrapping(error).relocated(under: pointer, dropping: 1)
    }
    payloadVersions.merge(encoded.payloadVersions) { $1 }
    guard let json = encoded.json else { return nil }
    guard let tagged = TaggedPayload(json) else {
      throw .invalid("The clip's JSON is not a tagged clip", at: pointer)
    }
    return tagged
  }

  /// The JSON object of a fixed model value (an audio track, a caption, the composition).
  func encodeModel<Model: Sendable>(_ model: Model, at pointer: JSONPointer)
    throws(PersistenceError) -> JSONObject
  {
    do {
      let encoded = try registry.encode(model: model, options: Self.options, images: images)
      if let object = encoded.json?.objectValue { return object }
    } catch {
      throw PersistenceError.wrapping(error).relocated(under: pointer)
    }
    throw .invalid("The value could not be written", at: pointer)
  }

  /// The JSON of a kadr value (a time, an animation) as a schema-1 document holds it, or `nil`
  /// when it was left out as loss (an animation with a custom timing curve).
  func encodeValue<Value: PersistableValue>(_ value: Value, at pointer: JSONPointer)
    throws(PersistenceError) -> JSONValue?
  {
    do {
      return try registry.encode(value: value, options: Self.options).json
    } catch {
      throw PersistenceError.wrapping(error).relocated(under: pointer)
    }
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
