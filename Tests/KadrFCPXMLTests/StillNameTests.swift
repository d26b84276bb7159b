import Foundation
import KadrFCPXML
import KadrModel
import KadrPersistence
import KadrPersistenceTesting
import Testing

/// A still keeps the name the app gave it through Final Cut Pro XML: its asset (what Final Cut
/// Pro's browser shows) and its clip carry the name, never the image store's content hash, and
/// the importer gives it back (#58, item 3).
@Suite("FCPXML still names")
struct StillNameTests {
  /// A file image store in a folder of its own, removed by `body`'s end.
  static func withStore(_ body: (FileImageStore, URL) throws -> Void) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "kadr-fcpxml-stills-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    try body(try FileImageStore(directory: directory), directory)
  }

  /// `data` as text, the store's folder written `DIR/` so that a golden does not depend on it.
  static func text(_ data: Data, directory: URL) -> String {
    var folder = directory.standardizedFileURL.absoluteString
    if !folder.hasSuffix("/") { folder += "/" }
    return String(decoding: data, as: UTF8.self).replacingOccurrences(of: folder, with: "DIR/")
  }

  static let two = Time(value: 2, timescale: 1)

  @Test func aNamedStillComesBackWithItsName() throws {
    try Self.withStore { store, directory in
      // Characters XML escapes, and a still with an id of its own beside its name.
      let video = Video {
        ImageClip.color(.white, duration: Self.two).named("Beach & \"dawn\" <1>")
        ImageClip.color(.black, duration: Self.two).id("card").named("Title card")
      }
      let file = try CheckedExport.export(video, images: store)
      #expect(file.lossReport.losses.isEmpty, "\(file.lossReport)")
      let xml = Self.text(file.data, directory: directory)
      let hash = try #require(
        xml.firstMatch(of: /<media-rep kind="original-media" src="DIR\/([0-9a-f]{64}\.png)"/)
      ).output.1
      // The asset and the clip carry the name; the file keeps the store's name.
      #expect(xml.contains(#"<asset id="r2" name="Beach &amp; &quot;dawn&quot; &lt;1&gt;""#))
      #expect(
        xml.contains(
          #"<video ref="r2" offset="0s" name="Beach &amp; &quot;dawn&quot; &lt;1&gt;" duration="2s"/>"#
        ), "\(xml)")
      #expect(xml.contains(#"<asset id="r3" name="Title card""#))
      #expect(xml.contains(#"name="Title card" duration="2s"/>"#))
      #expect(!xml.contains("name=\"\(hash)\""), "\(xml)")

      let imported = try FCPXMLImporter().importProject(from: file.data, images: store)
      #expect(imported.report.isEmpty, "\(imported.report)")
      let stills = imported.video.clips.compactMap { $0 as? ImageClip }
      #expect(stills.map(\.name) == ["Beach & \"dawn\" <1>", "Title card"])
      // The importer gives every clip an id of its own; everything else is as it was.
      let differences = PersistenceTestKit.differences(
        video, imported.video, ignoring: ["clipID"])
      #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
      // And a second export is the same document.
      #expect(try FCPXMLExporter().export(imported.video, images: store).data == file.data)

      // Saved as a kadr document, the names make it schema 2 and come back by reflection.
      let coder = KadrCoder()
      let saved = try coder.save(imported.video, images: store)
      #expect(saved.schema == 2)
      let reopened = try coder.video(from: saved.data, images: store)
      let again = PersistenceTestKit.differences(imported.video, reopened)
      #expect(again.isEmpty, "\(again.joined(separator: "\n"))")
    }
  }

  /// Without a name a still is written exactly as before names existed: its asset and its clip
  /// under the image's file name (or the clip under its id).
  @Test func anUnnamedStillIsWrittenAsBefore() throws {
    try Self.withStore { store, directory in
      let video = Video {
        ImageClip.color(.white, duration: Self.two)
        ImageClip.color(.white, duration: Self.two).id("photo")
      }
      let file = try CheckedExport.export(video, images: store)
      let hash = try #require(
        try store.token(for: PlatformImage.solidColor(.white)).split(separator: ":").last)
      let golden = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE fcpxml>

        <fcpxml version="1.10">
            <resources>
                <format id="r1" frameDuration="1/30s" width="1080" height="1920"/>
                <asset id="r2" name="\(hash)" start="0s" duration="0s" hasVideo="1" format="r1">
                    <media-rep kind="original-media" src="DIR/\(hash)"/>
                </asset>
            </resources>
            <library>
                <event name="kadr">
                    <project name="kadr">
                        <sequence format="r1" duration="4s" tcStart="0s" tcFormat="NDF" \
        audioLayout="stereo" audioRate="48k">
                            <spine>
                                <video ref="r2" offset="0s" name="\(hash)" duration="2s"/>
                                <video ref="r2" offset="2s" name="photo" duration="2s"/>
                            </spine>
                        </sequence>
                    </project>
                </event>
            </library>
        </fcpxml>

        """
      #expect(Self.text(file.data, directory: directory) == golden)
      let imported = try FCPXMLImporter().importProject(from: file.data, images: store)
      // As a video clip's: the id written as the clip's name comes back as its name.
      let names = imported.video.clips.compactMap { $0 as? ImageClip }.map(\.name)
      #expect(names == [nil, "photo"])
    }
  }

  /// Final Cut Pro names a still's clip; a clip without a name takes its asset's (what the
  /// browser shows), and a name that is only the file's is no name.
  @Test func importNamesAStillByItsClipElseItsAsset() throws {
    try Self.withStore { store, directory in
      let token = try store.token(for: PlatformImage.solidColor(.blue))
      let file = directory.appendingPathComponent(String(token.dropFirst("file:".count)))
      let document = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE fcpxml>
        <fcpxml version="1.10"><resources>\
        <format id="r1" frameDuration="1/25s" width="1920" height="1080"/>\
        <asset id="r2" name="Sunset" start="0s" duration="0s" hasVideo="1" format="r1">\
        <media-rep kind="original-media" src="\(file.absoluteString)"/></asset>\
        <asset id="r3" name="\(file.lastPathComponent)" start="0s" duration="0s" hasVideo="1" \
        format="r1"><media-rep kind="original-media" src="\(file.absoluteString)"/></asset>\
        </resources><library><event><project name="p"><sequence format="r1" duration="6s">\
        <spine><video ref="r2" offset="0s" name="Harbour" duration="2s"/>\
        <video ref="r2" offset="2s" duration="2s"/>\
        <video ref="r3" offset="4s" duration="2s"/>\
        </spine></sequence></project></event></library></fcpxml>
        """
      let imported = try FCPXMLImporter().importProject(from: Data(document.utf8), images: store)
      #expect(imported.report.isEmpty, "\(imported.report)")
      let stills = imported.video.clips.compactMap { $0 as? ImageClip }
      #expect(stills.map(\.name) == ["Harbour", "Sunset", nil])
    }
  }
}

/// With a stills folder the exporter copies each picture under its still's name and points the
/// document at the copies, so Final Cut Pro shows and relinks them by name (#58, item 3).
@Suite("FCPXML stills copied under their names")
struct StillsFolderTests {
  static let two = Time(value: 2, timescale: 1)

  /// A temporary folder, removed by `body`'s end.
  static func withFolder(_ body: (URL) throws -> Void) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "kadr-fcpxml-folder-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try body(directory)
  }

  @Test func eachPictureIsCopiedOnceUnderItsStillsName() throws {
    try Self.withFolder { directory in
      let beach = ImageClip.color(.white, duration: Self.two).named("Beach")
      let video = Video {
        beach
        ImageClip.color(.black, duration: Self.two).named("beach")
        ImageClip.color(.red, duration: Self.two)
        beach.id("again")
        ImageClip.color(.blue, duration: Self.two).named("../Dawn: 5/6")
      }
      var exporter = FCPXMLExporter()
      let stills = directory.appendingPathComponent("Stills")
      exporter.stillsFolder = stills
      let output = directory.appendingPathComponent("cut.fcpxml")
      // No image store is needed: the pictures are in the composition.
      try exporter.write(video, to: output)

      let names = try FileManager.default.contentsOfDirectory(atPath: stills.path).sorted()
      // Distinct names whatever the file system's case rule; one file for the repeated picture.
      #expect(names == ["Beach.png", "Still.png", "_Dawn_ 5_6.png", "beach-2.png"])
      #expect(try Data(contentsOf: stills.appendingPathComponent("Beach.png")) == beach.image.data)
      let xml = String(decoding: try Data(contentsOf: output), as: UTF8.self)
      var folder = stills.standardizedFileURL.absoluteString
      if !folder.hasSuffix("/") { folder += "/" }
      for name in ["Beach.png", "beach-2.png", "Still.png", "_Dawn_%205_6.png"] {
        #expect(xml.contains("src=\"\(folder)\(name)\""), "\(xml)")
      }
      #expect(!xml.contains(".partial"))
      if Tools.xmllint != nil {
        let problems = Tools.dtdProblems(Data(xml.utf8))
        #expect(problems == nil, "\(problems ?? "")")
      }
      // Nothing else is left beside them: the staging folder was renamed into place.
      let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
      #expect(left == ["Stills", "cut.fcpxml"])
    }
  }

  @Test func anExistingFolderIsNeverMergedIntoAndNothingIsWritten() throws {
    try Self.withFolder { directory in
      let stills = directory.appendingPathComponent("Stills")
      try FileManager.default.createDirectory(at: stills, withIntermediateDirectories: false)
      let mine = stills.appendingPathComponent("Beach.png")
      try Data("the user's own file".utf8).write(to: mine)
      var exporter = FCPXMLExporter()
      exporter.stillsFolder = stills
      let output = directory.appendingPathComponent("cut.fcpxml")
      let video = Video { ImageClip.color(.white, duration: Self.two).named("Beach") }
      #expect {
        try exporter.write(video, to: output)
      } throws: { error in
        "\(error)".contains("never merged into or replaced")
      }
      #expect(try Data(contentsOf: mine) == Data("the user's own file".utf8))
      #expect(!FileManager.default.fileExists(atPath: output.path))
      let left = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      #expect(left == ["Stills"])
    }
  }

  @Test func withoutAFolderTheDocumentIsAsBefore() throws {
    try Self.withFolder { directory in
      let store = try FileImageStore(directory: directory.appendingPathComponent("images"))
      let video = Video { ImageClip.color(.white, duration: Self.two).named("Beach") }
      let plain = try FCPXMLExporter().export(video, images: store)
      var exporter = FCPXMLExporter()
      exporter.stillsFolder = nil
      #expect(try exporter.export(video, images: store).data == plain.data)
    }
  }
}
