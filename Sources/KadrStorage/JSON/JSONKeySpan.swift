/// Where the bytes of one object key are, in 64 bits: how the reader keeps a key the key table
/// gave no id, and how a tape keeps the keys of objects whose shape no other object shares.
///
/// A key is in the document (no escapes), the shapes' key bytes (unescaped) or, if its place does
/// not fit the bits, their key strings; its `String` is made on request
/// (``JSONShapes/string(of:in:)``).
// Figure: 64 MiB of `[{"k0":0},{"k1":0},…]` costs 4.7× → 2.9× its size to read with a span a key
// (8 bytes, not a `String`'s 16 and, past 15 bytes, an allocation) and no prediction entry per
// unshared shape (``JSONShapeTable``), measured together (kadr-bench --limits shapes).
@usableFromInline
package struct JSONKeySpan {
  /// Where a key's bytes are.
  package enum Place: UInt64 {
    /// In the document: the offset is the key's first byte there.
    case document = 0
    /// In ``JSONShapes``'s key bytes, unescaped: the offset is its first byte there.
    case keyBytes = 1
    /// A `String` in ``JSONShapes``'s key strings: the offset is its index there.
    case string = 2
  }

  /// The longest length a span holds.
  static let maximumLength = 1 << 29 - 1

  /// The offset in the low 32 bits, the length in the next 29, whether the key is all ASCII in
  /// bit 61, the place in the top two.
  private let bits: UInt64

  /// A span of `length` bytes at `offset` in `place`, or `nil` when they do not fit the bits.
  ///
  /// - Parameters:
  ///   - place: Where the bytes are.
  ///   - offset: The first byte (or, for ``Place/string``, the index of the string).
  ///   - length: The number of bytes (0 for ``Place/string``).
  ///   - isASCII: Whether every byte is below 0x80: then two keys are equal exactly when their
  ///     bytes are (else they are compared as strings, which are equal when canonically so).
  @inline(__always)
  package init?(_ place: Place, offset: Int, length: Int, isASCII: Bool) {
    guard let offset = UInt32(exactly: offset), length >= 0, length <= Self.maximumLength else {
      return nil
    }
    bits =
      place.rawValue << 62 | (isASCII ? 1 << 61 : 0) | UInt64(length) << 32 | UInt64(offset)
  }

  /// The span of the key string at `index` in ``JSONShapes``'s key strings.
  package init(string index: Int) {
    precondition(index >= 0 && index <= Int(UInt32.max))
    bits = Place.string.rawValue << 62 | UInt64(index)
  }

  /// Where the bytes are.
  package var place: Place { Place(rawValue: bits >> 62) ?? .string }

  /// The first byte's offset in ``place`` (or the index of the string).
  package var offset: Int { Int(bits & 0xFFFF_FFFF) }

  /// The number of bytes.
  package var length: Int { Int(bits >> 32 & UInt64(Self.maximumLength)) }

  /// Whether every byte is below 0x80.
  package var isASCII: Bool { bits & 1 << 61 != 0 }
}
