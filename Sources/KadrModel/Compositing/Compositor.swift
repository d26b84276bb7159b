import Foundation

/// A frame of pixels handed to compositors: the stand-in for Core Image's `CIImage`.
///
/// Pixels are premultiplied RGBA, row-major from the top-left, four `Float`s per pixel.
public struct VideoFrame: Sendable, Equatable {
  /// The width in pixels.
  public let width: Int
  /// The height in pixels.
  public let height: Int
  /// `width * height * 4` components: red, green, blue, alpha per pixel.
  public var pixels: [Float]

  /// Creates a frame from its pixels.
  ///
  /// - Parameters:
  ///   - width: The width in pixels; negative values count as zero.
  ///   - height: The height in pixels; negative values count as zero.
  ///   - pixels: RGBA components; padded with zeros or cut to `width * height * 4`.
  public init(width: Int, height: Int, pixels: [Float]) {
    self.width = max(0, width)
    self.height = max(0, height)
    let (count, overflow) = self.width.multipliedReportingOverflow(by: self.height * 4)
    let wanted = overflow ? 0 : count
    var components = Array(pixels.prefix(wanted))
    if components.count < wanted {
      components.append(contentsOf: repeatElement(0, count: wanted - components.count))
    }
    self.pixels = components
  }

  /// A frame filled with one colour.
  ///
  /// - Parameters:
  ///   - color: The fill.
  ///   - width: The width in pixels.
  ///   - height: The height in pixels.
  public static func solid(_ color: PlatformColor, width: Int, height: Int) -> VideoFrame {
    let a = Float(color.alpha)
    let pixel = [Float(color.red) * a, Float(color.green) * a, Float(color.blue) * a, a]
    let count = max(0, width) * max(0, height)
    return VideoFrame(
      width: width, height: height,
      pixels: Array([[Float]](repeating: pixel, count: count).joined()))
  }
}

/// When and at what size a compositor is asked for a frame.
public struct CompositorContext: Sendable, Equatable {
  /// The frame's time: source time inside the clip for per-clip compositors, composition time for
  /// the multi-input compositor.
  public let time: Time
  /// The size of the frame being rendered.
  public let renderSize: CGSize

  /// Creates a context.
  ///
  /// - Parameters:
  ///   - time: The frame's time.
  ///   - renderSize: The render size.
  public init(time: Time, renderSize: CGSize) {
    self.time = time
    self.renderSize = renderSize
  }
}

/// Per-frame code run on one clip after its filters.
///
/// A compositor is code: a file cannot hold it, and saving a clip that has one reports loss.
public protocol Compositor: Sendable {
  /// Returns the processed frame.
  ///
  /// - Parameters:
  ///   - image: The clip's frame after its filters.
  ///   - context: The frame's time and size.
  func process(image: VideoFrame, context: CompositorContext) -> VideoFrame
}

/// Per-frame code that blends the frames of every active parallel track.
///
/// A multi-input compositor is code: saving a composition that has one reports loss.
public protocol MultiInputCompositor: Sendable {
  /// Returns the blended frame.
  ///
  /// - Parameters:
  ///   - images: One frame per active track, bottom first.
  ///   - context: The composition time and render size.
  func process(images: [VideoFrame], context: CompositorContext) -> VideoFrame
}

/// A compositor made from a closure, as `compositor { image, context in … }` makes.
public struct ClosureCompositor: Compositor {
  /// The closure run for each frame.
  public let body: @Sendable (VideoFrame, CompositorContext) -> VideoFrame

  /// Wraps a closure.
  ///
  /// - Parameter body: The per-frame code.
  public init(_ body: @escaping @Sendable (VideoFrame, CompositorContext) -> VideoFrame) {
    self.body = body
  }

  public func process(image: VideoFrame, context: CompositorContext) -> VideoFrame {
    body(image, context)
  }
}

/// A multi-input compositor made from a closure, as `Video.compositor { images, context in … }`
/// makes.
public struct ClosureMultiInputCompositor: MultiInputCompositor {
  /// The closure run for each frame.
  public let body: @Sendable ([VideoFrame], CompositorContext) -> VideoFrame

  /// Wraps a closure.
  ///
  /// - Parameter body: The per-frame code.
  public init(_ body: @escaping @Sendable ([VideoFrame], CompositorContext) -> VideoFrame) {
    self.body = body
  }

  public func process(images: [VideoFrame], context: CompositorContext) -> VideoFrame {
    body(images, context)
  }
}
