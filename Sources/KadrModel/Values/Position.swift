import Foundation

/// A point in render space, in one of three units.
///
/// Normalised coordinates run 0…1 from the top-left corner (values outside are allowed and place
/// the point off the canvas); pixels are render pixels; percent runs 0…100.
public enum Position: Sendable, Hashable {
  /// Fractions of the render size, origin top-left.
  case normalized(x: Double, y: Double)
  /// Render pixels, origin top-left.
  case pixels(x: Double, y: Double)
  /// Percentages of the render size (0…100), origin top-left.
  case percent(x: Double, y: Double)

  /// The top-left corner, `(0, 0)` normalised.
  public static let topLeft = Position.normalized(x: 0, y: 0)
  /// The middle of the top edge.
  public static let top = Position.normalized(x: 0.5, y: 0)
  /// The top-right corner.
  public static let topRight = Position.normalized(x: 1, y: 0)
  /// The middle of the left edge.
  public static let left = Position.normalized(x: 0, y: 0.5)
  /// The centre of the canvas.
  public static let center = Position.normalized(x: 0.5, y: 0.5)
  /// The middle of the right edge.
  public static let right = Position.normalized(x: 1, y: 0.5)
  /// The bottom-left corner.
  public static let bottomLeft = Position.normalized(x: 0, y: 1)
  /// The middle of the bottom edge.
  public static let bottom = Position.normalized(x: 0.5, y: 1)
  /// The bottom-right corner.
  public static let bottomRight = Position.normalized(x: 1, y: 1)

  /// The point in render pixels for a canvas of `renderSize`.
  ///
  /// - Parameter renderSize: The size of the canvas the position is resolved against.
  public func resolved(in renderSize: CGSize) -> CGPoint {
    switch self {
    case .normalized(let x, let y):
      CGPoint(x: x * Double(renderSize.width), y: y * Double(renderSize.height))
    case .pixels(let x, let y):
      CGPoint(x: x, y: y)
    case .percent(let x, let y):
      CGPoint(x: x / 100 * Double(renderSize.width), y: y / 100 * Double(renderSize.height))
    }
  }

  /// The named anchor at this position, if the position is exactly one of the nine named
  /// normalised points (``topLeft`` … ``bottomRight``).
  public var namedAnchor: Anchor? {
    Anchor.allCases.first { $0.position == self }
  }
}

extension Anchor {
  /// The normalised position of this anchor on the canvas (``Position/center`` for `.center`).
  public var position: Position {
    let offset = unitOffset
    return .normalized(x: Double(offset.x), y: Double(offset.y))
  }
}

extension Position: Animatable {
  /// Interpolates linearly when both sides use the same unit; mixed units are resolved against a
  /// 1×1 canvas and the result is ``normalized(x:y:)``.
  public static func interpolate(_ a: Position, _ b: Position, t: Double) -> Position {
    switch (a, b) {
    case (.normalized(let x0, let y0), .normalized(let x1, let y1)):
      return .normalized(x: lerp(x0, x1, t), y: lerp(y0, y1, t))
    case (.pixels(let x0, let y0), .pixels(let x1, let y1)):
      return .pixels(x: lerp(x0, x1, t), y: lerp(y0, y1, t))
    case (.percent(let x0, let y0), .percent(let x1, let y1)):
      return .percent(x: lerp(x0, x1, t), y: lerp(y0, y1, t))
    default:
      let unit = CGSize(width: 1, height: 1)
      let p0 = a.resolved(in: unit)
      let p1 = b.resolved(in: unit)
      return .normalized(
        x: lerp(Double(p0.x), Double(p1.x), t), y: lerp(Double(p0.y), Double(p1.y), t))
    }
  }
}

/// Linear interpolation `a + (b - a) * t`.
@inlinable
func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }
