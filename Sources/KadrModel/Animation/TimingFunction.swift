import Foundation

/// How progress between two keyframes is eased.
///
/// `custom` holds code, so a value that uses it cannot be saved to a file; the persistence layer
/// reports it as loss.
public enum TimingFunction: Sendable {
  /// Constant speed: `t`.
  case linear
  /// Slow start: `t³`.
  case easeIn
  /// Slow end: `1 − (1 − t)³`.
  case easeOut
  /// Slow start and end: `4t³` below one half, `1 − (−2t + 2)³ / 2` above.
  case easeInOut
  /// A CSS `cubic-bezier(p1.x, p1.y, p2.x, p2.y)` curve.
  case cubicBezier(CGPoint, CGPoint)
  /// A curve given as code.
  case custom(@Sendable (Double) -> Double)

  /// Returns the eased progress for a linear progress `t`.
  ///
  /// - Parameter t: Linear progress, 0…1.
  public func apply(_ t: Double) -> Double {
    switch self {
    case .linear:
      return t
    case .easeIn:
      return t * t * t
    case .easeOut:
      let u = 1 - t
      return 1 - u * u * u
    case .easeInOut:
      if t < 0.5 { return 4 * t * t * t }
      let u = -2 * t + 2
      return 1 - u * u * u / 2
    case .cubicBezier(let p1, let p2):
      return TimingFunction.bezier(
        t, x1: Double(p1.x), y1: Double(p1.y), x2: Double(p2.x), y2: Double(p2.y))
    case .custom(let curve):
      return curve(t)
    }
  }

  /// Whether the curve is code (``custom(_:)``) and so cannot be saved.
  public var isCustom: Bool {
    if case .custom = self { return true }
    return false
  }

  /// Solves `x(s) = t` for the curve parameter `s` with four Newton steps, then returns `y(s)`.
  private static func bezier(_ t: Double, x1: Double, y1: Double, x2: Double, y2: Double)
    -> Double
  {
    func coordinate(_ s: Double, _ c1: Double, _ c2: Double) -> Double {
      let u = 1 - s
      return 3 * u * u * s * c1 + 3 * u * s * s * c2 + s * s * s
    }
    func slope(_ s: Double, _ c1: Double, _ c2: Double) -> Double {
      let u = 1 - s
      return 3 * u * u * c1 + 6 * u * s * (c2 - c1) + 3 * s * s * (1 - c2)
    }
    var s = t
    for _ in 0..<4 {
      let derivative = slope(s, x1, x2)
      guard derivative != 0, derivative.isFinite else { break }
      s -= (coordinate(s, x1, x2) - t) / derivative
    }
    return coordinate(s, y1, y2)
  }
}
