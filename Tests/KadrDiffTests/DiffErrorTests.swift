import Foundation
import KadrDiff
import KadrPersistence
import Testing

@Suite("Diff errors")
struct DiffErrorTests {
  @Test(arguments: [DiffError(.notADocument), DiffError(.unaligned(pointer: "/video/clips"))])
  func describeThemselvesByTheirSentenceAndFix(_ error: DiffError) throws {
    let sentence = try #require(error.errorDescription)
    #expect("\(error)" == sentence)
    #expect(sentence.first?.isUppercase == true)
    #expect(error.recoverySuggestion?.isEmpty == false)
  }

  @Test func aValueThatIsNotADocumentIsRefused() throws {
    let differ = CompositionDiffer()
    let document = try differ.coder.encode(Video(clips: []))
    #expect(throws: (any Error).self) {
      try differ.diff(from: KadrDocument(json: .array([])), to: document)
    }
  }
}
