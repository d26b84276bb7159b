import Foundation
import KadrPersistence

/// Writes and reads ``ProgressBar`` overlays: kind `com.example.progressbar`.
///
/// The placement fields use the built-in overlays' keys and helpers
/// (`encodeOverlayPlacement(of:)`), which the `KadrPersistence` module makes public for plugins.
public struct ProgressBarCodec: OverlayCodec {
  /// The payload's keys, one per stored property.
  public enum Key: String, PayloadKey {
    case fill, track, thickness, progress
    case position, size, anchor, opacity, layerID, visibilityRange
  }

  /// The kind id, `com.example.progressbar`.
  public static let kindID: KindID = "com.example.progressbar"

  /// Creates the codec.
  public init() {}

  /// `com.example.progressbar`.
  public var kindID: KindID { Self.kindID }

  public func encode(_ value: ProgressBar, to payload: inout KeyedEncoder<Key>)
    throws
  {
    try payload.encode(value.fill, for: .fill)
    try payload.encode(value.track, for: .track)
    try payload.encode(value.thickness, for: .thickness)
    try payload.encodeIfPresent(value.progress, for: .progress)
    try payload.encodeOverlayPlacement(of: value)
  }

  /// Reads a progress bar; the thickness is read as written (a renderer clamps it), so every bar
  /// that saves also opens.
  ///
  /// - Throws: ``PersistenceError`` for a missing or malformed field.
  public func decode(from payload: KeyedDecoder<Key>) throws -> ProgressBar {
    let placement = try payload.decodeOverlayPlacement()
    return ProgressBar(
      fill: try payload.decode(PlatformColor.self, for: .fill),
      track: try payload.decode(PlatformColor.self, for: .track),
      thickness: try payload.decode(Double.self, for: .thickness),
      progress: try payload.decodeIfPresent(Animation<Double>.self, for: .progress),
      position: placement.position, size: placement.size, anchor: placement.anchor,
      opacity: placement.opacity, layerID: placement.layerID,
      visibilityRange: placement.visibilityRange)
  }

  /// `progress bar “id”` or `progress bar`.
  public func label(for value: ProgressBar) -> String? {
    value.layerID.map { "progress bar “\($0.rawValue)”" } ?? "progress bar"
  }

  /// A default bar as the minimal sample; one with every field set as the maximal one.
  public func samples() -> CodecSamples<ProgressBar> {
    CodecSamples(
      minimal: ProgressBar(),
      maximal: ProgressBar(
        fill: .red, track: PlatformColor(white: 0.2, alpha: 0.5), thickness: 12,
        progress: .keyframes(
          [
            .at(Time(value: 0, timescale: 1), value: 0),
            .at(Time(value: 10, timescale: 1), value: 1),
          ], timing: .easeInOut),
        position: .percent(x: 50, y: 95), size: .normalized(width: 0.8, height: 0.02),
        anchor: .center, opacity: 0.9, layerID: "progress",
        visibilityRange: TimeRange(
          start: Time(value: 1, timescale: 1), duration: Time(value: 9, timescale: 1))))
  }
}

extension ProgressBarCodec.Key: OverlayPlacementKeys {}
