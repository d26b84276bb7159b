import Foundation

/// A read-only, bounds-checked view of the bytes of a `Data`, lent to a scanner for the length of
/// one call, so that a hostile file of many megabytes is scanned where it lies, never copied.
///
/// Every read is checked against ``count``: a scanner's mistake traps instead of reading memory
/// that is not the bytes'. The view is `~Copyable` and only ever lent `borrowing`, so it cannot be
/// kept past the call that lends it (the only way to make one is ``withBytes(of:_:)``). The
/// searches (``firstIndex(of:in:)``, ``count(of:in:)``) run over the bytes with the C library's
/// `memchr`, which keeps a scan of 64 MiB fast even in a debug build.
package struct ByteText: ~Copyable {
  private let bytes: UnsafeRawBufferPointer
  /// The number of bytes.
  package let count: Int

  private init(_ bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
    count = bytes.count
  }

  /// Lends the bytes of `data` to `body`.
  ///
  /// - Parameters:
  ///   - data: The bytes.
  ///   - body: Scans them; the view is valid only during the call.
  /// - Returns: What `body` returns.
  package static func withBytes<Result>(
    of data: Data, _ body: (borrowing ByteText) -> Result
  ) -> Result {
    data.withUnsafeBytes { raw in
      let text = ByteText(raw)
      return body(text)
    }
  }

  /// The byte at `index`, which must be below ``count``.
  package subscript(index: Int) -> UInt8 {
    precondition(index >= 0 && index < count, "A byte outside the text was read")
    return bytes[index]
  }

  /// Whether the bytes at `position` are `literal`'s (false when they run past the end).
  package func starts(with literal: StaticString, at position: Int) -> Bool {
    let length = literal.utf8CodeUnitCount
    guard position >= 0, position <= count - length else { return false }
    for offset in 0..<length where bytes[position + offset] != literal.utf8Start[offset] {
      return false
    }
    return true
  }

  /// The first index of `byte` in `range` (clamped to the bytes), or `nil`.
  package func firstIndex(of byte: UInt8, in range: Range<Int>) -> Int? {
    let range = range.clamped(to: 0..<count)
    guard !range.isEmpty, let base = bytes.baseAddress else { return nil }
    guard let found = memchr(base + range.lowerBound, Int32(byte), range.count) else {
      return nil
    }
    return base.distance(to: UnsafeRawPointer(found))
  }

  /// How many times `byte` occurs in `range` (clamped to the bytes).
  package func count(of byte: UInt8, in range: Range<Int>) -> Int {
    var total = 0
    var start = range.lowerBound
    while let found = firstIndex(of: byte, in: start..<range.upperBound) {
      total += 1
      start = found + 1
    }
    return total
  }

  /// Whether `byte` occurs anywhere.
  package func contains(_ byte: UInt8) -> Bool {
    firstIndex(of: byte, in: 0..<count) != nil
  }

  /// The bytes of `range` (clamped) decoded as UTF-8, invalid sequences replaced.
  package func string(in range: Range<Int>) -> String {
    let range = range.clamped(to: 0..<count)
    return String(decoding: bytes[range], as: UTF8.self)
  }
}
