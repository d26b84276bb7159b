import Foundation

/// A size in render space, in one of three units, or fitted to an aspect ratio.
public indirect enum Size: Sendable, Hashable {
  /// Fractions of the render size.
  case normalized(width: Double, height: Double)
  /// Render pixels.
  case pixels(width: Double, height: Double)
  /// Percentages of the render size (0…100).
  case percent(width: Double, height: Double)
  /// The largest size of aspect `sourceAspect` (width ÷ height) that fits inside `within`.
  case aspectFit(within: Size, sourceAspect: CGFloat)
  /// The smallest size of aspect `sourceAspect` (width ÷ height) that covers `covering`.
  case aspectFill(covering: Size, sourceAspect: CGFloat)

  /// The size in render pixels for a canvas of `renderSize`.
  ///
  /// Fit and fill resolve their inner size first, then match the aspect. A non-positive or
  /// non-finite aspect leaves the inner size as it is.
  /// - Parameter renderSize: The size of the canvas.
  public func resolved(in renderSize: CGSize) -> CGSize {
    let w = Double(renderSize.width)
    let h = Double(renderSize.height)
    switch self {
    case .normalized(let width, let height):
      return CGSize(width: width * w, height: height * h)
    case .pixels(let width, let height):
      return CGSize(width: width, height: height)
    case .percent(let width, let height):
      return CGSize(width: width / 100 * w, height: height / 100 * h)
    case .aspectFit(let inner, let aspect):
      return Size.match(inner.resolved(in: renderSize), aspect: Double(aspect), fit: true)
    case .aspectFill(let inner, let aspect):
      return Size.match(inner.resolved(in: renderSize), aspect: Double(aspect), fit: false)
    }
  }

  private static func match(_ box: CGSize, aspect: Double, fit: Bool) -> CGSize {
    guard aspect.isFinite, aspect > 0 else { return box }
    let width = Double(box.width)
    let height = Double(box.height)
    guard height > 0 else { return box }
    let boxAspect = width / height
    // Fit keeps the limiting side; fill keeps the side that makes it cover.
    if (boxAspect > aspect) == fit {
      return CGSize(width: height * aspect, height: height)
    } else {
      return CGSize(width: width, height: width / aspect)
    }
  }
}

extension Size: Animatable {
  /// Interpolates linearly when both sides use the same simple unit; any other pair is resolved
  /// against a 1×1 canvas and the result is ``normalized(width:height:)``.
  public static func interpolate(_ a: Size, _ b: Size, t: Double) -> Size {
    switch (a, b) {
    case (.normalized(let w0, let h0), .normalized(let w1, let h1)):
      return .normalized(width: lerp(w0, w1, t), height: lerp(h0, h1, t))
    case (.pixels(let w0, let h0), .pixels(let w1, let h1)):
      return .pixels(width: lerp(w0, w1, t), height: lerp(h0, h1, t))
    case (.percent(let w0, let h0), .percent(let w1, let h1)):
      return .percent(width: lerp(w0, w1, t), height: lerp(h0, h1, t))
    default:
      let unit = CGSize(width: 1, height: 1)
      let s0 = a.resolved(in: unit)
      let s1 = b.resolved(in: unit)
      return .normalized(
        width: lerp(Double(s0.width), Double(s1.width), t),
        height: lerp(Double(s0.height), Double(s1.height), t))
    }
  }
}

/// Resolves positions and sizes into frames in render space.
public enum Layout {
  /// Returns the frame of an item placed at `position` with `size`, pinned by `anchor`.
  ///
  /// The size and the point are resolved in render space; the origin is the point minus the size
  /// times the anchor's unit offset.
  /// - Parameters:
  ///   - position: Where the anchor point lands.
  ///   - size: The item's size.
  ///   - anchor: Which point of the item lands on `position`.
  ///   - renderSize: The canvas size.
  public static func resolveFrame(
    position: Position, size: Size, anchor: Anchor = .center, in renderSize: CGSize
  ) -> CGRect {
    let point = position.resolved(in: renderSize)
    let resolvedSize = size.resolved(in: renderSize)
    let offset = anchor.unitOffset
    return CGRect(
      x: point.x - resolvedSize.width * offset.x,
      y: point.y - resolvedSize.height * offset.y,
      width: resolvedSize.width,
      height: resolvedSize.height)
  }
}
