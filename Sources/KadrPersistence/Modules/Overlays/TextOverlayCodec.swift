import Foundation
import KadrModel
import KadrPersistenceCore

/// Writes and reads ``TextOverlay`` overlays: kind `text`.
///
/// The text animation goes through the registry's text-animation codecs; one of a type with no
/// codec is reported as loss (and, when loss is allowed, the overlay is written without it).
struct TextOverlayCodec: OverlayCodec {
  /// The payload's keys, one per stored property.
  public enum Key: String, PayloadKey {
    case text, style
    case position, size, anchor, opacity, layerID, visibilityRange
    case textAnimation
  }

  /// Creates the codec.
  public init() {}

  /// `text`.
  public var kindID: KindID { "text" }

  public func encode(_ value: TextOverlay, to payload: inout KeyedEncoder<Key>)
    throws
  {
    try payload.encode(value.text, for: .text)
    try payload.encode(value.style, for: .style)
    try payload.encodeOverlayPlacement(of: value)
    try payload.encodeIfPresent(textAnimation: value.textAnimation, for: .textAnimation)
  }

  public func decode(from payload: KeyedDecoder<Key>) throws -> TextOverlay {
    let placement = try payload.decodeOverlayPlacement()
    return TextOverlay(
      text: try payload.decode(String.self, for: .text),
      style: try payload.decode(TextStyle.self, for: .style),
      position: placement.position, size: placement.size, anchor: placement.anchor,
      opacity: placement.opacity, layerID: placement.layerID,
      visibilityRange: placement.visibilityRange,
      textAnimation: try payload.decodeTextAnimationIfPresent(for: .textAnimation))
  }

  /// The first line of the text, shortened: `text "Watermark"`.
  public func label(for value: TextOverlay) -> String? {
    let line = value.text.split(separator: "\n").first.map(String.init) ?? ""
    return "text \"\(line.count > 24 ? line.prefix(23) + "…" : line)\""
  }

  /// An empty text as the minimal sample; as the maximal ones, one text per built-in text
  /// animation, each with every field set.
  ///
  /// The completeness report round-trips the samples through the registry it belongs to, so the
  /// maximal samples only round-trip when the text animations (``TextAnimationsModule``) are
  /// registered there too, as they are in the standard registry.
  public func samples() -> CodecSamples<TextOverlay> {
    let animations: [any TextAnimation] = [
      FadeIn(duration: Time(value: 15, timescale: 30), from: 0.1, beginTime: 0),
      SlideIn(direction: .fromRight, duration: Time(value: 1, timescale: 2), beginTime: 1.5),
      ScaleUp(from: 0.25, duration: Time(value: 300, timescale: 600)),
    ]
    return CodecSamples(
      minimal: TextOverlay(text: ""),
      maximal: animations.enumerated().map { index, animation in
        TextOverlay(
          text: "Watermark\nline two", style: OverlaySamples.style,
          position: OverlaySamples.positions[index % OverlaySamples.positions.count],
          size: OverlaySamples.sizes[index % OverlaySamples.sizes.count], anchor: .bottom,
          opacity: 0.8, layerID: "wm", visibilityRange: OverlaySamples.visibility,
          textAnimation: animation)
      })
  }
}

extension TextOverlayCodec.Key: OverlayPlacementKeys {}
