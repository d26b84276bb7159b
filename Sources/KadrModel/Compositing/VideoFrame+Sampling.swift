import Foundation

extension VideoFrame {
  /// The offset of pixel `(x, y)`'s first component, or `nil` outside the frame.
  func pixelOffset(x: Int, y: Int) -> Int? {
    guard x >= 0, y >= 0, x < width, y < height else { return nil }
    let offset = (y * width + x) * 4
    return offset + 3 < pixels.count ? offset : nil
  }

  /// The source column or row that output index `index` of `outputLength` samples when the span
  /// `origin ..< origin + length` of the source is stretched over it (nearest neighbour, pixel
  /// centres).
  static func nearestSource(
    _ index: Int, outputLength: Int, origin: Double, length: Double
  ) -> Int {
    let position = origin + (Double(index) + 0.5) * length / Double(outputLength)
    let floored = position.rounded(.down)
    guard floored.isFinite, floored > Double(Int.min), floored < Double(Int.max) else { return -1 }
    return Int(floored)
  }
}
