import Foundation
import KadrModel
import Testing

@Suite("Sticker overlay")
struct StickerOverlayTests {
  /// A sticker with every field away from its default, so a change to any field shows.
  static let loaded = StickerOverlay(
    image: OverlayFixture.image, position: .topLeft, size: .pixels(width: 10, height: 10),
    anchor: .topLeft, opacity: 0.5, layerID: "star", visibilityRange: TimeRange(1...2),
    positionAnimation: OverlayFixture.positionAnimation,
    sizeAnimation: OverlayFixture.sizeAnimation, rotation: 0.3,
    shadow: StickerOverlay.Shadow(color: .red))

  static let cases: [ModelModifierCase<StickerOverlay>] = [
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
    .init(
      name: "rotation radians", changes: ["rotation"], apply: { $0.rotation(1.25) },
      check: { $0.rotation == 1.25 }),
    .init(
      name: "rotation degrees", changes: ["rotation"], apply: { $0.rotation(degrees: 90) },
      check: { abs($0.rotation - Double.pi / 2) < 1e-12 }),
    .init(
      name: "shadow value", changes: ["shadow"],
      apply: { $0.shadow(StickerOverlay.Shadow(radius: 2)) },
      check: { $0.shadow == StickerOverlay.Shadow(radius: 2) }),
    .init(
      name: "shadow parts, defaults", changes: ["shadow"], apply: { $0.shadow() },
      check: { $0.shadow == StickerOverlay.Shadow() }),
    .init(
      name: "shadow parts", changes: ["shadow"],
      apply: {
        $0.shadow(color: .blue, radius: 3, offset: CGSize(width: 1, height: 1), opacity: 0.7)
      },
      check: {
        $0.shadow
          == StickerOverlay.Shadow(
            color: .blue, radius: 3, offset: CGSize(width: 1, height: 1), opacity: 0.7)
      }),
  ]

  @Test(arguments: cases)
  func modifierReplacesOneFieldAndKeepsTheRest(_ modifier: ModelModifierCase<StickerOverlay>) {
    let modified = modifier.apply(Self.loaded)
    #expect(ReflectedFields.changed(Self.loaded, modified) == modifier.changes)
    #expect(modifier.check(modified))
  }

  @Test(arguments: [
    (0.0, 0.0), (180.0, Double.pi), (-90.0, -Double.pi / 2), (360.0, 2 * Double.pi),
  ])
  func degreesBecomeRadians(degrees: Double, radians: Double) {
    let sticker = StickerOverlay(OverlayFixture.image).rotation(degrees: degrees)
    #expect(abs(sticker.rotation - radians) < 1e-12)
  }

  @Test func defaultsAreKadrs() {
    let sticker = StickerOverlay(OverlayFixture.image)
    #expect(sticker.position == .center)
    #expect(sticker.size == nil)
    #expect(sticker.anchor == .center)
    #expect(sticker.opacity == 1)
    #expect(sticker.layerID == nil)
    #expect(sticker.visibilityRange == nil)
    #expect(sticker.positionAnimation == nil)
    #expect(sticker.sizeAnimation == nil)
    #expect(sticker.rotation == 0)
    #expect(sticker.shadow == nil)
  }

  @Test func shadowDefaultsAreKadrs() {
    let shadow = StickerOverlay.Shadow()
    #expect(shadow.color == .black)
    #expect(shadow.radius == 8)
    #expect(shadow.offset == CGSize(width: 0, height: 4))
    #expect(shadow.opacity == 0.4)
  }

  /// Each field alone must break equality; kadr's `==` ignores colour, ours does not.
  @Test(arguments: [
    StickerOverlay.Shadow(color: .white),
    StickerOverlay.Shadow(radius: 9),
    StickerOverlay.Shadow(offset: CGSize(width: 1, height: 4)),
    StickerOverlay.Shadow(opacity: 0.5),
  ])
  func shadowEqualityComparesEveryField(other: StickerOverlay.Shadow) {
    #expect(other != StickerOverlay.Shadow())
  }

  @Test func fullInitialiserRoundTripsASticker() {
    let original = Self.loaded
    let rebuilt = StickerOverlay(
      image: original.image, position: original.position, size: original.size,
      anchor: original.anchor, opacity: original.opacity, layerID: original.layerID,
      visibilityRange: original.visibilityRange, positionAnimation: original.positionAnimation,
      sizeAnimation: original.sizeAnimation, rotation: original.rotation, shadow: original.shadow)
    #expect(ReflectedFields.of(rebuilt) == ReflectedFields.of(original))
    #expect(ReflectedFields.of(original).count == 11)
  }
}
