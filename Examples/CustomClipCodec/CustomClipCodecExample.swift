import Foundation
import KadrPersistence
import KadrPluginExample

/// Registers a plugin's clip, overlay, filter and text animation kinds from outside the package,
/// saves a composition that mixes them with built-in kinds (also inside nested tracks), reopens
/// it, and shows the loss report, unknown content and the completeness report.
///
/// The countdown's codec (`CountdownCodec`) declares its fields once, as a list of keys and key
/// paths (`FieldListCodec`); the other three kinds' codecs write and read by hand. Both styles
/// register, save and open the same way.
@main
enum CustomClipCodecExample {
  static func main() {
    let checks = Checklist()
    do {
      try run(checks)
    } catch {
      checks.check(false, "unexpected error: \(error)")
    }
    print(checks.failures.isEmpty ? "\nAll checks passed." : "\n\(checks.failures.count) failed.")
    exit(checks.failures.isEmpty ? 0 : 1)
  }

  static func run(_ checks: Checklist) throws {
    let registry = try CodecRegistry.standard.merging(ExamplePlugin.fragment())
    let coder = KadrCoder(registry: registry)

    section("The composition")
    let video = Showcase.composition()
    for line in Outline.lines(of: video) { print(line) }

    section("Saved")
    let data = try coder.data(for: video)
    let text = String(decoding: data, as: UTF8.self)
    print("\(data.count) bytes:")
    print(text)
    checks.check(
      text.hasPrefix(#"{"payloadVersions":{"com.example.countdown":2},"schema":1,"#),
      "the envelope records the countdown's payload version 2")

    section("Reopened")
    let reopened = try coder.video(from: data)
    for line in Outline.lines(of: reopened) { print(line) }
    let differences = ReflectionDiff.differences(video, reopened)
    checks.check(differences.isEmpty, "the reopened composition equals the saved one by reflection")
    for line in differences { print("    \(line)") }
    checks.check(try coder.data(for: reopened) == data, "saving it again gives the same bytes")

    section("A lossy variant: a countdown with onTick code")
    let lossy = Showcase.lossyComposition()
    let losses = coder.lossyContent(in: lossy)
    for line in losses { print("  - \(line)") }
    checks.check(
      losses.map(\.kind) == [.codeOnlyField("onTick")], "the countdown's codec reports onTick")
    do {
      _ = try coder.data(for: lossy)
      checks.check(false, "saving without allowingLoss is refused")
    } catch let error as PersistenceError {
      checks.check(!error.losses.isEmpty, "saving without allowingLoss is refused")
      print("  refused: \(error.errorDescription ?? "\(error)")")
    }
    let document = try coder.encode(lossy, allowingLoss: true)
    print(document.lossReport.rendered())
    checks.check(document.lossReport.losses.count == 1, "allowingLoss saves and reports the loss")

    try unknownContent(data, checks)
    completeness(registry, checks)
  }

  /// Opens the saved bytes in an app that lacks the plugin: refused, or kept verbatim.
  static func unknownContent(_ data: Data, _ checks: Checklist) throws {
    section("Opened without the plugin (standard registry only)")
    do {
      _ = try KadrCoder(registry: .standard).video(from: data)
      checks.check(false, "an unknown kind is refused by default")
    } catch let error as PersistenceError {
      checks.check(error.kindID == CountdownCodec.kindID, "an unknown kind is refused by default")
      print("  \(error)")
      print("  \(error.recoverySuggestion ?? "")")
    }
    let preserving = KadrCoder(registry: .standard, options: CodingOptions(preservingUnknown: true))
    let opened = try preserving.open(data)
    for line in Outline.lines(of: opened.root) { print(line) }
    let resaved = try preserving.encode(opened.root)
    print(resaved.lossReport.rendered())
    checks.check(
      try resaved.data() == data, "with preservingUnknown, saving it unchanged gives the same bytes"
    )
  }

  /// The registry-wide completeness report, and its entries for the plugin's kinds.
  static func completeness(_ registry: CodecRegistry, _ checks: Checklist) {
    section("Completeness")
    let report = registry.completenessReport()
    print(report.rendered().split(separator: "\n").first.map(String.init) ?? "")
    let plugin = CompletenessReport(
      entries: report.entries.filter { ExamplePlugin.kindIDs.contains($0.kindID) })
    print(plugin.rendered())
    checks.check(
      plugin.entries.count == ExamplePlugin.kindIDs.count && plugin.isComplete,
      "the report covers the plugin's four kinds, all complete")
    checks.check(report.isComplete, "every registered kind is complete")
  }

  static func section(_ title: String) {
    print("\n== \(title) ==")
  }
}
