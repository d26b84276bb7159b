import Foundation
import KadrModel
import Testing

@Suite("Interpolation")
struct InterpolationTests {
  @Test(arguments: [(0.0, 10.0), (0.25, 12.5), (0.5, 15), (1, 20), (1.5, 25), (-0.5, 5)])
  func doubleInterpolatesLinearlyAndExtrapolates(_ t: Double, _ expected: Double) {
    #expect(Double.interpolate(10, 20, t: t) == expected)
  }

  // MARK: Position

  /// Pairs in the same unit, and the value halfway: the unit is kept.
  static let samePositionUnits: [(Position, Position, Position)] = [
    (.normalized(x: 0, y: 1), .normalized(x: 1, y: 0), .normalized(x: 0.5, y: 0.5)),
    (.pixels(x: 100, y: 0), .pixels(x: 200, y: 50), .pixels(x: 150, y: 25)),
    (.percent(x: 0, y: 100), .percent(x: 50, y: 0), .percent(x: 25, y: 50)),
  ]

  @Test(arguments: samePositionUnits)
  func positionInTheSameUnitKeepsTheUnit(_ a: Position, _ b: Position, _ half: Position) {
    #expect(Position.interpolate(a, b, t: 0.5) == half)
    #expect(Position.interpolate(a, b, t: 0) == a)
    #expect(Position.interpolate(a, b, t: 1) == b)
  }

  /// Pairs in different units, resolved against a 1×1 canvas; the result is normalised.
  static let mixedPositionUnits: [(Position, Position, Double, Position)] = [
    (.pixels(x: 0.5, y: 0.5), .normalized(x: 1, y: 1), 0.5, .normalized(x: 0.75, y: 0.75)),
    (.percent(x: 50, y: 50), .normalized(x: 0, y: 0), 0.5, .normalized(x: 0.25, y: 0.25)),
    (.pixels(x: 0, y: 1), .percent(x: 100, y: 0), 0.25, .normalized(x: 0.25, y: 0.75)),
    (.percent(x: 20, y: 40), .pixels(x: 0.2, y: 0.4), 0, .normalized(x: 0.2, y: 0.4)),
  ]

  @Test(arguments: mixedPositionUnits)
  func positionInMixedUnitsIsNormalizedAgainstAUnitCanvas(
    _ a: Position, _ b: Position, _ t: Double, _ expected: Position
  ) {
    let result = Position.interpolate(a, b, t: t)
    guard case .normalized(let x, let y) = result, case .normalized(let ex, let ey) = expected
    else {
      Issue.record("expected a normalised position, got \(result)")
      return
    }
    #expect(abs(x - ex) < 1e-12 && abs(y - ey) < 1e-12, "\(result)")
  }

  // MARK: Size

  static let sameSizeUnits: [(Size, Size, Size)] = [
    (
      .normalized(width: 0, height: 1), .normalized(width: 1, height: 0),
      .normalized(width: 0.5, height: 0.5)
    ),
    (
      .pixels(width: 100, height: 10), .pixels(width: 300, height: 30),
      .pixels(width: 200, height: 20)
    ),
    (
      .percent(width: 10, height: 50), .percent(width: 30, height: 50),
      .percent(width: 20, height: 50)
    ),
  ]

  @Test(arguments: sameSizeUnits)
  func sizeInTheSameUnitKeepsTheUnit(_ a: Size, _ b: Size, _ half: Size) {
    #expect(Size.interpolate(a, b, t: 0.5) == half)
    #expect(Size.interpolate(a, b, t: 0) == a)
    #expect(Size.interpolate(a, b, t: 1) == b)
  }

  static let mixedSizeUnits: [(Size, Size, Size)] = [
    (
      .pixels(width: 0.5, height: 1), .normalized(width: 1, height: 0),
      .normalized(width: 0.75, height: 0.5)
    ),
    (
      .percent(width: 100, height: 0), .normalized(width: 0, height: 1),
      .normalized(width: 0.5, height: 0.5)
    ),
    // Fit of aspect 2 inside 1×1 is 1×0.5; halfway to 0×0.
    (
      .aspectFit(within: .normalized(width: 1, height: 1), sourceAspect: 2),
      .normalized(width: 0, height: 0), .normalized(width: 0.5, height: 0.25)
    ),
    // Fill of aspect 2 covering 1×1 is 2×1; two fits of the same kind still normalise.
    (
      .aspectFill(covering: .normalized(width: 1, height: 1), sourceAspect: 2),
      .aspectFit(within: .normalized(width: 1, height: 1), sourceAspect: 0.5),
      .normalized(width: 1.25, height: 1)
    ),
  ]

  @Test(arguments: mixedSizeUnits)
  func sizeInMixedUnitsIsNormalizedAgainstAUnitCanvas(_ a: Size, _ b: Size, _ half: Size) {
    let result = Size.interpolate(a, b, t: 0.5)
    guard case .normalized(let w, let h) = result, case .normalized(let ew, let eh) = half else {
      Issue.record("expected a normalised size, got \(result)")
      return
    }
    #expect(abs(w - ew) < 1e-12 && abs(h - eh) < 1e-12, "\(result)")
  }

  // MARK: Transform

  @Test func transformInterpolatesCentreRotationAndScale() {
    let a = Transform(center: .normalized(x: 0, y: 0), rotation: 0, scale: 1, anchor: .topLeft)
    let b = Transform(
      center: .normalized(x: 1, y: 0.5), rotation: .pi, scale: 3, anchor: .bottomRight)
    let quarter = Transform.interpolate(a, b, t: 0.25)
    #expect(quarter.center == .normalized(x: 0.25, y: 0.125))
    #expect(quarter.rotation == .pi / 4)
    #expect(quarter.scale == 1.5)
    #expect(quarter.anchor == .topLeft)
  }

  @Test(arguments: [
    (0.0, Anchor.topLeft), (0.49, .topLeft), (0.5, .bottomRight), (1, .bottomRight),
  ])
  func transformAnchorSwitchesAtOneHalf(_ t: Double, _ anchor: Anchor) {
    let a = Transform(anchor: .topLeft)
    let b = Transform(anchor: .bottomRight)
    #expect(Transform.interpolate(a, b, t: t).anchor == anchor)
  }

  @Test func transformCentreInMixedUnitsIsNormalized() {
    let a = Transform(center: .pixels(x: 0, y: 0))
    let b = Transform(center: .percent(x: 100, y: 100))
    #expect(Transform.interpolate(a, b, t: 0.5).center == .normalized(x: 0.5, y: 0.5))
  }

  @Test func identityIsTheDefaultTransform() {
    let identity = Transform.identity
    #expect(identity.center == .center)
    #expect(identity.rotation == 0 && identity.scale == 1 && identity.anchor == .center)
  }

  @Test func animationOfTransformInterpolatesEveryField() throws {
    let animation = Animation<Transform>.keyframes([
      .at(0, value: Transform(rotation: 0, scale: 1)),
      .at(2, value: Transform(rotation: 1, scale: 2, anchor: .top)),
    ])
    let value = try #require(animation.value(at: Time(seconds: 1)))
    #expect(value.rotation == 0.5 && value.scale == 1.5)
    #expect(value.anchor == .top)  // t = 0.5 takes the later anchor
  }
}
