import Foundation

/// One of the nine named points of a rectangle, used to pin overlays, crops and transforms.
public enum Anchor: String, Sendable, Hashable, CaseIterable {
  /// The top-left corner.
  case topLeft
  /// The middle of the top edge.
  case top
  /// The top-right corner.
  case topRight
  /// The middle of the left edge.
  case left
  /// The centre.
  case center
  /// The middle of the right edge.
  case right
  /// The bottom-left corner.
  case bottomLeft
  /// The middle of the bottom edge.
  case bottom
  /// The bottom-right corner.
  case bottomRight

  /// The anchor as a unit offset on the item: x and y are each 0, 0.5 or 1, origin top-left.
  public var unitOffset: CGPoint {
    switch self {
    case .topLeft: CGPoint(x: 0, y: 0)
    case .top: CGPoint(x: 0.5, y: 0)
    case .topRight: CGPoint(x: 1, y: 0)
    case .left: CGPoint(x: 0, y: 0.5)
    case .center: CGPoint(x: 0.5, y: 0.5)
    case .right: CGPoint(x: 1, y: 0.5)
    case .bottomLeft: CGPoint(x: 0, y: 1)
    case .bottom: CGPoint(x: 0.5, y: 1)
    case .bottomRight: CGPoint(x: 1, y: 1)
    }
  }
}
