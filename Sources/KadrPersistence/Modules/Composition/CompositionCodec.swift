import Foundation
import KadrModel
import KadrPersistenceCore

/// Writes and reads the composition itself, ``Video``: kind `composition`, the document's
/// `"video"` object.
///
/// The clips and overlays are written through the codecs registered for their kinds; the audio
/// tracks, captions, crop, preset and quality through the model codecs registered for their types
/// (`AudioTrackCodec`, `CaptionCodec`, `CropCodec`, `PresetCodec`, `QualityCodec`).
/// `Video.duration` is not stored: it is computed from the clips, so an opened composition
/// recomputes it.
///
/// Two stored properties are not written, and each is reported as loss when set:
/// - `multiInputCompositor` is code (``Loss/Kind/multiInputCompositor``).
/// - `compositorWindow` only says where that compositor runs; the format has no place for it,
///   and without the compositor it means nothing. It is reported on its own
///   (``Loss/Kind/codeOnlyField(_:)`` `"compositorWindow"`) whenever it is set, also with no
///   compositor, so that no set field disappears unreported.
package struct CompositionCodec: ModelCodec {
  /// The payload's keys, one per written stored property.
  public enum Key: String, PayloadKey {
    case clips, audioTracks, overlays, captions, crop, preset, quality
    /// This project's extensions, written only when set: timeline markers and the start
    /// timecode.
    case markers, startTimecode
  }

  /// The name `compositorWindow` is reported under.
  public static let compositorWindowField = "compositorWindow"

  /// Creates the codec.
  public init() {}

  /// `composition`.
  public var kindID: KindID { "composition" }

  /// The compositor and its window, which a file cannot hold.
  public var notEncoded: [NotEncodedField] {
    [
      NotEncodedField("duration", reason: "recomputed from the clips on open"),
      NotEncodedField("multiInputCompositor", reason: "code; reported as loss when set"),
      NotEncodedField(
        Self.compositorWindowField,
        reason: "only meaningful with the multi-input compositor (code); reported as loss when set"
      ),
    ]
  }

  /// Writes every field except the compositor and its window.
  ///
  /// - Throws: ``PersistenceError`` from a nested codec or value.
  public func encode(_ value: Video, to payload: inout KeyedEncoder<Key>)
    throws
  {
    // In key order, so the largest object of the document is written without reordering.
    try payload.encode(models: value.audioTracks, for: .audioTracks)
    try payload.encode(models: value.captions, for: .captions)
    try payload.encode(clips: value.clips, for: .clips)
    try payload.encodeIfPresent(model: value.crop, for: .crop)
    if !value.markers.isEmpty || value.startTimecode != nil {
      payload.requireSchema(DocumentEnvelope.newestSchema)
    }
    if !value.markers.isEmpty { try payload.encode(value.markers, for: .markers) }
    try payload.encode(overlays: value.overlays, for: .overlays)
    try payload.encode(model: value.preset, for: .preset)
    try payload.encode(model: value.quality, for: .quality)
    try payload.encodeIfPresent(value.startTimecode, for: .startTimecode)
  }

  /// Reads a composition; every field but `crop`, `markers` and `startTimecode` is required.
  ///
  /// - Throws: ``PersistenceError`` naming the field's JSON pointer.
  public func decode(from payload: KeyedDecoder<Key>) throws -> Video {
    Video(
      clips: try payload.decodeClips(for: .clips),
      audioTracks: try payload.decodeModels(AudioTrack.self, for: .audioTracks),
      preset: try payload.decodeModel(Preset.self, for: .preset),
      overlays: try payload.decodeOverlays(for: .overlays),
      crop: try payload.decodeModelIfPresent(CropRegion.self, for: .crop),
      quality: try payload.decodeModel(ExportQuality.self, for: .quality),
      captions: try payload.decodeModels(Caption.self, for: .captions),
      markers: try payload.decodeIfPresent([Marker].self, for: .markers) ?? [],
      startTimecode: try payload.decodeIfPresent(SMPTETimecode.self, for: .startTimecode))
  }

  /// One finding for a multi-input compositor, one for a compositor window.
  public func losses(in value: Video) -> [LossFinding] {
    var findings: [LossFinding] = []
    if value.multiInputCompositor != nil {
      findings.append(LossFinding(.multiInputCompositor, field: "multiInputCompositor"))
    }
    if value.compositorWindow != nil {
      findings.append(
        LossFinding(
          .codeOnlyField(Self.compositorWindowField), field: Self.compositorWindowField))
    }
    return findings
  }

  /// An empty composition, and full ones (see `CompositionSamples`).
  public func samples() -> CodecSamples<Video> {
    CodecSamples(minimal: Video(clips: []), maximal: CompositionSamples.maximal)
  }
}

/// The composition module: registers `CompositionCodec`, `CropCodec`, `PresetCodec` and
/// `QualityCodec`.
///
/// A composition also needs the codecs of its clip and overlay kinds and of audio tracks and
/// captions (``AudioModule``, ``CaptionsModule``), registered by their own modules.
public enum CompositionModule: RegistryModule {
  /// Registers the `composition`, `crop`, `preset` and `quality` model codecs.
  public static func register(in registry: inout CodecRegistry) throws {
    try registry.register(model: CompositionCodec())
    try registry.register(model: CropCodec())
    try registry.register(model: PresetCodec())
    try registry.register(model: QualityCodec())
  }
}
