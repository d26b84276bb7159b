import Foundation

/// A value that keyframe animations can blend between.
public protocol Animatable: Sendable {
  /// Returns the value a fraction `t` of the way from `a` to `b`.
  ///
  /// - Parameters:
  ///   - a: The value at `t = 0`.
  ///   - b: The value at `t = 1`.
  ///   - t: The eased progress, usually 0…1.
  static func interpolate(_ a: Self, _ b: Self, t: Double) -> Self
}

extension Double: Animatable {
  /// Linear interpolation.
  public static func interpolate(_ a: Double, _ b: Double, t: Double) -> Double {
    lerp(a, b, t)
  }
}
