import KadrPersistence

/// The few keys of the document format the differ has to name, in one place.
///
/// The composition's and the track's codecs are internal to KadrPersistence, so their key
/// enums cannot be named from here; everything else (clip, overlay, audio and caption payloads)
/// is compared field by field without naming a key.
enum DocumentKeys {
  /// The composition in the envelope.
  static let video = DocumentEnvelope.rootKey
  /// The composition's clip list, and a track's clip list inside its payload.
  static let clips = "clips"
  /// The composition's overlay list.
  static let overlays = "overlays"
  /// The composition's background audio.
  static let audioTracks = "audioTracks"
  /// The composition's captions.
  static let captions = "captions"
  /// The box a clip's or an overlay's payload sits in: `{"<kind>": {"_0": payload}}`.
  static let payloadBox = "_0"
  /// The composition's lists, each compared element by element.
  static let lists = [clips, overlays, audioTracks, captions]
}
