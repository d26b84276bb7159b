import Foundation
import KadrModel
import Testing

/// Shared values for the overlay and title tests.
enum OverlayFixture {
  /// A valid 1×1 PNG.
  static let image: PlatformImage = {
    let base64 =
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
    guard let data = Data(base64Encoded: base64), let image = try? PlatformImage(data: data) else {
      preconditionFailure("the test PNG is valid")
    }
    return image
  }()

  static let positionAnimation = Animation<Position>.keyframes([
    .at(0, value: .topLeft), .at(1, value: .bottomRight),
  ])

  static let sizeAnimation = Animation<Size>.keyframes([
    .at(0, value: .pixels(width: 1, height: 1)), .at(2, value: .pixels(width: 9, height: 9)),
  ])
}

/// Stored properties read by reflection, so that a check sees properties added later.
enum ReflectedFields {
  /// Every stored property of `value`, by name, as text.
  static func of(_ value: Any) -> [String: String] {
    var fields: [String: String] = [:]
    for child in Mirror(reflecting: value).children {
      guard let label = child.label else { continue }
      fields[label] = String(describing: child.value)
    }
    return fields
  }

  /// The names of the stored properties whose values differ between `before` and `after`.
  static func changed(_ before: Any, _ after: Any) -> Set<String> {
    let old = of(before)
    let new = of(after)
    return Set(old.keys.filter { old[$0] != new[$0] })
  }
}

/// A modifier under test: what it does, which stored properties it may change, and a check of
/// the new value.
struct ModelModifierCase<Subject: Sendable>: Sendable, CustomTestStringConvertible {
  let name: String
  let changes: Set<String>
  let apply: @Sendable (Subject) -> Subject
  let check: @Sendable (Subject) -> Bool

  var testDescription: String { name }
}

@Suite("Overlays")
struct OverlayTests {
  /// A text overlay with every field away from its default, so a change to any field shows.
  static let loadedText = TextOverlay(
    text: "Hello", style: TextStyle(fontSize: 20), position: .topLeft,
    size: .normalized(width: 0.5, height: 0.5), anchor: .topLeft, opacity: 0.5,
    layerID: "caption", visibilityRange: TimeRange(1...2), textAnimation: FadeIn(duration: 1.0))

  static let textCases: [ModelModifierCase<TextOverlay>] = [
    .init(
      name: "position", changes: ["position"], apply: { $0.position(.bottom) },
      check: { $0.position == .bottom }),
    .init(
      name: "size", changes: ["size"], apply: { $0.size(.pixels(width: 3, height: 4)) },
      check: { $0.size == .pixels(width: 3, height: 4) }),
    .init(
      name: "anchor", changes: ["anchor"], apply: { $0.anchor(.bottomRight) },
      check: { $0.anchor == .bottomRight }),
    .init(
      name: "opacity", changes: ["opacity"], apply: { $0.opacity(0.25) },
      check: { $0.opacity == 0.25 }),
    .init(
      name: "id", changes: ["layerID"], apply: { $0.id("title") }, check: { $0.layerID == "title" }),
    .init(
      name: "style", changes: ["style"], apply: { $0.style(TextStyle(weight: .bold)) },
      check: { $0.style == TextStyle(weight: .bold) }),
    .init(
      name: "visible(during: TimeRange)", changes: ["visibilityRange"],
      apply: {
        $0.visible(during: TimeRange(start: .zero, duration: Time(value: 5, timescale: 1)))
      },
      check: {
        $0.visibilityRange == TimeRange(start: .zero, duration: Time(value: 5, timescale: 1))
      }),
    .init(
      name: "visible(during: seconds)", changes: ["visibilityRange"],
      apply: { $0.visible(during: 0.5...1.5) },
      check: {
        $0.visibilityRange
          == TimeRange(
            start: Time(value: 300, timescale: 600), duration: Time(value: 1, timescale: 1))
      }),
    .init(
      name: "animation", changes: ["textAnimation"],
      apply: { $0.animation(.scaleUp(duration: 2)) },
      check: { $0.textAnimation as? ScaleUp == ScaleUp(duration: 2.0) }),
  ]

  @Test(arguments: textCases)
  func textModifierReplacesOneFieldAndKeepsTheRest(_ modifier: ModelModifierCase<TextOverlay>) {
    let modified = modifier.apply(Self.loadedText)
    #expect(ReflectedFields.changed(Self.loadedText, modified) == modifier.changes)
    #expect(modifier.check(modified))
  }

  @Test func textOverlayDefaultsAreKadrs() {
    let overlay = TextOverlay("Hi")
    #expect(overlay.text == "Hi")
    #expect(overlay.style == .default)
    #expect(overlay.position == .center)
    #expect(overlay.size == nil)
    #expect(overlay.anchor == .center)
    #expect(overlay.opacity == 1)
    #expect(overlay.layerID == nil)
    #expect(overlay.visibilityRange == nil)
    #expect(overlay.textAnimation == nil)
    #expect(TextOverlay("Hi", style: TextStyle(fontSize: 10)).style.fontSize == 10)
  }

  @Test func textOverlayHasNoPositionOrSizeAnimation() {
    let overlay: any Overlay = Self.loadedText
    #expect(overlay.positionAnimation == nil)
    #expect(overlay.sizeAnimation == nil)
    #expect(overlay.visibilityRange == TimeRange(1...2))
  }

  @Test func fullInitialiserRoundTripsATextOverlay() {
    let original = Self.loadedText
    let rebuilt = TextOverlay(
      text: original.text, style: original.style, position: original.position,
      size: original.size, anchor: original.anchor, opacity: original.opacity,
      layerID: original.layerID, visibilityRange: original.visibilityRange,
      textAnimation: original.textAnimation)
    #expect(ReflectedFields.of(rebuilt) == ReflectedFields.of(original))
    #expect(ReflectedFields.of(original).count == 9)
  }

  // MARK: ImageOverlay

  static let loadedImage = ImageOverlay(
    image: OverlayFixture.image, position: .topLeft, size: .pixels(width: 10, height: 10),
    anchor: .topLeft, opacity: 0.5, layerID: "logo", visibilityRange: TimeRange(1...2),
    positionAnimation: OverlayFixture.positionAnimation,
    sizeAnimation: OverlayFixture.sizeAnimation)

  static let imageCases: [ModelModifierCase<ImageOverlay>] = [
    .init(
      name: "position keeps animation", changes: ["position"], apply: { $0.position(.top) },
      check: { $0.position == .top && $0.positionAnimation?.keyframes.count == 2 }),
    .init(
      name: "position(_:animation:)", changes: ["position", "positionAnimation"],
      apply: { $0.position(.right, animation: .keyframes([.at(3, value: .left)])) },
      check: { $0.position == .right && $0.positionAnimation?.keyframes.first?.value == .left }),
    .init(
      name: "size keeps animation", changes: ["size"],
      apply: { $0.size(.percent(width: 10, height: 20)) },
      check: {
        $0.size == .percent(width: 10, height: 20) && $0.sizeAnimation?.keyframes.count == 2
      }),
    .init(
      name: "size(_:animation:)", changes: ["size", "sizeAnimation"],
      apply: {
        $0.size(
          .normalized(width: 1, height: 1),
          animation: .keyframes([.at(4, value: .pixels(width: 2, height: 2))]))
      },
      check: {
        $0.size == .normalized(width: 1, height: 1) && $0.sizeAnimation?.keyframes.count == 1
      }),
    .init(
      name: "anchor", changes: ["anchor"], apply: { $0.anchor(.right) },
      check: { $0.anchor == .right }),
    .init(
      name: "opacity", changes: ["opacity"], apply: { $0.opacity(0.9) },
      check: { $0.opacity == 0.9 }),
    .init(
      name: "id", changes: ["layerID"], apply: { $0.id("badge") }, check: { $0.layerID == "badge" }),
    .init(
      name: "visible(during: TimeRange)", changes: ["visibilityRange"],
      apply: {
        $0.visible(during: TimeRange(start: .zero, duration: Time(value: 1, timescale: 1)))
      }, check: { $0.visibilityRange?.duration == Time(value: 1, timescale: 1) }),
    .init(
      name: "visible(during: seconds)", changes: ["visibilityRange"],
      apply: { $0.visible(during: 3...4) }, check: { $0.visibilityRange == TimeRange(3...4) }),
    .init(
      name: "positionAnimation", changes: ["positionAnimation"],
      apply: { $0.positionAnimation(.keyframes([.at(9, value: .bottom)])) },
      check: { $0.positionAnimation?.keyframes.first?.value == .bottom }),
    .init(
      name: "positionAnimation(nil)", changes: ["positionAnimation"],
      apply: { $0.positionAnimation(nil) }, check: { $0.positionAnimation == nil }),
    .init(
      name: "sizeAnimation", changes: ["sizeAnimation"],
      apply: { $0.sizeAnimation(.keyframes([.at(9, value: .percent(width: 1, height: 1))])) },
      check: { $0.sizeAnimation?.keyframes.first?.value == .percent(width: 1, height: 1) }),
    .init(
      name: "sizeAnimation(nil)", changes: ["sizeAnimation"], apply: { $0.sizeAnimation(nil) },
      check: { $0.sizeAnimation == nil }),
  ]

  @Test(arguments: imageCases)
  func imageModifierReplacesOneFieldAndKeepsTheRest(_ modifier: ModelModifierCase<ImageOverlay>) {
    let modified = modifier.apply(Self.loadedImage)
    #expect(ReflectedFields.changed(Self.loadedImage, modified) == modifier.changes)
    #expect(modifier.check(modified))
  }

  @Test func imageOverlayDefaultsAreKadrs() {
    let overlay = ImageOverlay(OverlayFixture.image)
    #expect(overlay.image === OverlayFixture.image)
    #expect(overlay.position == .center)
    #expect(overlay.size == nil)
    #expect(overlay.anchor == .center)
    #expect(overlay.opacity == 1)
    #expect(overlay.layerID == nil)
    #expect(overlay.visibilityRange == nil)
    #expect(overlay.positionAnimation == nil)
    #expect(overlay.sizeAnimation == nil)
  }

  @Test func fullInitialiserRoundTripsAnImageOverlay() {
    let original = Self.loadedImage
    let rebuilt = ImageOverlay(
      image: original.image, position: original.position, size: original.size,
      anchor: original.anchor, opacity: original.opacity, layerID: original.layerID,
      visibilityRange: original.visibilityRange, positionAnimation: original.positionAnimation,
      sizeAnimation: original.sizeAnimation)
    #expect(ReflectedFields.of(rebuilt) == ReflectedFields.of(original))
  }

  @Test func overlayProtocolDefaultsAreNil() {
    struct Plain: Overlay {
      var position: Position { .center }
      var size: Size? { nil }
      var anchor: Anchor { .center }
      var opacity: Double { 1 }
      var layerID: LayerID? { nil }
    }
    let overlay: any Overlay = Plain()
    #expect(overlay.visibilityRange == nil)
    #expect(overlay.positionAnimation == nil)
    #expect(overlay.sizeAnimation == nil)
  }
}
