import Foundation
import KadrModel
import KadrPersistenceCore

/// Writes and reads the composition's ``CropRegion``: kind `crop`,
/// `{"anchor", "position", "size"}`.
struct CropCodec: ModelCodec {
  /// The payload's keys, one per stored property.
  public enum Key: String, PayloadKey {
    case anchor, position, size
  }

  /// Creates the codec.
  public init() {}

  /// `crop`.
  public var kindID: KindID { "crop" }

  /// Writes the anchor, position and size.
  ///
  /// - Throws: ``PersistenceError`` for a non-finite number.
  public func encode(_ value: CropRegion, to payload: inout KeyedEncoder<Key>)
    throws
  {
    try payload.encode(value.anchor, for: .anchor)
    try payload.encode(value.position, for: .position)
    try payload.encode(value.size, for: .size)
  }

  /// Reads a crop; all three fields are required.
  ///
  /// - Throws: ``PersistenceError`` naming the field's JSON pointer.
  public func decode(from payload: KeyedDecoder<Key>) throws -> CropRegion {
    CropRegion(
      position: try payload.decode(Position.self, for: .position),
      size: try payload.decode(Size.self, for: .size),
      anchor: try payload.decode(Anchor.self, for: .anchor))
  }

  /// A centred crop, and crops that use every position kind, size kind and a corner anchor.
  public func samples() -> CodecSamples<CropRegion> {
    CodecSamples(
      minimal: CropRegion(position: .center, size: .normalized(width: 1, height: 1)),
      maximal: [
        CropRegion(
          position: .percent(x: 50, y: 50), size: .normalized(width: 0.9, height: 0.9),
          anchor: .center),
        CropRegion(
          position: .pixels(x: 10, y: 20), size: .pixels(width: 640, height: 360),
          anchor: .topLeft),
        CropRegion(
          position: .normalized(x: 1, y: 1),
          size: .aspectFit(within: .percent(width: 80, height: 80), sourceAspect: 1.5),
          anchor: .bottomRight),
        CropRegion(
          position: .normalized(x: 0.5, y: 0),
          size: .aspectFill(covering: .normalized(width: 1, height: 0.5), sourceAspect: 0.5625),
          anchor: .top),
      ])
  }
}
