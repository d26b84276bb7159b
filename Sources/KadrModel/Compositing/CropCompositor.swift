import Foundation

/// Crops each frame to a region and stretches the region back to fill the frame, as
/// ``VideoClip/crop(at:size:anchor:)`` appends.
///
/// The region is resolved against the frame's own size
/// (``Layout/resolveFrame(position:size:anchor:in:)``) and clipped to the frame; it is stretched to
/// the frame's size with nearest-neighbour sampling, so a region of another aspect ratio is
/// distorted (kadr's "reframe" semantics). A region that
/// misses the frame, or is empty or not finite, leaves the frame unchanged, as in kadr.
///
/// kadr keeps this type internal; it is public here so that the persistence layer can recognise a
/// crop and save it as data instead of reporting it as code.
public struct CropCompositor: Compositor, Hashable {
  /// Where the region's anchor lies.
  public let position: Position
  /// The region's size.
  public let size: Size
  /// Which point of the region lies at ``position``.
  public let anchor: Anchor

  /// Creates a crop from all of its stored properties, as a decoder does.
  ///
  /// - Parameters:
  ///   - position: Where the region's anchor lies.
  ///   - size: The region's size.
  ///   - anchor: Which point of the region lies at `position`.
  public init(position: Position, size: Size, anchor: Anchor = .center) {
    self.position = position
    self.size = size
    self.anchor = anchor
  }

  /// Returns the cropped region stretched to the frame's size.
  ///
  /// - Parameters:
  ///   - image: The frame.
  ///   - context: Unused: the region is resolved against the frame.
  public func process(image: VideoFrame, context: CompositorContext) -> VideoFrame {
    let width = image.width
    let height = image.height
    guard width > 0, height > 0 else { return image }
    let frameSize = CGSize(width: width, height: height)
    let region = Layout.resolveFrame(position: position, size: size, anchor: anchor, in: frameSize)
    let values = [region.minX, region.minY, region.width, region.height].map { Double($0) }
    guard values.allSatisfy(\.isFinite) else { return image }
    let clipped = region.standardized.intersection(CGRect(origin: .zero, size: frameSize))
    guard !clipped.isNull, clipped.width > 0, clipped.height > 0 else { return image }
    var output = [Float](repeating: 0, count: image.pixels.count)
    for y in 0..<height {
      let sourceY = VideoFrame.nearestSource(
        y, outputLength: height, origin: Double(clipped.minY), length: Double(clipped.height))
      for x in 0..<width {
        let sourceX = VideoFrame.nearestSource(
          x, outputLength: width, origin: Double(clipped.minX), length: Double(clipped.width))
        let clampedX = min(max(sourceX, 0), width - 1)
        let clampedY = min(max(sourceY, 0), height - 1)
        guard let from = image.pixelOffset(x: clampedX, y: clampedY),
          let to = image.pixelOffset(x: x, y: y)
        else { continue }
        for component in 0..<4 { output[to + component] = image.pixels[from + component] }
      }
    }
    return VideoFrame(width: width, height: height, pixels: output)
  }
}
