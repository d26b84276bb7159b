import Foundation
import KadrPersistence
import KadrPluginExample

/// The committed fixtures, found next to this folder.
enum Fixtures {
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

  /// The bytes of a fixture.
  static func data(_ name: String) throws -> Data {
    try Data(contentsOf: directory.appendingPathComponent(name))
  }

  /// The text of a fixture.
  static func text(_ name: String) throws -> String {
    String(decoding: try data(name), as: UTF8.self)
  }
}

/// The example plugin as its tests use it.
enum Plugin {
  /// The standard registry with the example plugin.
  static func registry() throws -> CodecRegistry { try ExamplePlugin.registry() }

  /// A coder over ``registry()``.
  static func coder(
    _ options: CodingOptions = CodingOptions(), migrations: MigrationChain = MigrationChain()
  ) throws -> KadrCoder {
    KadrCoder(registry: try registry(), options: options, migrations: migrations)
  }

  /// A coder over the standard registry only: an app that lacks the plugin.
  static func standardCoder(preservingUnknown: Bool = false) -> KadrCoder {
    KadrCoder(registry: .standard, options: CodingOptions(preservingUnknown: preservingUnknown))
  }

  static func seconds(_ value: Int64) -> Time { Time(value: value, timescale: 1) }

  /// A scalar animation for filters.
  static let ramp = Animation<Double>.keyframes(
    [.at(seconds(0), value: 2), .at(seconds(3), value: 8)], timing: .easeIn)

  /// A clip holding a built-in, a plugin and another built-in filter, with ids and animations.
  static func filteredClip() -> VideoClip {
    VideoClip(url: URL(fileURLWithPath: "/media/a.mov"))
      .filter(.sepia(intensity: 0.4), id: "sepia")
      .filter(.custom(Halftone(dotSize: 4, angle: 0.5)), id: "halftone", animation: ramp)
      .filter(.brightness(0.1), id: "bright", animation: ramp)
  }

  /// Every plugin kind mixed with built-in kinds, with plugin clips inside nested tracks.
  static func showcase() -> Video {
    Video(
      clips: [
        Countdown(from: 3, face: .ring).id("intro"),
        filteredClip(),
        Transition.dissolve(duration: 0.5),
        Track(name: "outer") {
          TitleSequence("Go!", duration: 1)
          Track(name: "inner") {
            Countdown(from: 2, color: .red).at(time: seconds(4))
            VideoClip(url: URL(fileURLWithPath: "/media/b.mov"))
              .filter(.custom(Halftone(dotSize: 9)), id: "dots")
          }
        },
      ],
      preset: .square,
      overlays: [
        ProgressBar(fill: .red, thickness: 6, layerID: "bar"),
        TextOverlay(
          text: "Ready?", layerID: "typed",
          textAnimation: Typewriter(charactersPerSecond: 8, beginTime: seconds(1))),
        TextOverlay(text: "Built-in", textAnimation: FadeIn(duration: seconds(1))),
      ])
  }

  /// The composition of `countdown-v1.json` and `schema-0.json`, as version 2 reads it.
  static func version1Composition() -> Video {
    Video(clips: [
      Countdown(from: 3, face: .digits, color: .white, duration: seconds(3), clipID: "intro"),
      TitleSequence("Go!", duration: 1),
      Track(
        clips: [
          Countdown(
            from: 5, color: PlatformColor(red: 1, green: 0.8, blue: 0), duration: seconds(5),
            startTime: seconds(2))
        ], name: "nested"),
    ])
  }

  /// The migration from the synthetic schema 0, which stored the composition under
  /// `"composition"`.
  static let renameComposition = SchemaMigration(from: 0) { envelope throws in
    var migrated = JSONObject()
    for (key, value) in envelope {
      migrated[key == "composition" ? "video" : key] = value
    }
    return migrated
  }
}
