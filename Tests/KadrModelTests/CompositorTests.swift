import Foundation
import KadrModel
import Testing

@Suite("Crop and mask compositors")
struct CompositorTests {
  static let context = CompositorContext(time: .zero, renderSize: CGSize(width: 4, height: 4))

  /// A 4×4 opaque frame whose red component is the pixel's index, 0…15.
  static let numbered = VideoFrame(
    width: 4, height: 4, pixels: (0..<16).flatMap { [Float($0), 0, 0, 1] })

  private func reds(_ frame: VideoFrame) -> [Float] {
    stride(from: 0, to: frame.pixels.count, by: 4).map { frame.pixels[$0] }
  }

  private func alphas(_ frame: VideoFrame) -> [Float] {
    stride(from: 3, to: frame.pixels.count, by: 4).map { frame.pixels[$0] }
  }

  @Test func cropStretchesTheTopLeftQuarterToFill() {
    let crop = CropCompositor(
      position: .topLeft, size: .normalized(width: 0.5, height: 0.5), anchor: .topLeft)
    let output = crop.process(image: CompositorTests.numbered, context: CompositorTests.context)
    #expect(output.width == 4 && output.height == 4)
    #expect(reds(output) == [0, 0, 1, 1, 0, 0, 1, 1, 4, 4, 5, 5, 4, 4, 5, 5])
  }

  @Test func cropOfTheCentreQuarter() {
    let crop = CropCompositor(position: .center, size: .pixels(width: 2, height: 2))
    let output = crop.process(image: CompositorTests.numbered, context: CompositorTests.context)
    #expect(reds(output) == [5, 5, 6, 6, 5, 5, 6, 6, 9, 9, 10, 10, 9, 9, 10, 10])
  }

  @Test func cropIsClippedToTheFrame() {
    // A region wholly right of the frame leaves it as it is; one straddling the right edge keeps
    // only its part inside (column 3), stretched over the frame.
    let crop = CropCompositor(
      position: .topRight, size: .normalized(width: 0.5, height: 1), anchor: .topLeft)
    #expect(
      reds(crop.process(image: CompositorTests.numbered, context: CompositorTests.context))
        == reds(CompositorTests.numbered))
    let edge = CropCompositor(
      position: .pixels(x: 3, y: 0), size: .pixels(width: 2, height: 4), anchor: .topLeft)
    let output = edge.process(image: CompositorTests.numbered, context: CompositorTests.context)
    #expect(reds(output) == [3, 3, 3, 3, 7, 7, 7, 7, 11, 11, 11, 11, 15, 15, 15, 15])
  }

  @Test func cropsFromTheModifierCompound() {
    let clip = VideoClip(url: URL(fileURLWithPath: "/a.mov"))
      .crop(at: .topLeft, size: .normalized(width: 0.5, height: 0.5), anchor: .topLeft)
      .crop(at: .topLeft, size: .normalized(width: 0.5, height: 0.5), anchor: .topLeft)
    let output = clip.compositors.reduce(CompositorTests.numbered) {
      $1.process(image: $0, context: CompositorTests.context)
    }
    #expect(reds(output) == Array(repeating: 0, count: 16))
  }

  @Test func degenerateCropLeavesTheFrame() {
    for size in [Size.pixels(width: 0, height: 2), .pixels(width: .nan, height: 2)] {
      let crop = CropCompositor(position: .center, size: size)
      let output = crop.process(image: CompositorTests.numbered, context: CompositorTests.context)
      #expect(output == CompositorTests.numbered)
    }
    let empty = VideoFrame(width: 0, height: 0, pixels: [])
    let crop = CropCompositor(position: .center, size: .normalized(width: 0.5, height: 0.5))
    #expect(crop.process(image: empty, context: CompositorTests.context) == empty)
  }

  @Test func maskKeepsOpaqueAndClearsTransparentAreas() {
    // A 2×1 mask: left half opaque, right half transparent; stretched over 4×4.
    let mask = VideoFrame(width: 2, height: 1, pixels: [1, 1, 1, 1, 0, 0, 0, 0])
    let output = MaskCompositor(mask: mask)
      .process(image: CompositorTests.numbered, context: CompositorTests.context)
    #expect(alphas(output) == [1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0])
    #expect(reds(output) == [0, 1, 0, 0, 4, 5, 0, 0, 8, 9, 0, 0, 12, 13, 0, 0])
  }

  @Test func partialMaskAlphaScalesPremultipliedPixels() {
    let frame = VideoFrame.solid(.white, width: 2, height: 2)
    let mask = VideoFrame.solid(PlatformColor(white: 1, alpha: 0.5), width: 1, height: 1)
    let once = VideoClip(url: URL(fileURLWithPath: "/a.mov")).mask(mask)
    let twice = once.mask(mask)
    let output = twice.compositors.reduce(frame) {
      $1.process(image: $0, context: CompositorTests.context)
    }
    #expect(output.pixels == Array(repeating: 0.25, count: 16))
  }

  @Test func emptyMaskMakesTheFrameTransparent() {
    let output = MaskCompositor(mask: VideoFrame(width: 0, height: 0, pixels: []))
      .process(image: CompositorTests.numbered, context: CompositorTests.context)
    #expect(output.pixels.allSatisfy { $0 == 0 })
    #expect(output.width == 4 && output.height == 4)
  }
}
