import Foundation
import Testing

@testable import KadrPersistenceCore

/// The bounds-checked byte view the FCPXML preflight scans untrusted files with: its searches
/// find what is there and nothing outside the range they are given.
@Suite("KadrStorage byte text")
struct KadrStorageByteTextTests {
  static let data = Data("ab\n<c\n>\"d\"".utf8)

  @Test func readsEachByteAndItsCount() {
    let bytes = ByteText.withBytes(of: Self.data) { text in
      (0..<text.count).map { text[$0] }
    }
    #expect(bytes == Array(Self.data))
  }

  @Test func findsAByteOnlyInsideTheRange() {
    let found = ByteText.withBytes(of: Self.data) { text in
      [
        text.firstIndex(of: UInt8(ascii: "<"), in: 0..<text.count),
        text.firstIndex(of: UInt8(ascii: "<"), in: 0..<3),
        text.firstIndex(of: UInt8(ascii: "\""), in: 8..<text.count),
        // A range past the end is clamped, not read.
        text.firstIndex(of: UInt8(ascii: "d"), in: 5..<1000),
        text.firstIndex(of: UInt8(ascii: "a"), in: 1..<1),
      ]
    }
    #expect(found == [3, nil, 9, 8, nil])
  }

  @Test func countsLinesInARange() {
    let counts = ByteText.withBytes(of: Self.data) { text in
      [
        text.count(of: UInt8(ascii: "\n"), in: 0..<text.count),
        text.count(of: UInt8(ascii: "\n"), in: 3..<text.count),
        text.count(of: UInt8(ascii: "\n"), in: 6..<text.count),
      ]
    }
    #expect(counts == [2, 1, 0])
  }

  @Test func matchesLiteralsAndRefusesOnesRunningPastTheEnd() {
    let results = ByteText.withBytes(of: Self.data) { text in
      [
        text.starts(with: "ab", at: 0), text.starts(with: "<c", at: 3),
        text.starts(with: "\"d\"", at: 7), text.starts(with: "\"d\"x", at: 7),
        text.starts(with: "b", at: -1),
      ]
    }
    #expect(results == [true, true, true, false, false])
  }

  @Test func findsNulAndDecodesAPart() {
    let withNul = Data([0x3C, 0x00, 0x3E])
    #expect(ByteText.withBytes(of: withNul) { $0.contains(0) })
    #expect(!ByteText.withBytes(of: Self.data) { $0.contains(0) })
    #expect(ByteText.withBytes(of: Self.data) { $0.string(in: 3..<5) } == "<c")
    #expect(ByteText.withBytes(of: Data()) { $0.firstIndex(of: 0, in: 0..<1) } == nil)
  }

  @Test func scansASliceOfLargerData() {
    let whole = Data("xx<ab>yy".utf8)
    let slice = whole[2..<6]
    let found = ByteText.withBytes(of: slice) { text in
      (text.count, text.firstIndex(of: UInt8(ascii: ">"), in: 0..<text.count))
    }
    #expect(found.0 == 4)
    #expect(found.1 == 3)
  }
}
