import Foundation
import KadrModel

/// Values that set everything, for the samples of the built-in overlay codecs.
enum OverlaySamples {
  /// A 4×2 PNG.
  static let image = PlatformImage.solidColor(
    PlatformColor(red: 1, green: 0.5, blue: 0, alpha: 0.8), width: 4, height: 2)

  /// A style with every optional set.
  static let style = TextStyle(
    fontName: "Menlo", fontSize: 42, color: .white, alignment: .trailing, weight: .medium,
    stroke: TextStroke(width: 2, color: .black),
    shadow: TextShadow(offset: CGSize(width: 1, height: 2), blur: 4))

  /// One position of each kind.
  static let positions: [Position] = [
    .normalized(x: 0.2, y: 0.8), .pixels(x: 120, y: -40), .percent(x: 50, y: 12.5),
  ]

  /// One size of each kind.
  static let sizes: [Size] = [
    .normalized(width: 0.4, height: 0.3),
    .pixels(width: 320, height: 180),
    .percent(width: 25, height: 10),
    .aspectFit(within: .normalized(width: 0.4, height: 0.4), sourceAspect: 1.5),
    .aspectFill(covering: .pixels(width: 100, height: 100), sourceAspect: 0.75),
  ]

  /// A visibility range that does not start at zero.
  static let visibility = TimeRange(
    start: Time(value: 30, timescale: 30), duration: Time(value: 60, timescale: 30))

  /// A position animation with a cubic Bézier timing.
  static let positionAnimation = Animation<Position>.keyframes(
    [
      .at(Time(value: 0, timescale: 30), value: .normalized(x: 0, y: 0)),
      .at(Time(value: 30, timescale: 30), value: .percent(x: 50, y: 50)),
    ], timing: .cubicBezier(CGPoint(x: 0.42, y: 0), CGPoint(x: 0.58, y: 1)))

  /// A size animation through two kinds of size.
  static let sizeAnimation = Animation<Size>.keyframes(
    [
      .at(Time(value: 0, timescale: 30), value: .pixels(width: 10, height: 10)),
      .at(
        Time(value: 45, timescale: 30),
        value: .aspectFit(within: .percent(width: 50, height: 50), sourceAspect: 2)),
    ], timing: .easeOut)
}
