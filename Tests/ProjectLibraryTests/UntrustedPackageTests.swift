import Foundation
import KadrArchive
import KadrPersistence
import KadrProjectLibrary
import Testing

/// Packages that arrive by mail or AirDrop, made to harm: each is refused with a
/// `ProjectPackageError` saying what is wrong, before anything is written to the store.
@Suite("Untrusted project packages")
struct UntrustedPackageTests {
  /// What a hostile package does to an honest one, and a phrase its error must contain.
  struct Attack: CustomTestStringConvertible, Sendable {
    let label: String
    let expected: String
    let change: @Sendable ([CraftedZip.Entry]) -> [UInt8]
    var testDescription: String { label }
  }

  static let attacks: [Attack] = [
    Attack(label: "a name that climbs out with ..", expected: "climbs out") {
      zip($0 + [CraftedZip.Entry("images/../../evil.png", [1])])
    },
    Attack(label: "an absolute path", expected: "absolute path") {
      zip($0 + [CraftedZip.Entry("/tmp/evil.png", [1])])
    },
    Attack(label: "a Windows path", expected: "backslash") {
      zip($0 + [CraftedZip.Entry("images\\..\\evil.png", [1])])
    },
    Attack(label: "a symbolic link", expected: "a link") {
      var link = CraftedZip.Entry("images/link.png", Array("/etc/passwd".utf8))
      link.externalAttributes = 0o120777 << 16
      return zip($0 + [link])
    },
    Attack(label: "a duplicate after case folding", expected: "two entries") {
      zip($0 + [CraftedZip.Entry("MANIFEST.json", [1])])
    },
    Attack(label: "a duplicate after Unicode normalisation", expected: "two entries") {
      zip($0 + [CraftedZip.Entry("caf\u{E9}.txt", [1]), CraftedZip.Entry("cafe\u{301}.txt", [2])])
    },
    Attack(label: "too many entries", expected: "entries, more than") {
      zip($0 + (0..<30_001).map { CraftedZip.Entry("images/\($0).png", []) })
    },
    Attack(label: "a compression bomb", expected: "compression bomb") {
      zip($0 + [CraftedZip.Entry("document.bomb", [UInt8](repeating: 0, count: 64 << 20))])
    },
    Attack(label: "an entry that inflates past its declared size", expected: "more than the") {
      zip(
        $0.map { entry in
          var entry = entry
          if entry.name == "document.json" { entry.declaredSize = 10 }
          return entry
        })
    },
    Attack(label: "a local header that names another file", expected: "disagrees") {
      zip(
        $0.map { entry in
          var entry = entry
          if entry.name == "metadata.json" { entry.localName = "metadata.jsoN" }
          return entry
        })
    },
    Attack(label: "an image whose bytes are not its name's", expected: "does not have the bytes") {
      zip(
        $0.map { entry in
          var entry = entry
          if entry.name.hasPrefix("images/") { entry.bytes = entry.bytes.reversed() }
          return entry
        })
    },
    Attack(label: "a manifest that lies about an image's size", expected: "the zip") {
      zip(
        $0.map { entry in
          guard entry.name == "manifest.json" else { return entry }
          var lying = entry
          let text = String(decoding: entry.bytes, as: UTF8.self)
          lying.bytes = Array(text.replacingOccurrences(of: "\"bytes\":", with: "\"bytes\":1").utf8)
          return lying
        })
    },
    Attack(label: "an entry a package does not have", expected: "which a project package") {
      zip($0 + [CraftedZip.Entry("run-me.sh", Array("rm -rf ~".utf8))])
    },
    Attack(label: "a truncated zip", expected: "end-of-directory") {
      let whole = zip($0)
      return Array(whole.prefix(whole.count - 30))
    },
    Attack(label: "two zips joined", expected: "bytes follow or precede") { zip($0) + zip($0) },
    Attack(label: "bytes before the zip", expected: "bytes follow or precede") {
      Array("#!/bin/sh\n".utf8) + zip($0)
    },
    Attack(label: "a newer package format", expected: "format 3; this version of kadr reads up to")
    {
      replacingInManifest($0, "\"version\":1", "\"version\":3")
    },
    Attack(label: "a newer document schema", expected: "schema 99; this version") {
      replacingInManifest($0, "\"schema\":\(KadrDocument.currentSchema)", "\"schema\":99")
    },
  ]

  private static func zip(_ entries: [CraftedZip.Entry]) -> [UInt8] {
    CraftedZip(entries: entries).bytes()
  }

  private static func replacingInManifest(
    _ entries: [CraftedZip.Entry], _ old: String, _ new: String
  ) -> [UInt8] {
    zip(
      entries.map { entry in
        guard entry.name == "manifest.json" else { return entry }
        var changed = entry
        let text = String(decoding: entry.bytes, as: UTF8.self)
        changed.bytes = Array(text.replacingOccurrences(of: old, with: new).utf8)
        return changed
      })
  }

  /// The entries of an honest package of a project with a photo and a thumbnail.
  private static func honestEntries(in directory: TemporaryDirectory) throws -> [CraftedZip.Entry] {
    let source = try ProjectLibrary<EditorState>(
      directory: directory.url.appendingPathComponent("source"))
    let project = try source.create(
      name: "Honest", video: Pictures.video("honest", photos: [Pictures.red]),
      metadata: EditorState(),
      thumbnail: Pictures.thumbnail, id: nil, created: nil, modified: nil)
    let package = directory.url.appendingPathComponent("honest.kadrproject")
    try source.export(project.id, to: package)
    let archive = try ZipArchive(path: package.path)
    return try archive.entries.map { entry in
      var crafted = CraftedZip.Entry(
        entry.name, try archive.contents(of: entry, limit: 1 << 24, limitName: "test"))
      crafted.deflated = entry.method == 8
      return crafted
    }
  }

  @Test(arguments: attacks)
  func hostilePackageIsRefusedBeforeAnythingIsWritten(_ attack: Attack) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let honest = try Self.honestEntries(in: directory)
    let package = directory.url.appendingPathComponent("hostile.kadrproject")
    try Data(attack.change(honest)).write(to: package)
    let target = try ProjectLibrary<EditorState>(
      directory: directory.url.appendingPathComponent("target"))
    let started = ContinuousClock.now
    #expect {
      try target.importPackage(at: package)
    } throws: { error in
      guard let refusal = error as? ProjectPackageError else { return false }
      let text = "\(refusal)"
      return text.contains(attack.expected) && text.contains("hostile.kadrproject")
        && refusal.recoverySuggestion != nil
    }
    #expect(ContinuousClock.now - started < .seconds(10), "the refusal took unbounded time")
    #expect(try target.list().projects.isEmpty, "a refused package left a project")
    #expect(try target.images.storedTokens().isEmpty, "a refused package left images")
  }

  @Test func honestPackageImports() throws {
    // The attacks start from this package: it must import, or every refusal above proves nothing.
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let package = directory.url.appendingPathComponent("honest.kadrproject")
    try Data(Self.zip(try Self.honestEntries(in: directory))).write(to: package)
    let target = try ProjectLibrary<EditorState>(
      directory: directory.url.appendingPathComponent("target"))
    let imported = try target.importPackage(at: package)
    #expect(imported.name == "Honest")
    #expect(try target.images.storedTokens().count == 2)
  }

  @Test func newerMetadataIsRefusedNamingBothVersions() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let package = directory.url.appendingPathComponent("newer.kadrproject")
    try Data(
      Self.replacingInManifest(
        try Self.honestEntries(in: directory), "\"metadataVersion\":2", "\"metadataVersion\":3")
    ).write(to: package)
    let target = try ProjectLibrary<EditorState>(
      directory: directory.url.appendingPathComponent("target"))
    #expect {
      try target.importPackage(at: package)
    } throws: { error in
      (error as? ProjectPackageError)?.reason == .newerMetadata(found: 3, supported: 2)
    }
  }
}
