import Foundation
import Testing

/// The README's Installing section and its diff example, checked against the package.
@Suite("The README's installing section and examples")
struct ReadmeTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static func text(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  @Test func theProductTableListsEveryLibraryProduct() throws {
    let readme = try Self.text("README.md")
    let manifest = try Self.text("Package.swift")
    let products = manifest.split(separator: "\n").compactMap { line -> String? in
      guard let start = line.range(of: ".library(name: \"") else { return nil }
      return String(line[start.upperBound...].prefix { $0 != "\"" })
    }
    #expect(products.contains("KadrDocCommands"))
    // The first cells of the table in "Installing".
    let installing = try #require(
      readme.components(separatedBy: "## Installing\n").dropFirst().first?
        .components(separatedBy: "\n## ").first)
    let named = installing.split(separator: "\n").filter { $0.hasPrefix("| `") }.map {
      $0.split(separator: "|").first.map(String.init) ?? ""
    }
    for product in products {
      // KadrDocCommands was missing.
      #expect(
        named.contains { $0.contains("`\(product)`") },
        "README.md's Installing table omits \(product)")
    }
  }

  @Test func theDocumentationParagraphLinksEveryArticle() throws {
    let readme = try Self.text("README.md")
    let sources = Self.root.appendingPathComponent("Sources")
    for target in try FileManager.default.contentsOfDirectory(atPath: sources.path) {
      let catalog = sources.appendingPathComponent("\(target)/\(target).docc")
      guard let articles = try? FileManager.default.contentsOfDirectory(atPath: catalog.path)
      else { continue }
      // Every article; a landing page (the catalog's own name) is reached from the library.
      for article in articles where article.hasSuffix(".md") && article != "\(target).md" {
        // Two of the project library's articles were not linked.
        #expect(
          readme.contains("(Sources/\(target)/\(target).docc/\(article))"),
          "README.md does not link \(target)/\(article)")
      }
    }
  }

  /// The diff example, run as written (with the built tool for `swift run kadr-doc`) in an
  /// empty directory: it diffs, and leaves nothing behind (it left `demo/`).
  @Test func theDiffExampleLeavesNothingInTheWorkingDirectory() throws {
    let tool = try #require(Tool.executable, "kadr-doc is not built")
    let readme = try Self.text("README.md")
    let blocks = readme.components(separatedBy: "```sh\n").dropFirst().map {
      $0.components(separatedBy: "\n```")[0]
    }
    let example = try #require(blocks.first { $0.contains("kadr-doc diff") })
    let script = example.replacingOccurrences(of: "swift run kadr-doc", with: tool.path)
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", script]
    process.currentDirectoryURL = directory.url
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(printed)")
    #expect(printed.contains("1 retimed, 1 modified"), "\(printed)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == [])
  }
}
