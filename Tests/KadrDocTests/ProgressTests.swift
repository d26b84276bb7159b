import Foundation
import Testing

@testable import KadrDocCommands

@Suite("kadr-doc progress on a terminal")
struct ProgressTests {
  @Test func theBarShowsCountPercentageRateAndETA() {
    let bar = ProgressBar(total: 10_000, console: Console())
    let line = bar.line(done: 4_213, item: "projects/a.kadr.json")
    #expect(line.hasPrefix("[########············] 4213/10000 42%"), "\(line)")
    #expect(line.hasSuffix("  projects/a.kadr.json"))
    #expect(ProgressBar.duration(7.2) == "8s")
    #expect(ProgressBar.duration(185) == "3m05s")
    #expect(ProgressBar.duration(3_720) == "1h02m")
  }

  /// A document over 16 MB opened on a terminal (a pseudo-terminal from `script`) shows its
  /// percentage on standard error; the same command on a pipe shows nothing.
  @Test func aLargeDocumentShowsItsPercentageOnATerminalOnly() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // The fixture's title clip, without its identity, many times over.
    let broad = Fixtures.broad
    let start = try #require(broad.range(of: #"{"title":{"_0":"#))
    let end = try #require(broad.range(of: #""text":"Chapter One"}}}"#))
    let clip = String(broad[start.lowerBound..<end.upperBound])
      .replacingOccurrences(of: #""clipID":"title","#, with: "")
    let count = 16_000_000 / clip.utf8.count + 1_000
    let clips = Array(repeating: clip, count: count).joined(separator: ",")
    let document =
      #"{"schema":1,"video":{"audioTracks":[],"captions":[],"clips":["# + clips
      + #"],"overlays":[],"preset":{"kind":"auto"},"quality":{"kind":"automatic"}}}"#
    let file = try directory.write(document, to: "large.kadr.json")
    let binary = try #require(Tool.executable)

    let typescript = directory.path("typescript")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
    process.arguments = ["-qec", "\(binary.path) check \(file)", typescript]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let shown = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(shown.suffix(400))")
    #expect(shown.contains("opening \(file) ("), "\(shown.prefix(400))")
    #expect(shown.contains("40%"))
    #expect(shown.contains("100%"))
    #expect(shown.contains("1 checked, 0 invalid"))

    let piped = try Tool.run(["check", file])
    #expect(piped.status == 0)
    #expect(piped.err.isEmpty, "nothing on a pipe: \(piped.err)")
  }
}
