import Foundation
import KadrPersistence
import KadrProjectLibrary
import Testing

/// A package is a plain zip another tool unpacks, and its unpacked folder opens without the
/// library: the document with a plain `FileImageStore` on `images/`.
@Suite("The project package format")
struct PackageFormatTests {
  static let unzip = "/usr/bin/unzip"

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: unzip), "no unzip"))
  func anUnzippedPackageOpensWithAPlainFileImageStore() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library()
    let video = Pictures.video("plain", photos: [Pictures.red, Pictures.blue, Pictures.red])
    let project = try library.create(
      name: "Plain", video: video, metadata: EditorState(zoom: 2), thumbnail: Pictures.thumbnail,
      id: nil, created: nil, modified: nil)
    let package = directory.url.appendingPathComponent("plain.kadrproject")
    try library.export(project.id, to: package)

    let folder = directory.url.appendingPathComponent("unzipped")
    let tested = try Self.run([Self.unzip, "-tq", package.path])
    #expect(tested == 0, "unzip -t found the package damaged")
    #expect(try Self.run([Self.unzip, "-q", package.path, "-d", folder.path]) == 0)

    let images = try FileImageStore(directory: folder.appendingPathComponent("images"))
    let document = try Data(contentsOf: folder.appendingPathComponent("document.json"))
    let opened = try KadrCoding.video(from: document, images: images)
    #expect(String(reflecting: opened) == String(reflecting: video))

    let manifest = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: folder.appendingPathComponent("manifest.json"))) as? [String: Any])
    #expect(manifest["format"] as? String == "kadr.project-package")
    #expect(manifest["version"] as? Int == 1)
    #expect(manifest["id"] as? String == project.id.rawValue)
    #expect(manifest["metadataVersion"] as? Int == EditorState.version)
    let listed = try #require(manifest["images"] as? [[String: Any]])
    // Two photos and the thumbnail, each once.
    #expect(listed.count == 3)
    for image in listed {
      let name = try #require(image["name"] as? String)
      let sha = try #require(image["sha256"] as? String)
      #expect(name.hasPrefix("images/\(sha)."))
      let bytes = try Data(contentsOf: folder.appendingPathComponent(name))
      #expect(bytes.count == image["bytes"] as? Int)
    }
    let metadata = try JSONDecoder().decode(
      EditorState.self, from: Data(contentsOf: folder.appendingPathComponent("metadata.json")))
    #expect(metadata == EditorState(zoom: 2))
  }

  @Test func anOldFileIsReplacedWholeAndNoTemporaryFileIsLeft() throws {
    // The package is written beside its destination and renamed over it: an old file there is
    // replaced whole, and no temporary file is left.
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library()
    let project = try library.create(
      name: "Over", video: Pictures.video("o"), metadata: EditorState())
    let package = directory.url.appendingPathComponent("over.kadrproject")
    try Data("an old file".utf8).write(to: package)
    try library.export(project.id, to: package)
    #expect(try library.importPackage(at: package).name == "Over")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
      .filter { $0.hasPrefix(".over.kadrproject") }
    #expect(leftovers.isEmpty, "\(leftovers)")
  }

  private static func run(_ arguments: [String]) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: arguments[0])
    process.arguments = Array(arguments.dropFirst())
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }
}
