import Foundation
import KadrModel
import Testing

@Suite("Title sequence")
struct TitleSequenceTests {
  /// A title with every field away from its default, so a change to any field shows.
  static let loaded = TitleSequence(
    text: "Act I", style: TextStyle(fontSize: 80), backgroundColor: .blue,
    duration: Time(value: 5, timescale: 1), clipID: "intro",
    startTime: Time(value: 2, timescale: 1), transform: Transform(scale: 2),
    transformAnimation: .keyframes([.at(0, value: .identity)]), opacity: 0.5,
    opacityAnimation: .keyframes([.at(0, value: 0), .at(1, value: 1)]), name: "Act one",
    role: .titles, markers: [Marker("Cue", at: .zero)])

  static let cases: [ModelModifierCase<TitleSequence>] = [
    .init(
      name: "named", changes: ["name"], apply: { $0.named("Outro") },
      check: { $0.name == "Outro" }),
    .init(
      name: "role", changes: ["role"], apply: { $0.role(.titles.subrole("Lower thirds")) },
      check: { $0.role?.subrole == "Lower thirds" }),
    .init(
      name: "marker", changes: ["markers"], apply: { $0.marker(Marker("Out", at: .zero)) },
      check: { $0.markers.map(\.name) == ["Cue", "Out"] }),
    .init(
      name: "id", changes: ["clipID"], apply: { $0.id("outro") }, check: { $0.clipID == "outro" }),
    .init(
      name: "at(time: Time)", changes: ["startTime"],
      apply: { $0.at(time: Time(value: 7, timescale: 1)) },
      check: { $0.startTime == Time(value: 7, timescale: 1) }),
    .init(
      name: "at(time: seconds)", changes: ["startTime"], apply: { $0.at(time: 1.5) },
      check: { $0.startTime == Time(value: 900, timescale: 600) }),
    .init(
      name: "transform keeps animation", changes: ["transform"],
      apply: { $0.transform(Transform(rotation: 1)) },
      check: { $0.transform == Transform(rotation: 1) && $0.transformAnimation != nil }),
    .init(
      name: "transform(_:animation:)", changes: ["transform", "transformAnimation"],
      apply: {
        $0.transform(.identity, animation: .keyframes([.at(2, value: Transform(scale: 3))]))
      },
      check: {
        $0.transform == .identity
          && $0.transformAnimation?.keyframes.first?.value == Transform(scale: 3)
      }),
    .init(
      name: "opacity keeps animation", changes: ["opacity"], apply: { $0.opacity(0.8) },
      check: { $0.opacity == 0.8 && $0.opacityAnimation?.keyframes.count == 2 }),
    .init(
      name: "opacity(_:animation:)", changes: ["opacity", "opacityAnimation"],
      apply: { $0.opacity(1, animation: .keyframes([.at(3, value: 0.1)])) },
      check: { $0.opacity == 1 && $0.opacityAnimation?.keyframes.first?.value == 0.1 }),
    .init(
      name: "transformAnimation", changes: ["transformAnimation"],
      apply: { $0.transformAnimation(.keyframes([.at(4, value: Transform(scale: 4))])) },
      check: { $0.transformAnimation?.keyframes.first?.value == Transform(scale: 4) }),
    .init(
      name: "transformAnimation(nil)", changes: ["transformAnimation"],
      apply: { $0.transformAnimation(nil) }, check: { $0.transformAnimation == nil }),
    .init(
      name: "opacityAnimation", changes: ["opacityAnimation"],
      apply: { $0.opacityAnimation(.keyframes([.at(4, value: 0.3)])) },
      check: { $0.opacityAnimation?.keyframes.first?.value == 0.3 }),
    .init(
      name: "opacityAnimation(nil)", changes: ["opacityAnimation"],
      apply: { $0.opacityAnimation(nil) }, check: { $0.opacityAnimation == nil }),
  ]

  @Test(arguments: cases)
  func modifierReplacesOneFieldAndKeepsTheRest(_ modifier: ModelModifierCase<TitleSequence>) {
    let modified = modifier.apply(Self.loaded)
    #expect(ReflectedFields.changed(Self.loaded, modified) == modifier.changes)
    #expect(modifier.check(modified))
  }

  @Test func secondsInitialiserDefaultsAreKadrs() {
    let title = TitleSequence("Hello")
    #expect(title.text == "Hello")
    #expect(title.duration == Time(value: 3, timescale: 1))
    #expect(title.duration.timescale == 600)
    #expect(title.style == .default)
    #expect(title.backgroundColor == .black)
    #expect(title.clipID == nil)
    #expect(title.startTime == nil)
    #expect(title.transform == nil)
    #expect(title.transformAnimation == nil)
    #expect(title.opacity == nil)
    #expect(title.opacityAnimation == nil)
  }

  @Test func timeInitialiserKeepsItsArguments() {
    let duration = Time(value: 7, timescale: 30)
    let title = TitleSequence(
      "Line one\nLine two", duration: duration, style: TextStyle(alignment: .center),
      background: .white)
    #expect(title.duration == duration)
    #expect(title.duration.timescale == 30)
    #expect(title.style.alignment == .center)
    #expect(title.backgroundColor == .white)
    #expect(title.text.contains("\n"))
  }

  @Test func nonFiniteSecondsGiveAnInvalidDuration() {
    #expect(TitleSequence("x", duration: .infinity).duration == .invalid)
  }

  @Test func readsAsAClip() {
    let clip: any Clip = Self.loaded
    #expect(clip.duration == Time(value: 5, timescale: 1))
    #expect(clip.clipID == "intro")
    #expect(clip.startTime == Time(value: 2, timescale: 1))
    #expect(clip.transform == Transform(scale: 2))
    #expect(clip.opacity == 0.5)
    #expect(clip.transformAnimation?.keyframes.count == 1)
    #expect(clip.opacityAnimation?.keyframes.count == 2)
  }

  @Test func fullInitialiserRoundTripsATitle() {
    let original = Self.loaded
    let rebuilt = TitleSequence(
      text: original.text, style: original.style, backgroundColor: original.backgroundColor,
      duration: original.duration, clipID: original.clipID, startTime: original.startTime,
      transform: original.transform, transformAnimation: original.transformAnimation,
      opacity: original.opacity, opacityAnimation: original.opacityAnimation,
      name: original.name, role: original.role, markers: original.markers)
    #expect(ReflectedFields.of(rebuilt) == ReflectedFields.of(original))
    // kadr's ten, and this package's name, role and markers.
    #expect(ReflectedFields.of(original).count == 13)
    #expect(TitleSequence(text: "x").duration == TitleSequence("x").duration)
  }
}
