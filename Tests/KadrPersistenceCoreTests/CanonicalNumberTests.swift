import Foundation
import Testing

@testable import KadrPersistenceCore

/// The tree sink holds each number in the form the reader reads the byte writer's text as; if
/// the two disagreed, a single value's tree would differ from the same value in a saved file.
@Suite("Numbers in the form their bytes read as")
struct CanonicalNumberTests {
  /// Whether `value`, written as bytes and read back, is `JSONOutput.canonicalNumber(value)`.
  static func agrees(_ value: Double) throws -> Bool {
    let read = try JSONReader().read(try JSONWriter().write(.number(value)))
    return read == JSONOutput.canonicalNumber(value)
  }

  /// Where the two forms meet: zero's two signs, 2^53, 1e16 (where `description` takes an
  /// exponent), the ends of `Int64` and of `Double`, and values documents are full of.
  static let edges: [Double] = [
    0, -0.0, 1, -1, 42, 0.5, -0.25, 1920, 0.1, 1e-7, 1e21, 1e20, 1e16, 1e15, 123_456.789,
    0x1p53 - 1, 0x1p53, -0x1p53, 0x1p53 + 2, 0x1p63, -0x1p63, 9.2e18, 1e300, .leastNonzeroMagnitude,
    Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude,
    Double(Float(0.1)), 1e16 - 2, 9_999_999_999_999_998, 0x1p53 + 4, 0x1p62,
  ]

  @Test(arguments: edges)
  func agreesWithTheReaderOn(_ value: Double) throws {
    #expect(try Self.agrees(value), "\(value)")
  }

  @Test func agreesWithTheReaderOnRandomDoubles() throws {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20_000 {
      let bits = UInt64.random(in: .min ... .max, using: &generator)
      let value = Double(bitPattern: bits)
      guard value.isFinite else { continue }
      #expect(try Self.agrees(value), "\(value)")
      // And integral values of every size, where the two forms meet.
      let integral = value.rounded(.towardZero)
      #expect(try Self.agrees(integral), "\(integral)")
      let small = Double(Int64.random(in: -(1 << 55)...(1 << 55), using: &generator))
      #expect(try Self.agrees(small), "\(small)")
    }
  }
}
