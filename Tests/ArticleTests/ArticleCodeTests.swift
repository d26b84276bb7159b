import Foundation
import Testing

/// Every Swift sample of every DocC article and of the README is compiled: it appears, line for
/// line, in a test under `Tests/ArticleTests/` or in a `ReadmeExample…` or `ArticleExample…`
/// test file (where it runs), or in the example plugin the articles describe
/// (`Examples/KadrPluginExample`). A sample edited in an article without its compiled copy, or
/// the other way round, fails here with the sample's article and first line.
@Suite("DocC articles' code")
struct ArticleCodeTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// Samples that are not Swift a target can compile, and why.
  static let notCompiled: [String: String] = [
    "// Package.swift": "a package manifest; .ci/install-check builds the README's as a client",
    "// A document-based app: SwiftUI, Apple platforms only (not compiled by the tests).":
      "SwiftUI and UniformTypeIdentifiers do not exist on Linux, where the tests run",
  ]

  struct Sample: CustomStringConvertible {
    let article: String
    let lines: [String]
    var description: String { "\(article): \(lines.first ?? "")" }
  }

  /// The ```swift blocks of every article of every catalog.
  static func samples() throws -> [Sample] {
    var samples: [Sample] = []
    let sources = root.appendingPathComponent("Sources")
    for catalog in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
      let folder = sources.appendingPathComponent(catalog).appendingPathComponent(
        "\(catalog).docc")
      guard let articles = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
      else { continue }
      for article in articles.sorted() where article.hasSuffix(".md") {
        let text = try String(
          contentsOf: folder.appendingPathComponent(article), encoding: .utf8)
        samples += blocks(of: text, article: article)
      }
    }
    // The README's samples too: they are what a newcomer copies first.
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    samples += blocks(of: readme, article: "README.md")
    return samples
  }

  /// The ```swift blocks of one Markdown text.
  static func blocks(of text: String, article: String) -> [Sample] {
    var samples: [Sample] = []
    var current: [String]?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if current == nil, line.trimmingCharacters(in: .whitespaces) == "```swift" {
        current = []
      } else if current != nil, line.trimmingCharacters(in: .whitespaces) == "```" {
        samples.append(Sample(article: article, lines: current ?? []))
        current = nil
      } else {
        current?.append(String(line))
      }
    }
    return samples
  }

  /// A line `// …` in a sample stands for code left out; what is on either side must appear in
  /// that order, not necessarily together.
  static let gap = "// …"

  /// A sample's lines as compared: trimmed, without blank lines, comment-only lines and imports
  /// (which a compiled copy has at the top of its file), gaps kept.
  static func normalized(_ lines: [String]) -> [String] {
    lines.map { line in
      var text = line.trimmingCharacters(in: .whitespaces)
      if text.hasPrefix(gap) { return gap }
      // A trailing `// comment` explains the sample, not the code.
      if let comment = text.range(of: "  // ") { text = String(text[..<comment.lowerBound]) }
      return text.trimmingCharacters(in: .whitespaces)
    }.filter { !$0.isEmpty && ($0 == gap || !$0.hasPrefix("//")) && !$0.hasPrefix("import ") }
  }

  /// Whether `copy` holds the segments of `sample` (split at gaps) in order.
  static func contains(_ copy: [String], _ sample: [String]) -> Bool {
    var position = 0
    for segment in sample.split(separator: gap) {
      guard copy.count - position >= segment.count else { return false }
      guard
        let start = (position...(copy.count - segment.count)).first(where: { start in
          copy[start..<(start + segment.count)].elementsEqual(segment)
        })
      else { return false }
      position = start + segment.count
    }
    return true
  }

  /// The normalized lines of every compiled copy.
  static func compiledCopies() throws -> [[String]] {
    var files: [URL] = []
    // kadr-doc-postgres and the PostgreSQL package's tests are built by CI in that package,
    // which this one cannot import.
    for folder in [
      "Tests", "Examples/KadrPluginExample",
      "Integrations/KadrLibraryPostgres/Sources/kadr-doc-postgres",
      "Integrations/KadrLibraryPostgres/Tests",
    ] {
      let enumerator = FileManager.default.enumerator(
        at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
      while let url = enumerator?.nextObject() as? URL {
        guard url.pathExtension == "swift" else { continue }
        if folder.hasSuffix("Tests"), !url.path.contains("/ArticleTests/"),
          !url.lastPathComponent.hasPrefix("ReadmeExample"),
          !url.lastPathComponent.hasPrefix("ArticleExample")
        {
          continue
        }
        if url.lastPathComponent == "ArticleCodeTests.swift" { continue }
        files.append(url)
      }
    }
    return try files.map { url in
      normalized(
        try String(contentsOf: url, encoding: .utf8).split(
          separator: "\n", omittingEmptySubsequences: false
        ).map(String.init)
      ).filter { $0 != gap }
    }
  }

  @Test func everySampleOfEveryArticleIsCompiled() throws {
    let samples = try Self.samples()
    #expect(samples.count > 20, "the articles' samples were not found")
    let copies = try Self.compiledCopies()
    for sample in samples {
      if let first = sample.lines.first, Self.notCompiled[first] != nil { continue }
      let lines = Self.normalized(sample.lines)
      let found = copies.contains { Self.contains($0, lines) }
      #expect(
        found,
        "\(sample) is not compiled: copy it, line for line, into a test under Tests/ArticleTests/")
    }
  }
}
