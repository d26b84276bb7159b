import Foundation
import KadrDiff
import KadrPersistence
import Testing

/// The sample of KadrDiff's landing page.
@Suite("Article: KadrDiff's landing page")
struct DiffArticleTests {
  @Test func kadrDiff() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "kadr-diff-article-" + UUID().uuidString, isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let old = directory.appendingPathComponent("old.kadr.json")
    let new = directory.appendingPathComponent("new.kadr.json")
    let hero = { (seconds: Double) in
      VideoClip(url: URL(fileURLWithPath: "/media/hero.mov")).trimmed(to: 0...seconds).id("hero")
    }
    try KadrCoder().write(
      Video {
        hero(5)
        TitleSequence("The End", duration: 2)
      }, to: old)
    try KadrCoder().write(
      Video {
        hero(4)
        TitleSequence("The End", duration: 2)
      }, to: new)

    let differ = CompositionDiffer()
    let diff = try differ.diff(from: try Data(contentsOf: old), to: try Data(contentsOf: new))
    print(diff.rendered())

    #expect(diff.summary == "1 retimed, 1 shifted, 0 unchanged")
    #expect(diff.rendered().contains("retimed  clip “hero”  duration 00:00:05:00 (5 s)"))
  }
}
