import Foundation
import KadrPersistence

/// A plugin's filter kind: prints the frame as a grid of dots, like a newspaper photo.
///
/// Carried in a clip as `Filter.custom(Halftone(…))`; its ``dotSize`` is the primary scalar that
/// a filter animation drives.
public struct Halftone: CustomFilter, Hashable {
  /// `com.example.halftone`.
  public static let kind = FilterKind(rawValue: "com.example.halftone")

  /// The size of the dot grid's cells in render pixels.
  public let dotSize: Double
  /// The grid's angle in radians.
  public let angle: Double

  /// Creates a halftone filter.
  ///
  /// - Parameters:
  ///   - dotSize: The cell size in render pixels; stored as given (a renderer clamps it).
  ///   - angle: The grid's angle in radians; 0 by default.
  public init(dotSize: Double, angle: Double = 0) {
    self.dotSize = dotSize
    self.angle = angle
  }

  /// The dot size.
  public var primaryScalar: Double? { dotSize }

  /// Returns a copy with the dot size `scalar`.
  ///
  /// - Parameter scalar: The new dot size.
  public func withScalar(_ scalar: Double) -> Halftone { Halftone(dotSize: scalar, angle: angle) }

  /// "Halftone".
  public var displayName: String { "Halftone" }
}
