import Foundation

/// A clip's placement on the canvas: where its pivot lands, its rotation and its scale.
///
/// Applied after the engine's aspect-fill placement: translate to ``center``, rotate, scale, then
/// translate by minus the pivot (the ``anchor``'s offset times the render size).
public struct Transform: Sendable, Hashable {
  /// Where the pivot lands on the canvas.
  public var center: Position
  /// Rotation in radians, counter-clockwise positive.
  public var rotation: Double
  /// Uniform scale; 1 is the clip's own size.
  public var scale: Double
  /// The pivot on the (aspect-filled) clip.
  public var anchor: Anchor

  /// Creates a transform.
  ///
  /// - Parameters:
  ///   - center: Where the pivot lands; the canvas centre by default.
  ///   - rotation: Radians, counter-clockwise positive.
  ///   - scale: Uniform scale.
  ///   - anchor: The pivot on the clip.
  public init(
    center: Position = .normalized(x: 0.5, y: 0.5), rotation: Double = 0, scale: Double = 1,
    anchor: Anchor = .center
  ) {
    self.center = center
    self.rotation = rotation
    self.scale = scale
    self.anchor = anchor
  }

  /// The transform that leaves a clip where the engine placed it.
  public static let identity = Transform()
}

extension Transform: Animatable {
  /// Interpolates centre, rotation and scale linearly; the anchor switches at `t = 0.5`.
  public static func interpolate(_ a: Transform, _ b: Transform, t: Double) -> Transform {
    Transform(
      center: Position.interpolate(a.center, b.center, t: t),
      rotation: lerp(a.rotation, b.rotation, t),
      scale: lerp(a.scale, b.scale, t),
      anchor: t < 0.5 ? a.anchor : b.anchor)
  }
}
