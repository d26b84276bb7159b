import Foundation
import KadrModel
import Testing

@testable import KadrPersistence

@Suite("The document value of a save")
struct DocumentValueTests {
  let coder = KadrCoder()

  @Test func keepsTheSavedBytesAndParsesThemOnlyWhenTheTreeIsAskedFor() throws {
    let (video, images) = MaximalComposition.make()
    let document = try coder.encode(video, allowingLoss: true, images: images)
    let bytes = try coder.data(for: video, allowingLoss: true, images: images)
    let kept = try #require(document.canonicalBytes)
    #expect(kept == bytes)
    #expect(try document.data() == bytes)
    // The tree, parsed on demand, is the document those bytes hold.
    let parsed = try coder.readJSON(bytes)
    #expect(document.json == parsed.json)
    #expect(document.canonicalBytes == bytes)
  }

  @Test func opensFromItsBytesAsAFileWould() throws {
    let (video, images) = MaximalComposition.make()
    let document = try coder.encode(video, allowingLoss: true, images: images)
    let fromValue = try coder.decode(document, images: images)
    let fromBytes = try coder.video(from: try document.data(), images: images)
    #expect(ReflectionDiff.differences(fromBytes, fromValue).isEmpty)
    // A document made from a tree opens the same way.
    let fromTree = try coder.decode(KadrDocument(json: document.json), images: images)
    #expect(ReflectionDiff.differences(fromBytes, fromTree).isEmpty)
  }

  @Test func equalsAndHashesAsTheDocumentItHolds() throws {
    let document = try coder.encode(Video { VideoClip(url: URL(fileURLWithPath: "/a.mov")) })
    let tree = KadrDocument(json: document.json, lossReport: document.lossReport)
    #expect(tree.canonicalBytes == nil)
    #expect(document == tree)
    #expect(tree == document)
    #expect(document.hashValue == tree.hashValue)
    let other = try coder.encode(Video { VideoClip(url: URL(fileURLWithPath: "/b.mov")) })
    #expect(document != other)
    #expect(KadrDocument(json: other.json, lossReport: other.lossReport) != document)
  }

  @Test func encodesThroughCodableAsItsJSON() throws {
    let document = try coder.encode(Video { VideoClip(url: URL(fileURLWithPath: "/a.mov")) })
    let encoded = try JSONEncoder().encode(document)
    let decoded = try JSONDecoder().decode(KadrDocument.self, from: encoded)
    #expect(decoded.json == document.json)
    #expect(try decoded.data() == document.data())
  }
}
