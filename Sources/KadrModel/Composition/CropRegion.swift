import Foundation

/// The part of the canvas a composition is cropped to, set with `Video.crop(at:size:anchor:)`.
///
/// The export's render size becomes the resolved crop size, and overlays are laid out in the
/// cropped space.
public struct CropRegion: Sendable, Hashable {
  /// Where the crop's ``anchor`` lands on the uncropped canvas.
  public let position: Position
  /// The size of the crop.
  public let size: Size
  /// Which point of the crop lands on ``position``.
  public let anchor: Anchor

  /// Creates a crop region from all of its stored properties, as a decoder does.
  ///
  /// kadr's initialiser is internal (only `Video.crop(at:size:anchor:)` makes one); this one is
  /// public so that the persistence layer can rebuild a saved crop.
  /// - Parameters:
  ///   - position: Where the anchor lands.
  ///   - size: The size of the crop.
  ///   - anchor: Which point of the crop lands on `position`; the centre by default.
  public init(position: Position, size: Size, anchor: Anchor = .center) {
    self.position = position
    self.size = size
    self.anchor = anchor
  }

  /// The crop's frame on an uncropped canvas of `renderSize`.
  ///
  /// - Parameter renderSize: The uncropped render size.
  public func frame(in renderSize: CGSize) -> CGRect {
    Layout.resolveFrame(position: position, size: size, anchor: anchor, in: renderSize)
  }
}
