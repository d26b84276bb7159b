import Foundation
import KadrModel
import KadrPersistence
import KadrPersistenceCore
import Testing

extension LimitsTests {
  @Test func theValueCountDefaultsToFortyMillion() {
    #expect(DocumentLimits.default.maximumValueCount == 40_000_000)
    #expect(DocumentLimits.default.maximumTotalImageBytes == 2 << 30)
  }

  @Test func aDocumentWithMoreValuesThanTheLimitIsRefusedAtTheFirstOneTooMany() throws {
    let document = try Self.titles(3)
    let values = try JSONReader().read(document).valueCount
    #expect(
      try Self.coder(DocumentLimits(maximumValueCount: values)).video(from: document)
        .clips.count == 3)
    let error = #expect(throws: PersistenceError.self) {
      try Self.coder(DocumentLimits(maximumValueCount: values - 1)).video(from: document)
    }
    guard let error else { return }
    guard case .limitExceeded(let what) = error.reason else {
      Issue.record("expected limitExceeded, got \(error)")
      return
    }
    #expect(what == "The document holds more than \(values - 1) JSON values")
    #expect(error.pointer != nil)
  }

  @Test func theReaderCountsEveryValueButNotKeys() throws {
    let reader = JSONReader(options: .init(maximumValueCount: 5))
    // The object, the array, 1, "a", null: five values; the keys are not counted.
    #expect(throws: Never.self) { try reader.read(#"{"k":[1,"a"],"n":null}"#) }
    let error = #expect(throws: JSONReadError.self) {
      try reader.read(#"{"k":[1,"a"],"n":[null]}"#)
    }
    #expect(error?.kind == .tooManyValues(limit: 5))
    #expect(error?.pointer.description == "/n/0")
  }
}

extension JSONValue {
  /// Every value in the tree, this one included.
  fileprivate var valueCount: Int {
    switch self {
    case .array(let items): return 1 + items.map(\.valueCount).reduce(0, +)
    case .object(let object): return 1 + object.map(\.value.valueCount).reduce(0, +)
    default: return 1
    }
  }
}
