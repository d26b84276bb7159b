/// The keys of kadr's schema-1 format that the OpenTimelineIO mapping names itself: where a
/// composition's lists and a video clip's effects sit in a document, and the payload box of a
/// tagged value. The codecs write these keys and their key enums are the package's own; the
/// mapping stands on the public API, so it names the keys it points at once, here, from the
/// public format (`FORMAT.md`).
enum FormatKeys {
  /// The single key of a tagged value's box: `{"<kind>": {"_0": payload}}`.
  static let payloadBox = "_0"

  /// The composition's top-level clips (`video.clips`).
  static let clips = "clips"
  /// The composition's background audio tracks.
  static let audioTracks = "audioTracks"
  /// The composition's overlays.
  static let overlays = "overlays"
  /// The composition's captions.
  static let captions = "captions"

  /// A video clip's speed curve.
  static let speedCurve = "speedCurve"
  /// A video clip's filters.
  static let filters = "filters"
  /// The animations of a video clip's filters, parallel to its filters.
  static let filterAnimations = "filterAnimations"

  /// The keys of every media clip's placement, which OpenTimelineIO has no field for, as the
  /// built-in clip kinds spell them (a plugin's clip kind that places itself the same way uses
  /// the same names).
  static let placement: Set<String> = [
    "clipID", "startTime", "transform", "transformAnimation", "opacity", "opacityAnimation",
  ]
}
