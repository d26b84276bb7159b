import Foundation
import KadrPersistence
import KadrPersistenceTesting
import KadrPluginExample
import Testing

/// Documents saved with the example plugin, opened by an app that only has the standard registry.
@Suite("Unknown content")
struct UnknownContentTests {
  /// One kind of unknown content, where the error must point.
  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let video: Video
    let kind: KindID
    let pointer: String
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "a clip", video: Video(clips: [TitleSequence("a", duration: 1), Countdown(from: 1)]),
      kind: CountdownCodec.kindID, pointer: "/video/clips/1"),
    Case(
      name: "a clip in nested tracks",
      video: Video(clips: [Track { Track { Countdown(from: 1) } }]),
      kind: CountdownCodec.kindID, pointer: "/video/clips/0/track/_0/clips/0/track/_0/clips/0"),
    Case(
      name: "an overlay", video: Video(clips: [], overlays: [TextOverlay("a"), ProgressBar()]),
      kind: ProgressBarCodec.kindID, pointer: "/video/overlays/1"),
    Case(
      name: "a filter", video: Video(clips: [Plugin.filteredClip()]),
      kind: KindID(Halftone.kind.rawValue), pointer: "/video/clips/0/video/_0/filters/1/kind"),
    Case(
      name: "a text animation",
      video: Video(
        clips: [],
        overlays: [TextOverlay(text: "a", textAnimation: Typewriter(charactersPerSecond: 3))]),
      kind: TypewriterCodec.kindID, pointer: "/video/overlays/0/text/_0/textAnimation/kind"),
  ]

  @Test(arguments: cases)
  func isRefusedByDefaultWithTheKindThePointerAndTheFix(_ item: Case) throws {
    let data = try Plugin.coder().data(for: item.video)
    let error = try #require(throws: PersistenceError.self) {
      try Plugin.standardCoder().video(from: data)
    }
    guard case .unknownKind(_, let kind) = error.reason else {
      Issue.record("unexpected \(error.reason)")
      return
    }
    #expect(kind == item.kind)
    #expect(error.kindID == item.kind)
    #expect(error.pointer?.description == item.pointer)
    #expect(error.failureReason?.contains("'\(item.kind)' at \(item.pointer)") == true)
    #expect(
      error.recoverySuggestion
        == "Register the codec of the plugin that wrote it, or open with preservingUnknown to "
        + "keep it unchanged.")
  }

  @Test(arguments: cases)
  func isPreservedAndSavedBackVerbatim(_ item: Case) throws {
    let data = try Plugin.coder().data(for: item.video)
    let coder = Plugin.standardCoder(preservingUnknown: true)
    let opened = try coder.open(data)
    #expect(opened.preserved.map(\.kindID) == [item.kind])
    #expect(try coder.data(for: opened.root) == data)
  }

  @Test func aShowcaseOpensWithoutThePluginAndSavesTheSameBytes() throws {
    let data = try Plugin.coder().data(for: Plugin.showcase())
    let coder = Plugin.standardCoder(preservingUnknown: true)
    let opened = try coder.open(data)
    #expect(
      opened.preserved.map(\.description) == [
        "clip 'com.example.countdown' version 2 at /video/clips/0 (kept as read, not understood)",
        "filter 'com.example.halftone' at /video/clips/1/video/_0/filters/1 (kept as read, not "
          + "understood)",
        "clip 'com.example.countdown' version 2 at /video/clips/3/track/_0/clips/1/track/_0/clips/0 "
          + "(kept as read, not understood)",
        "filter 'com.example.halftone' at /video/clips/3/track/_0/clips/1/track/_0/clips/1/video/_0/"
          + "filters/0 (kept as read, not understood)",
        "overlay 'com.example.progressbar' at /video/overlays/0 (kept as read, not understood)",
        "text animation 'com.example.typewriter' at /video/overlays/1/text/_0/textAnimation (kept "
          + "as read, not understood)",
      ])
    #expect(try coder.data(for: opened.root) == data)
    // The app with the plugin understands everything again.
    let understood = try Plugin.coder().video(from: coder.data(for: opened.root))
    #expect(PersistenceTestKit.differences(Plugin.showcase(), understood).isEmpty)
  }

  @Test func preservedFiltersKeepTheParallelArraysAligned() throws {
    let data = try Plugin.coder().data(for: Video(clips: [Plugin.filteredClip()]))
    let opened = try Plugin.standardCoder(preservingUnknown: true).video(from: data)
    let clip = try #require(opened.clips.first as? VideoClip)
    #expect(clip.filterIDs.map(\.rawValue) == ["sepia", "halftone", "bright"])
    #expect(clip.filters.count == 3)
    #expect(clip.filters[0] == .sepia(intensity: 0.4))
    #expect(clip.filters[2] == .brightness(0.1))
    guard case .custom(let custom) = clip.filters[1], let kept = custom as? PreservedFilter else {
      Issue.record("filters[1] is \(clip.filters[1])")
      return
    }
    #expect(kept.kindID == KindID(Halftone.kind.rawValue))
    #expect(clip.filterAnimations.map { $0 != nil } == [false, true, true])
  }

  @Test func theLossReportListsPreservedContentApartFromRealLosses() throws {
    let data = try Plugin.coder().data(for: Plugin.showcase())
    let coder = Plugin.standardCoder(preservingUnknown: true)
    let opened = try coder.video(from: data)
    let edited = Video(
      clips: opened.clips + [
        VideoClip(url: URL(fileURLWithPath: "/media/c.mov")).compositor { frame, _ in frame }
      ],
      preset: opened.preset, overlays: opened.overlays)

    #expect(coder.lossyContent(in: edited).map(\.kind) == [.compositor])
    let report = try coder.encode(edited, allowingLoss: true).lossReport
    #expect(report.losses.map(\.kind) == [.compositor])
    #expect(report.preserved.count == 6)
    #expect(!report.isLossless)
    let rendered = report.rendered()
    #expect(rendered.contains("1 item cannot be saved:"))
    #expect(rendered.contains("6 items kept as read without being understood:"))

    let unedited = try coder.encode(opened).lossReport
    #expect(unedited.isLossless)
    #expect(unedited.preserved.count == 6)
  }
}
