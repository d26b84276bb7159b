import Foundation

/// The OpenTimelineIO schema names this module writes and reads, spelled once.
///
/// The writer follows OpenTimelineIO 0.18 (`Clip.2`, `Marker.2`); the reader also accepts the
/// older `Clip.1` and `Marker.1` that files from earlier versions hold.
enum OTIOSchema {
  static let timeline = "Timeline.1"
  static let stack = "Stack.1"
  static let track = "Track.1"
  static let clip = "Clip.2"
  static let gap = "Gap.1"
  static let transition = "Transition.1"
  static let externalReference = "ExternalReference.1"
  static let generatorReference = "GeneratorReference.1"
  static let missingReference = "MissingReference.1"
  static let linearTimeWarp = "LinearTimeWarp.1"
  static let timeEffect = "TimeEffect.1"
  static let effect = "Effect.1"
  static let marker = "Marker.2"
  static let rationalTime = "RationalTime.1"
  static let timeRange = "TimeRange.1"
  static let serializableCollection = "SerializableCollection.1"
  /// The old name of `Track`, which OpenTimelineIO still reads as one.
  static let sequenceFamily = "Sequence"

  /// A schema string split into its family and version: `"Clip.2"` is `("Clip", 2)`.
  ///
  /// - Parameter schema: The value of an `OTIO_SCHEMA` key.
  /// - Returns: `nil` when the string has no `.<version>` suffix.
  static func parse(_ schema: String) -> (family: String, version: Int)? {
    guard let dot = schema.lastIndex(of: "."),
      let version = Int(schema[schema.index(after: dot)...]), version > 0
    else { return nil }
    return (String(schema[..<dot]), version)
  }
}

/// The keys of OpenTimelineIO objects, spelled once.
enum OTIOKey {
  static let schema = "OTIO_SCHEMA"
  static let metadata = "metadata"
  static let name = "name"
  static let tracks = "tracks"
  static let globalStartTime = "global_start_time"
  static let children = "children"
  static let kind = "kind"
  static let sourceRange = "source_range"
  static let effects = "effects"
  static let markers = "markers"
  static let enabled = "enabled"
  static let color = "color"
  static let mediaReferences = "media_references"
  static let mediaReference = "media_reference"
  static let activeMediaReferenceKey = "active_media_reference_key"
  static let availableRange = "available_range"
  static let availableImageBounds = "available_image_bounds"
  static let targetURL = "target_url"
  static let targetURLBase = "target_url_base"
  static let generatorKind = "generator_kind"
  static let parameters = "parameters"
  static let inOffset = "in_offset"
  static let outOffset = "out_offset"
  static let transitionType = "transition_type"
  static let effectName = "effect_name"
  static let timeScalar = "time_scalar"
  static let markedRange = "marked_range"
  static let comment = "comment"
  static let rate = "rate"
  static let value = "value"
  static let startTime = "start_time"
  static let duration = "duration"
}

/// Fixed values OpenTimelineIO gives meaning to.
enum OTIOValue {
  /// The key of the one media reference this module writes.
  static let defaultMedia = "DEFAULT_MEDIA"
  /// The track kinds.
  static let videoKind = "Video"
  static let audioKind = "Audio"
  /// The transition types.
  static let dissolve = "SMPTE_Dissolve"
  static let customTransition = "Custom_Transition"
  /// The effect name OpenTimelineIO gives a linear time warp.
  static let linearTimeWarp = "LinearTimeWarp"
  /// The effect name of a kadr speed curve.
  static let speedCurve = "SpeedCurve"
  /// Marker colours: captions and overlays.
  static let captionColor = "YELLOW"
  static let overlayColor = "PURPLE"
  /// The prefix of the generator kinds that carry a kadr clip kind: `kadr.title`.
  static let generatorPrefix = "kadr."
}
