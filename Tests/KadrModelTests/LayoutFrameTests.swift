import Foundation
import KadrModel
import Testing

@Suite("Layout frames")
struct LayoutFrameTests {
  static let canvas = CGSize(width: 1000, height: 500)

  // MARK: resolveFrame

  /// An anchor and the frame of a 100×50 item placed at the canvas centre with it.
  static let anchoredFrames: [(Anchor, CGRect)] = [
    (.center, CGRect(x: 450, y: 225, width: 100, height: 50)),
    (.topLeft, CGRect(x: 500, y: 250, width: 100, height: 50)),
    (.top, CGRect(x: 450, y: 250, width: 100, height: 50)),
    (.right, CGRect(x: 400, y: 225, width: 100, height: 50)),
    (.bottomRight, CGRect(x: 400, y: 200, width: 100, height: 50)),
    (.bottomLeft, CGRect(x: 500, y: 200, width: 100, height: 50)),
  ]

  @Test(arguments: anchoredFrames)
  func anchorPinsThatPointOfTheItemToThePosition(_ anchor: Anchor, _ frame: CGRect) {
    let resolved = Layout.resolveFrame(
      position: .center, size: .pixels(width: 100, height: 50), anchor: anchor, in: Self.canvas)
    #expect(resolved == frame)
  }

  @Test func anchorDefaultsToCenter() {
    let frame = Layout.resolveFrame(
      position: .pixels(x: 100, y: 100), size: .normalized(width: 0.1, height: 0.2),
      in: Self.canvas)
    #expect(frame == CGRect(x: 50, y: 50, width: 100, height: 100))
  }

  @Test func positionAndSizeResolveInTheirOwnUnits() {
    let frame = Layout.resolveFrame(
      position: .percent(x: 100, y: 100), size: .percent(width: 50, height: 10),
      anchor: .bottomRight, in: Self.canvas)
    #expect(frame == CGRect(x: 500, y: 450, width: 500, height: 50))
  }

  @Test func aspectFitFrameIsCentred() {
    let frame = Layout.resolveFrame(
      position: .center,
      size: .aspectFit(within: .normalized(width: 1, height: 1), sourceAspect: 1),
      in: Self.canvas)
    #expect(frame == CGRect(x: 250, y: 0, width: 500, height: 500))
  }

  // MARK: Size.resolved

  /// A size, the canvas it is resolved in, and the result.
  static let resolvedSizes: [(String, Size, CGSize, CGSize)] = [
    ("normalized", .normalized(width: 0.5, height: 0.25), hd, CGSize(width: 960, height: 270)),
    ("pixels ignore the canvas", .pixels(width: 7, height: 9), hd, CGSize(width: 7, height: 9)),
    ("percent", .percent(width: 50, height: 100), hd, CGSize(width: 960, height: 1080)),
    (
      "fit a square in landscape", .aspectFit(within: full, sourceAspect: 1), hd,
      CGSize(width: 1080, height: 1080)
    ),
    (
      "fill landscape with a square", .aspectFill(covering: full, sourceAspect: 1), hd,
      CGSize(width: 1920, height: 1920)
    ),
    (
      "fit 16:9 in portrait", .aspectFit(within: full, sourceAspect: 16.0 / 9), portrait,
      CGSize(width: 1080, height: 607.5)
    ),
    (
      "fill portrait with 2:1", .aspectFill(covering: full, sourceAspect: 2), portrait,
      CGSize(width: 3840, height: 1920)
    ),
    (
      "fit a tall source", .aspectFit(within: full, sourceAspect: 0.5), hd,
      CGSize(width: 540, height: 1080)
    ),
    (
      "fill with a tall source", .aspectFill(covering: full, sourceAspect: 0.5), hd,
      CGSize(width: 1920, height: 3840)
    ),
    (
      "same aspect fits exactly",
      .aspectFit(within: .pixels(width: 160, height: 90), sourceAspect: 16.0 / 9), hd,
      CGSize(width: 160, height: 90)
    ),
    ("zero aspect keeps the box", .aspectFit(within: full, sourceAspect: 0), hd, hd),
    ("negative aspect keeps the box", .aspectFill(covering: full, sourceAspect: -1), hd, hd),
    ("NaN aspect keeps the box", .aspectFit(within: full, sourceAspect: .nan), hd, hd),
    (
      "zero-height box is kept", .aspectFit(within: .pixels(width: 10, height: 0), sourceAspect: 1),
      hd, CGSize(width: 10, height: 0)
    ),
    (
      "nested fit of a fill",
      .aspectFit(within: .aspectFill(covering: full, sourceAspect: 1), sourceAspect: 2), hd,
      CGSize(width: 1920, height: 960)
    ),
  ]
  static let hd = CGSize(width: 1920, height: 1080)
  static let portrait = CGSize(width: 1080, height: 1920)
  static let full = Size.normalized(width: 1, height: 1)

  @Test(arguments: resolvedSizes)
  func sizeResolvesAgainstTheCanvas(
    _ why: String, _ size: Size, _ canvas: CGSize, _ expected: CGSize
  ) {
    let resolved = size.resolved(in: canvas)
    #expect(abs(resolved.width - expected.width) < 1e-9, "\(why): \(resolved)")
    #expect(abs(resolved.height - expected.height) < 1e-9, "\(why): \(resolved)")
  }

  // MARK: Positions and anchors

  @Test(arguments: [
    (Position.normalized(x: 0.25, y: 0.5), CGPoint(x: 250, y: 250)),
    (.pixels(x: 12, y: 34), CGPoint(x: 12, y: 34)),
    (.percent(x: 10, y: 20), CGPoint(x: 100, y: 100)),
    (.normalized(x: -0.5, y: 2), CGPoint(x: -500, y: 1000)),  // off the canvas is allowed
  ])
  func positionResolvesAgainstTheCanvas(_ position: Position, _ point: CGPoint) {
    #expect(position.resolved(in: Self.canvas) == point)
  }

  @Test(arguments: Anchor.allCases)
  func namedPositionsMapToTheirAnchor(_ anchor: Anchor) {
    #expect(anchor.position.namedAnchor == anchor)
    let offset = anchor.unitOffset
    #expect(anchor.position == .normalized(x: Double(offset.x), y: Double(offset.y)))
  }

  @Test func namedConstantsAreTheAnchorPositions() {
    let constants: [(Position, Anchor)] = [
      (.topLeft, .topLeft), (.top, .top), (.topRight, .topRight), (.left, .left),
      (.center, .center), (.right, .right), (.bottomLeft, .bottomLeft), (.bottom, .bottom),
      (.bottomRight, .bottomRight),
    ]
    for (position, anchor) in constants {
      #expect(position.namedAnchor == anchor)
    }
  }

  @Test(arguments: [
    Position.normalized(x: 0.3, y: 0.3),
    .normalized(x: 0.5, y: 0.5000001),
    .pixels(x: 0, y: 0),  // the same place in pixels is not a named position
    .percent(x: 50, y: 50),
  ])
  func otherPositionsHaveNoNamedAnchor(_ position: Position) {
    #expect(position.namedAnchor == nil)
  }
}
