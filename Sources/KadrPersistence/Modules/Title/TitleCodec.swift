import Foundation
import KadrModel
import KadrPersistenceCore

/// Writes and reads ``TitleSequence`` clips: kind `title`.
package struct TitleCodec: ClipCodec {
  /// The payload's keys, one per stored property.
  public enum Key: String, PayloadKey {
    case text, style, backgroundColor, duration
    case clipID, startTime, transform, transformAnimation, opacity, opacityAnimation
    /// This project's extensions, written only when set.
    case name, role, markers
  }

  /// Creates the codec.
  public init() {}

  /// `title`.
  public var kindID: KindID { "title" }

  public func encode(_ value: TitleSequence, to payload: inout KeyedEncoder<Key>)
    throws
  {
    // In canonical key order, so the payload is written once and never reordered.
    try payload.encode(value.backgroundColor, for: .backgroundColor)
    try payload.encodeIfPresent(value.clipID, for: .clipID)
    try payload.encode(value.duration, for: .duration)
    if !value.markers.isEmpty || value.name != nil || value.role != nil {
      payload.requireSchema(DocumentEnvelope.newestSchema)
    }
    if !value.markers.isEmpty { try payload.encode(value.markers, for: .markers) }
    try payload.encodeIfPresent(value.name, for: .name)
    try payload.encodeIfPresent(value.opacity, for: .opacity)
    try payload.encodeIfPresent(value.opacityAnimation, for: .opacityAnimation)
    try payload.encodeIfPresent(value.role, for: .role)
    try payload.encodeIfPresent(value.startTime, for: .startTime)
    try payload.encode(value.style, for: .style)
    try payload.encode(value.text, for: .text)
    try payload.encodeIfPresent(value.transform, for: .transform)
    try payload.encodeIfPresent(value.transformAnimation, for: .transformAnimation)
  }

  public func decode(from payload: KeyedDecoder<Key>) throws -> TitleSequence {
    let placement = try payload.decodeClipPlacement()
    return TitleSequence(
      text: try payload.decode(String.self, for: .text),
      style: try payload.decode(TextStyle.self, for: .style),
      backgroundColor: try payload.decode(PlatformColor.self, for: .backgroundColor),
      duration: try payload.decode(Time.self, for: .duration),
      clipID: placement.clipID, startTime: placement.startTime, transform: placement.transform,
      transformAnimation: placement.transformAnimation, opacity: placement.opacity,
      opacityAnimation: placement.opacityAnimation,
      name: try payload.decodeIfPresent(String.self, for: .name),
      role: try payload.decodeIfPresent(Role.self, for: .role),
      markers: try payload.decodeIfPresent([Marker].self, for: .markers) ?? [])
  }

  /// The first line of the text, shortened: `title "Chapter One"`.
  public func label(for value: TitleSequence) -> String? {
    let line = value.text.split(separator: "\n").first.map(String.init) ?? ""
    return "title \"\(line.count > 24 ? line.prefix(23) + "…" : line)\""
  }

  public func samples() -> CodecSamples<TitleSequence> {
    let style = TextStyle(
      fontName: "Menlo", fontSize: 42, color: .white, alignment: .center, weight: .bold,
      stroke: TextStroke(width: 2, color: .black),
      shadow: TextShadow(
        offset: CGSize(width: 1, height: 2), blur: 4,
        color: PlatformColor(red: 0.2, green: 0, blue: 0.4, alpha: 0.7)))
    return CodecSamples(
      minimal: TitleSequence("", duration: Time(value: 1, timescale: 30)),
      maximal: TitleSequence(
        text: "Chapter One\nThe beginning", style: style,
        backgroundColor: PlatformColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.9),
        duration: Time(value: 90, timescale: 30), clipID: "title",
        startTime: Time(value: 15, timescale: 30),
        transform: ClipPlacementSamples.transform,
        transformAnimation: ClipPlacementSamples.transformAnimation, opacity: 0.8,
        opacityAnimation: ClipPlacementSamples.opacityAnimation, name: "Opening title",
        role: Role.titles.subrole("Chapters"), markers: TimelineSamples.markers))
  }
}

/// The title module: registers `TitleCodec`.
public enum TitleModule: RegistryModule {
  /// Registers the `title` clip kind.
  public static func register(in registry: inout CodecRegistry) throws {
    try registry.register(clip: TitleCodec())
  }
}
