import Foundation
import KadrModel
import KadrPersistence
import KadrPersistenceCore
import Testing

/// An open can list the kinds it reads, so that a package import learns a document's facts from
/// the decode that checks it instead of saving the document again: the list must be the one a
/// save of the same composition makes.
@Suite("Kinds listed by an open")
struct ReadKindsTests {
  let coder = KadrCoder(options: CodingOptions(preservingUnknown: true))

  /// The kinds an open lists and those a save of what it opened lists.
  func kinds(of data: Data) throws -> (read: [String], saved: [String]) {
    let placeholders = UnresolvedImageStore()
    let opened = try coder.openListingKinds(data, images: placeholders)
    let saved = try coder.save(opened.root, images: placeholders)
    return (opened.kinds.map(\.rawValue).sorted(), saved.kinds.map(\.rawValue))
  }

  @Test func theBroadFixtureListsWhatItsSaveLists() throws {
    let (read, saved) = try kinds(of: Fixtures.broad())
    #expect(read == saved)
    // Clips, overlays, filters and text animations are all among them.
    #expect(read.count > 8)
    #expect(read.contains("title") && read.contains("image"))
  }

  @Test func unknownKindsKeptVerbatimAreListedToo() throws {
    var text = String(decoding: try Fixtures.broad(), as: UTF8.self)
    // A clip kind this registry has no codec for.
    text = text.replacingOccurrences(of: #"{"title":{"_0":"#, with: #"{"com.example.later":{"_0":"#)
    let (read, saved) = try kinds(of: Data(text.utf8))
    #expect(read == saved)
    #expect(read.contains("com.example.later") && !read.contains("title"))
  }

  @Test func aSchemaTwoCompositionListsWhatItsSaveLists() throws {
    let video = ProfessionalTimelineCodecTests.broadcast
    let data = try coder.save(video).data
    let (read, saved) = try kinds(of: data)
    #expect(read == saved)
    #expect(read.contains("video"))
  }

  @Test func anOpenNotAskedListsNothing() throws {
    #expect(try coder.open(Fixtures.broad(), images: UnresolvedImageStore()).kinds.isEmpty)
  }
}
