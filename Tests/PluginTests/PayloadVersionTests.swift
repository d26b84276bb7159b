import Foundation
import KadrPersistence
import KadrPersistenceTesting
import KadrPluginExample
import Testing

/// The countdown's payload is at version 2; version 1 called `from` `seconds` and had no `face`.
@Suite("Plugin payload versions")
struct PayloadVersionTests {
  static let countdownPayload = "/video/clips/0/com.example.countdown/_0"

  @Test func aVersion1DocumentOpensUpgraded() throws {
    let coder = try Plugin.coder()
    let opened = try coder.open(Fixtures.data("countdown-v1.json"))
    let expected = Plugin.version1Composition()
    #expect(PersistenceTestKit.differences(expected, opened.root).isEmpty)
    #expect((opened.root.clips[0] as? Countdown)?.face == .digits)
    #expect(opened.preserved.isEmpty)
  }

  @Test func aVersion1DocumentSavesAsVersion2() throws {
    let coder = try Plugin.coder()
    let opened = try coder.video(from: Fixtures.data("countdown-v1.json"))
    let saved = String(decoding: try coder.data(for: opened), as: UTF8.self)
    #expect(saved.hasPrefix(#"{"payloadVersions":{"com.example.countdown":2},"schema":1,"#))
    #expect(saved.contains(#""face":"digits","from":3"#))
    #expect(!saved.contains("seconds"))
    #expect(
      saved == String(decoding: try coder.data(for: Plugin.version1Composition()), as: UTF8.self))
    // And version 2 opens as itself, with no upgrade.
    #expect(PersistenceTestKit.differences(opened, try coder.video(from: Data(saved.utf8))).isEmpty)
  }

  @Test func aVersionNewerThanTheCodecKnowsIsRefused() throws {
    let error = try #require(throws: PersistenceError.self) {
      try Plugin.coder().video(from: Fixtures.data("countdown-v3.json"))
    }
    guard case .payloadVersionTooNew(found: 3, supported: 2) = error.reason else {
      Issue.record("unexpected \(error.reason)")
      return
    }
    #expect(error.kindID == CountdownCodec.kindID)
    #expect(error.pointer?.description == Self.countdownPayload)
  }

  @Test func aVersionNewerThanTheCodecKnowsIsPreservedVerbatim() throws {
    let bytes = try Fixtures.data("countdown-v3.json")
    let coder = try Plugin.coder(CodingOptions(preservingUnknown: true))
    let opened = try coder.open(bytes, images: UnresolvedImageStore())
    let preserved = try #require(opened.root.clips[0] as? PreservedClip)
    #expect(preserved.payloadVersion == 3)
    #expect(opened.root.clips[1] is TitleSequence)
    #expect(
      opened.preserved.map(\.pointer) == [
        "/video/clips/0", "/video/clips/2/track/_0/clips/0",
      ])
    let resaved = try coder.encode(opened.root)
    #expect(try resaved.data() == bytes)
    #expect(resaved.lossReport.isLossless)
    #expect(resaved.lossReport.preserved.allSatisfy { $0.payloadVersion == 3 })
  }

  @Test func documentsWithOnlyBuiltInKindsStayByteIdenticalToSchema1() throws {
    let broad = try Fixtures.data("schema-1-broad.json")
    let coder = try Plugin.coder()
    let opened = try coder.open(broad, images: UnresolvedImageStore())
    // Opened without a store, its image tokens are placeholders that save back unchanged.
    let resaved = try coder.data(for: opened.root, images: opened.imageStore)
    #expect(resaved == broad)
    #expect(!String(decoding: resaved, as: UTF8.self).contains("payloadVersions"))
  }

  @Test func aVersion1PayloadWithANegativeCountIsRefusedAtItsField() throws {
    let text = try Fixtures.text("countdown-v1.json")
      .replacingOccurrences(of: #""seconds":3"#, with: #""seconds":-3"#)
    let error = try #require(throws: PersistenceError.self) {
      try Plugin.coder().video(from: Data(text.utf8))
    }
    #expect(error.pointer?.description == Self.countdownPayload + "/from")
    #expect(error.failureReason?.contains("A countdown starts from 0 or more, not -3") == true)
  }
}
