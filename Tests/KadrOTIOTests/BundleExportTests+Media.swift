import Foundation
import KadrModel
import KadrOTIO
import KadrPersistence
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a bundle may take in: the files it copies are named, and a file the user running the
/// export may not read by its permissions, or that is not a regular file, is refused.
@Suite("OTIO bundles: the media they take in")
struct BundleMediaTests {
  @Test func theReportNamesEveryFileBundledWithItsSize() throws {
    let project = try BundleExportTests.Project()
    defer { project.remove() }
    let report = try OTIOExporter().writeBundle(
      project.video, to: project.root.appendingPathComponent("edit.otioz"),
      images: project.images)
    #expect(report.media.count == 3, "two takes and the still: \(report.media)")
    #expect(report.media.map(\.name).prefix(2) == ["take.mov", "take-2.mov"])
    #expect(
      report.media.filter { $0.source.lastPathComponent == "take.mov" }.map(\.bytes)
        == [7, 7], "movie a, movie b")
  }

  /// Names that differ only by case or by Unicode normalisation are one file on APFS, so the
  /// bundle's flat media folder must not hold two of them.
  @Test func mediaNamesStayDistinctOnACaseInsensitiveNormalisingFileSystem() throws {
    let project = try BundleExportTests.Project()
    defer { project.remove() }
    let names = [
      ("a", "Shot.mov"), ("b", "shot.mov"), ("c", "Caf\u{E9}.mov"), ("d", "Cafe\u{301}.mov"),
    ]
    var files: [URL] = []
    for (folder, name) in names {
      let directory = project.root.appendingPathComponent(folder)
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      files.append(directory.appendingPathComponent(name))
      try Data(name.utf8).write(to: files[files.count - 1])
    }
    let bundle = project.root.appendingPathComponent("edit.otiod")
    let report = try OTIOExporter().writeBundle(
      Video { for file in files { VideoClip(url: file) } }, to: bundle, images: project.images)
    let bundled = report.media.map(\.name)
    #expect(bundled.count == 4, "\(bundled)")
    // Folded and composed here, not through the package's helper, so a wrong key fails.
    let folded = bundled.map {
      $0.folding(options: .caseInsensitive, locale: nil).precomposedStringWithCanonicalMapping
    }
    #expect(Set(folded).count == 4, "\(bundled) share a name on APFS")
    #expect(bundled[0] == "Shot.mov" && bundled[1] == "shot-2.mov", "\(bundled)")
    let written = try FileManager.default.contentsOfDirectory(
      atPath: bundle.appendingPathComponent("media").path)
    #expect(written.count == 4, "\(written)")
  }

  @Test func aFileTheUserMayNotReadIsRefused() throws {
    let project = try BundleExportTests.Project()
    defer { project.remove() }
    let secret = project.root.appendingPathComponent("secret.mov")
    try Data("private".utf8).write(to: secret)
    // Not readable by its owner's bits; as root, also another user's private file.
    #expect(chmod(secret.path, 0o000) == 0)
    defer { chmod(secret.path, 0o600) }
    var cases = [secret]
    if getuid() == 0 {
      let other = project.root.appendingPathComponent("other.mov")
      try Data("someone else's".utf8).write(to: other)
      #expect(chown(other.path, 65534, 65534) == 0 && chmod(other.path, 0o600) == 0)
      cases.append(other)
    }
    for file in cases {
      let bundle = project.root.appendingPathComponent("edit-\(file.lastPathComponent).otioz")
      #expect {
        try OTIOExporter(allowingLoss: true).writeBundle(
          Video { VideoClip(url: file) }, to: bundle, images: project.images)
      } throws: { error in
        "\(error)".contains(file.path) && "\(error)".contains("not readable by this user")
      }
      #expect(!FileManager.default.fileExists(atPath: bundle.path), "nothing written")
    }
  }

  @Test func aFIFOIsRefusedNotReadForEver() throws {
    let project = try BundleExportTests.Project()
    defer { project.remove() }
    let fifo = project.root.appendingPathComponent("stream.mov")
    #expect(mkfifo(fifo.path, 0o644) == 0)
    #expect {
      try OTIOExporter().writeBundle(
        Video { VideoClip(url: fifo) }, to: project.root.appendingPathComponent("e.otioz"),
        images: project.images)
    } throws: { error in "\(error)".contains("not a regular file") }
  }
}
