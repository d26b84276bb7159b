import Foundation
import KadrPersistenceCore

/// The keys of the object this module keeps under `metadata["kadr"]` of the OpenTimelineIO
/// objects it writes, spelled once.
///
/// The object holds only what OpenTimelineIO has no field for; the reader takes every value it
/// can from OpenTimelineIO's own fields first (see ``OTIOImporter``).
enum KadrMetadataKey {
  /// The namespace key inside `metadata`.
  static let namespace = "kadr"
  /// On the timeline: the version of this mapping (`KadrMetadata/formatVersion`).
  static let format = "format"
  /// On the timeline: the composition's schema-1 JSON with its clips, audio tracks, overlays and
  /// captions empty (the tracks and markers carry them): its preset, quality and crop.
  static let video = "video"
  /// On the timeline: payload versions other than 1, by kind, as a schema-1 document records them.
  static let payloadVersions = "payloadVersions"
  /// On a track: which kadr layer it is (`KadrLayerRole`).
  static let layer = "layer"
  /// On a top-level item or layer: its index among the composition's top-level clips.
  static let index = "index"
  /// On a clip or transition: its schema-1 clip JSON as the registry writes it for the clip with
  /// what OpenTimelineIO's objects carry emptied on the model (a video clip's filters and speed
  /// curve, which its effects carry); a generated clip keeps only its placement here, its other
  /// fields being the generator's parameters.
  static let clip = "clip"
  /// On a track: the track's schema-1 payload with no clips (its children carry them).
  static let track = "track"
  /// On an audio clip: the audio track's schema-1 JSON (the clip's target URL wins over its
  /// URL).
  static let audioTrack = "audioTrack"
  /// On an effect: the filter's schema-1 JSON.
  static let filter = "filter"
  /// On an effect: the animation of the filter's primary scalar.
  static let animation = "animation"
  /// On a time effect: the clip's speed curve.
  static let speedCurve = "speedCurve"
  /// On a marker: the caption's schema-1 JSON.
  static let caption = "caption"
  /// On a marker: the overlay's schema-1 JSON.
  static let overlay = "overlay"
}

/// Which kadr layer an OpenTimelineIO track stands for.
enum KadrLayerRole: String {
  /// The main chain.
  case main
  /// A top-level clip placed with `at(time:)`.
  case timed
  /// A `Track` (top-level or nested).
  case track
  /// A background `AudioTrack`.
  case audio
}

enum KadrMetadata {
  /// The version of the mapping between kadr and OpenTimelineIO that this module writes.
  ///
  /// 2: the metadata holds each value's schema-1 JSON as its codec writes it, so that import
  /// decodes it as it is (1 left out keys such as a video clip's URL and filters, and is read
  /// through `LegacyMapping`); a timeline of any other format is refused at its `format`.
  static let formatVersion: Int64 = 2

  /// `{"kadr": object}`, or an empty metadata object when `object` is empty.
  static func wrap(_ object: JSONObject) -> JSONValue {
    object.isEmpty ? .object(JSONObject()) : .object([KadrMetadataKey.namespace: .object(object)])
  }
}
