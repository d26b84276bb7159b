import Foundation

/// Multiplies each frame's coverage by a mask's alpha, the mask stretched to the frame, as
/// ``VideoClip/mask(_:)`` appends.
///
/// Where the mask is opaque the frame shows; where it is transparent the frame becomes
/// transparent; partial alpha gives partial coverage. Frames are premultiplied, so all four
/// components of a pixel are multiplied by the mask's alpha at that point (nearest-neighbour
/// sampling). Several masks multiply together. An empty (0×0) mask makes the frame transparent,
/// as an empty Core Image mask does.
///
/// kadr keeps this type internal; it is public here so that the persistence layer can recognise a
/// mask and save it as data instead of reporting it as code.
public struct MaskCompositor: Compositor, Equatable {
  /// The mask; only its alpha is used.
  public let mask: VideoFrame

  /// Creates a mask compositor from all of its stored properties, as a decoder does.
  ///
  /// - Parameter mask: The mask.
  public init(mask: VideoFrame) {
    self.mask = mask
  }

  /// Returns the frame with each pixel multiplied by the mask's alpha there.
  ///
  /// - Parameters:
  ///   - image: The frame.
  ///   - context: Unused: the mask is stretched to the frame.
  public func process(image: VideoFrame, context: CompositorContext) -> VideoFrame {
    let width = image.width
    let height = image.height
    guard width > 0, height > 0 else { return image }
    var output = image.pixels
    for y in 0..<height {
      let maskY = VideoFrame.nearestSource(
        y, outputLength: height, origin: 0, length: Double(mask.height))
      for x in 0..<width {
        let maskX = VideoFrame.nearestSource(
          x, outputLength: width, origin: 0, length: Double(mask.width))
        guard let to = image.pixelOffset(x: x, y: y) else { continue }
        let coverage = mask.pixelOffset(x: maskX, y: maskY).map { mask.pixels[$0 + 3] } ?? 0
        for component in 0..<4 { output[to + component] *= coverage }
      }
    }
    return VideoFrame(width: width, height: height, pixels: output)
  }
}
