import Foundation

/// A read-only, bounds-checked view of the bytes of a `Data`, lent to a scanner for the length of
/// one call, so that a hostile file of many megabytes is scanned where it lies, never copied.
///
/// Every read is checked against ``count``: a scanner's mistake traps instead of reading memory
/// that is not the bytes'. The view is `~Copyable` and only ever lent `borrowing`, so it cannot be
/// kept past the call that lends it (the only way to make one is ``withBytes(of:_:)``). The
/// searches (``firstIndex(of:in:)``, ``count(of:in:)``) run over the bytes with the C library's
/// `memchr`, which keeps a scan of 64 MiB fast even in a debug build.
///
/// Public so that a format's reader outside the core (FCPXML's preflight) scans untrusted
/// bytes through this one bounds-checked view instead of touching raw memory itself. It is not
/// `Sendable`: it lives for one call on one thread.
public struct ByteText: ~Copyable {
  private let bytes: UnsafeRawBufferPointer
  /// The number of bytes.
  public let count: Int

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
  public static func withBytes<Result>(
    of data: Data, _ body: (borrowing ByteText) -> Result
  ) -> Result {
    data.withUnsafeBytes { raw in
      let text = ByteText(raw)
      return body(text)
    }
  }

  /// The byte at `index`, which must be below ``count``.
  public subscript(index: Int) -> UInt8 {
    precondition(index >= 0 && index < count, "A byte outside the text was read")
    return bytes[index]
  }

  /// Whether the bytes at `position` are `literal`'s (false when they run past the end).
  public func starts(with literal: StaticString, at position: Int) -> Bool {
    let length = literal.utf8CodeUnitCount
    guard position >= 0, position <= count - length else { return false }
    for offset in 0..<length where bytes[position + offset] != literal.utf8Start[offset] {
      return false
    }
    return true
  }

  /// The first index of `byte` in `range` (clamped to the bytes), or `nil`.
  public func firstIndex(of byte: UInt8, in range: Range<Int>) -> Int? {
    let range = range.clamped(to: 0..<count)
    guard !range.isEmpty, let base = bytes.baseAddress else { return nil }
    guard let found = memchr(base + range.lowerBound, Int32(byte), range.count) else {
      return nil
    }
    return base.distance(to: UnsafeRawPointer(found))
  }

  /// How many times `byte` occurs in `range` (clamped to the bytes).
  public func count(of byte: UInt8, in range: Range<Int>) -> Int {
    var total = 0
    var start = range.lowerBound
    while let found = firstIndex(of: byte, in: start..<range.upperBound) {
      total += 1
      start = found + 1
    }
    return total
  }

  /// Whether `byte` occurs anywhere.
  public func contains(_ byte: UInt8) -> Bool {
    firstIndex(of: byte, in: 0..<count) != nil
  }

  /// The index of the first byte that does not belong to well-formed UTF-8 (a stray
  /// continuation byte, a sequence cut short, an overlong form, a surrogate, a code point past
  /// U+10FFFF), or `nil` when every byte does. Runs of ASCII are checked eight bytes at a time,
  /// so that 64 MiB are checked in a moment even in a debug build.
  public func firstInvalidUTF8Index() -> Int? {
    var index = 0
    while index < count {
      if index + 8 <= count,
        bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
      {
        index += 8
        continue
      }
      let lead = bytes[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      // The sequence's length, and the range its second byte must be in (Unicode's table 3-7).
      let length: Int
      var low: UInt8 = 0x80
      var high: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0: (length, low) = (3, 0xA0)
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED: (length, high) = (3, 0x9F)
      case 0xF0: (length, low) = (4, 0x90)
      case 0xF1...0xF3: length = 4
      case 0xF4: (length, high) = (4, 0x8F)
      default: return index
      }
      guard index + length <= count, (low...high).contains(bytes[index + 1]) else { return index }
      for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return index }
      index += length
    }
    return nil
  }

  /// The bytes of `range` (clamped) decoded as UTF-8, invalid sequences replaced.
  public func string(in range: Range<Int>) -> String {
    let range = range.clamped(to: 0..<count)
    return String(decoding: bytes[range], as: UTF8.self)
  }
}
