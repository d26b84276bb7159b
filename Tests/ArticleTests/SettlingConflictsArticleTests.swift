import Foundation
import KadrDiff
import KadrPersistence
import Testing

/// The first sample of "Settling conflicts".
@Suite("Article: Settling conflicts")
struct SettlingConflictsArticleTests {
  @Test func choosingASideForEachConflict() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "kadr-settling-" + UUID().uuidString, isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("merged.kadr.json")
    let intro = { (volume: Double) in
      VideoClip(url: URL(fileURLWithPath: "/media/intro.mov")).trimmed(to: 0...4).volume(volume)
        .id("intro")
    }
    let coder = KadrCoder()
    let base = try coder.encode(Video { intro(1) })
    let mine = try coder.encode(Video { intro(0.2) })
    let theirs = try coder.encode(
      Video {
        intro(0.7)
        TitleSequence("The End", duration: 2)
      })

    let differ = CompositionDiffer()
    let noChoices = ConflictChoices()
    let first = try differ.merge(base: base, ours: mine, theirs: theirs, choosing: noChoices)
    for conflict in first.openConflicts {
      print(conflict.disagreement)  // clip “intro”, volume: yours 20 %, theirs 70 % (was 100 %)
    }
    var choices = ConflictChoices()
    for conflict in first.openConflicts {
      choices.keep(.theirs, for: conflict)
    }
    let merged = try differ.merge(base: base, ours: mine, theirs: theirs, choosing: choices)
    try differ.coder.write(merged.video, to: url, images: merged.imageStore)

    #expect(
      first.openConflicts.map(\.disagreement) == [
        "clip “intro”, volume: yours 20 %, theirs 70 % (was 100 %)"
      ])
    let saved = try coder.read(from: url)
    #expect(saved.clips.count == 2, "their title, which conflicted with nothing, is kept")
    #expect((saved.clips.first as? VideoClip)?.volumeLevel == 0.7)
    #expect(merged.isDecided)
  }
}
