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
