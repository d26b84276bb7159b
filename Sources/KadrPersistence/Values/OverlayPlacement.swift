import Foundation
import KadrModel
import KadrPersistenceCore

/// The six placement fields every built-in overlay shares (`position`, `size`, `anchor`,
/// `opacity`, `layerID`, `visibilityRange`), written and read in one place.
public struct OverlayPlacement: Sendable {
  /// Where the overlay's anchor lands.
  public var position: Position
  /// Its size; `nil` is the kind's natural size.
  public var size: Size?
  /// Which point of the overlay lands on the position.
  public var anchor: Anchor
  /// Its opacity.
  public var opacity: Double
  /// Its identity.
  public var layerID: LayerID?
  /// When it is visible; `nil` is the whole composition.
  public var visibilityRange: TimeRange?
}

/// The keys of a payload that holds the overlay placement fields under their usual names.
public protocol OverlayPlacementKeys: PayloadKey {
  /// `position`.
  static var position: Self { get }
  /// `size`.
  static var size: Self { get }
  /// `anchor`.
  static var anchor: Self { get }
  /// `opacity`.
  static var opacity: Self { get }
  /// `layerID`.
  static var layerID: Self { get }
  /// `visibilityRange`.
  static var visibilityRange: Self { get }
}

extension KeyedEncoder where Key: OverlayPlacementKeys {
  /// Writes the placement fields of `overlay`; `size`, `layerID` and `visibilityRange` are
  /// omitted when absent.
  ///
  /// - Parameter overlay: The overlay.
  /// - Throws: ``PersistenceError`` from a value, such as a non-finite opacity.
  public mutating func encodeOverlayPlacement(of overlay: some Overlay) throws {
    try encode(overlay.position, for: .position)
    try encodeIfPresent(overlay.size, for: .size)
    try encode(overlay.anchor, for: .anchor)
    try encode(overlay.opacity, for: .opacity)
    try encodeIfPresent(overlay.layerID, for: .layerID)
    try encodeIfPresent(overlay.visibilityRange, for: .visibilityRange)
  }
}

extension KeyedDecoder where Key: OverlayPlacementKeys {
  /// Reads the placement fields; `position`, `anchor` and `opacity` are required.
  ///
  /// - Throws: ``PersistenceError`` when a required field is missing or a value is malformed.
  public func decodeOverlayPlacement() throws -> OverlayPlacement {
    OverlayPlacement(
      position: try decode(Position.self, for: .position),
      size: try decodeIfPresent(Size.self, for: .size),
      anchor: try decode(Anchor.self, for: .anchor),
      opacity: try decode(Double.self, for: .opacity),
      layerID: try decodeIfPresent(LayerID.self, for: .layerID),
      visibilityRange: try decodeIfPresent(TimeRange.self, for: .visibilityRange))
  }
}
