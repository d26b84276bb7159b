/// The plain ASCII keys of a document, each made into a `String` once.
///
/// A document repeats a few dozen keys thousands of times. A key without escapes or non-ASCII
/// bytes is looked up by its bytes (kept as an offset into the document, which outlives the
/// parse) and gets the same `String` and id every time; as two plain ASCII keys are equal
/// `String`s exactly when their bytes are, a duplicate check compares ids. Any other key gets id
/// 0 and is kept as a span (``JSONKeySpan``), compared by its bytes when ASCII, else as a `String`
/// (which catches canonically equivalent spellings, such as `K` and the Kelvin sign U+212A).
/// Interning never changes what is read: a key not interned is compared as its `String`.
@usableFromInline
struct JSONKeyTable {
  // Figure (callgrind, 1,000 clips): reading alone takes 26 % fewer instructions than without
  // interning, and open 82 % fewer (the shape cache and the sharing table match on key identity).
  /// The longest key interned; longer ones are rare and are made afresh.
  static let maximumLength = 40
  /// How many slots a lookup tries; bounds the work a document of colliding keys can cause.
  static let maximumProbes = 16

  /// The number of slots: a power of two, scaled to the document (small documents stay cheap).
  private let slotCount: Int
  /// Entry index + 1 for each slot, 0 when empty; allocated at the first key.
  private var slots: [Int32] = []
  /// Where each interned key's bytes are in the document, and how many there are.
  private var spans: [(offset: Int, length: Int)] = []
  /// Each interned key's string.
  private var strings: [String] = []
  /// Each interned key's span in the document.
  private var keySpans: [JSONKeySpan] = []
  /// Each interned key's first bytes followed by its closing quote, at most eight, as a word
  /// (with the mask of those bytes): a key of up to seven bytes is matched by one load.
  // Figure (callgrind): open of 1,000 clips 32.4 M comparing with the first occurrence, 32.0 M so.
  private var heads: [(word: UInt64, mask: UInt64)] = []

  /// Creates a table for a document of `documentSize` bytes: up to 2048 slots, half usable (so
  /// up to 1024 distinct keys are interned).
  init(documentSize: Int) {
    slotCount = JSONKeyTable.slotCount(forItems: documentSize / 8, maximum: 2048)
  }

  /// The power of two slots for about `items` entries, from 64 to `maximum`.
  static func slotCount(forItems items: Int, maximum: Int) -> Int {
    var count = 64
    while count < items, count < maximum { count *= 2 }
    return count
  }

  /// The id (1 or more) of the plain key at `offset..<offset + length`, interned if new (its
  /// string is ``string(_:)``, so reading a key retains nothing); 0 when the table is full.
  mutating func key(at offset: Int, length: Int, in bytes: UnsafeRawBufferPointer) -> UInt32 {
    if slots.isEmpty { slots = [Int32](repeating: 0, count: slotCount) }
    let first = Self.word(bytes, at: offset, length: length)
    let last = length > 8 ? Self.word(bytes, at: offset + length - 8, length: 8) : 0
    var hash = (first ^ (last &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(length)) &* 0xBF58_476D_1CE4_E5B9
    hash ^= hash >> 31
    var slot = Int(truncatingIfNeeded: hash) & (slotCount - 1)
    var probes = 0
    while slots[slot] != 0 {
      let stored = Int(slots[slot])
      let span = spans[stored - 1]
      if span.length == length, Self.word(bytes, at: span.offset, length: length) == first,
        Self.equal(bytes, span.offset, offset, length: length)
      {
        return UInt32(stored)
      }
      probes += 1
      // A hostile document could make its keys collide; past a few probes, stop interning.
      if probes == Self.maximumProbes { return 0 }
      slot = (slot + 1) & (slotCount - 1)
    }
    guard spans.count < slotCount / 2,
      let span = JSONKeySpan(.document, offset: offset, length: length, isASCII: true)
    else { return 0 }
    spans.append((offset, length))
    var head: UInt64 = 0
    let headLength = min(length + 1, 8)
    for index in 0..<headLength {
      let byte = index < length ? bytes[offset + index] : UInt8(ascii: "\"")
      head |= UInt64(byte) << (8 * UInt64(index))
    }
    heads.append((head, headLength == 8 ? ~0 : (1 << (8 * UInt64(headLength))) &- 1))
    strings.append(Self.string(at: offset, length: length, bytes))
    keySpans.append(span)
    slots[slot] = Int32(spans.count)
    return UInt32(spans.count)
  }

  /// Whether the key at `offset` in `bytes`, whose opening quote is just before it, is the
  /// interned key `id`: its bytes, then a closing quote. Then its length is returned.
  @inline(__always)
  func matches(_ id: UInt32, at offset: Int, in bytes: UnsafeRawBufferPointer) -> Int? {
    let index = Int(id) - 1
    guard index >= 0, index < spans.count else { return nil }
    let span = spans[index]
    if offset + 8 <= bytes.count {
      let loaded = UInt64(
        littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
      let head = heads[index]
      guard loaded & head.mask == head.word else { return nil }
      // The head held the whole key and its closing quote.
      if span.length < 8 { return span.length }
    }
    guard offset + span.length < bytes.count,
      bytes[offset + span.length] == UInt8(ascii: "\""),
      Self.equal(bytes, span.offset, offset, length: span.length)
    else { return nil }
    return span.length
  }

  /// The string of the interned key `id` (1 or more).
  @inline(__always)
  func string(_ id: UInt32) -> String {
    strings[Int(id) - 1]
  }

  /// The span of the interned key `id` (1 or more) in the document.
  @inline(__always)
  func span(_ id: UInt32) -> JSONKeySpan {
    keySpans[Int(id) - 1]
  }

  private static func string(at offset: Int, length: Int, _ bytes: UnsafeRawBufferPointer)
    -> String
  {
    String(
      decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + length)]), as: UTF8.self)
  }

  /// The first `min(length, 8)` bytes at `offset` as a word, the rest zero.
  @inline(__always)
  private static func word(_ bytes: UnsafeRawBufferPointer, at offset: Int, length: Int)
    -> UInt64
  {
    if length >= 8 {
      return UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
    if offset + 8 <= bytes.count {
      // Little-endian: the key's bytes are the low ones; mask off what follows it.
      let loaded = UInt64(
        littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
      return loaded & ((1 << (8 * UInt64(length))) &- 1)
    }
    var word: UInt64 = 0
    for index in 0..<length { word |= UInt64(bytes[offset + index]) << (8 * index) }
    return word
  }

  /// Whether the `length` bytes at two offsets are equal, eight at a time.
  @inline(__always)
  private static func equal(
    _ bytes: UnsafeRawBufferPointer, _ first: Int, _ second: Int, length: Int
  ) -> Bool {
    guard length >= 8 else {
      return word(bytes, at: first, length: length) == word(bytes, at: second, length: length)
    }
    var index = 0
    while index < length - 8 {
      guard word(bytes, at: first + index, length: 8) == word(bytes, at: second + index, length: 8)
      else { return false }
      index += 8
    }
    return word(bytes, at: first + length - 8, length: 8)
      == word(bytes, at: second + length - 8, length: 8)
  }
}

extension JSONParser {
  /// Reads the key whose opening quote is at `position`, interning it when it is plain ASCII.
  ///
  /// - Returns: The key's span and its id in ``keyTable`` (holding its string), or 0 (span only).
  mutating func parseKey() throws(JSONReadError) -> (span: JSONKeySpan, id: UInt32) {
    let start = position + 1
    let runEnd = plainRunEnd(from: start)
    let length = runEnd - start
    guard runEnd < end, bytes[runEnd] == UInt8(ascii: "\"") else {
      return (try parseKeySpan(), 0)
    }
    if let limit = options.maximumStringLength, length > limit {
      return (try parseKeySpan(), 0)  // Which refuses it, with the place.
    }
    position = runEnd + 1
    let id =
      length <= JSONKeyTable.maximumLength ? keyTable.key(at: start, length: length, in: raw) : 0
    if id != 0 { return (keyTable.span(id), id) }
    if let span = JSONKeySpan(.document, offset: start, length: length, isASCII: true) {
      return (span, 0)
    }
    let key = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<runEnd]), as: UTF8.self)
    return (tape.shapes.keySpan(string: key), 0)
  }

  /// Whether the key `span` (`id`, as ``parseKey()`` gave them) equals the key at `index` on the
  /// stacks, comparing ids where both keys have one.
  @inline(__always)
  func keyEqual(_ span: JSONKeySpan, id: UInt32, at index: Int) -> Bool {
    let otherID = keyIDs.element(at: index)
    if id != 0, otherID & Self.textBit == 0 { return id == otherID }
    return tape.shapes.equal(span, keySpan(at: index), in: raw)
  }

  /// Whether the object being read already has the key `span` (`id`, as ``parseKey()`` gave
  /// them), comparing ids where both keys have one.
  func hasKey(_ span: JSONKeySpan, id: UInt32, from keyStart: Int) -> Bool {
    var index = keyStart
    while index < keyIDs.count {
      if keyEqual(span, id: id, at: index) { return true }
      index += 1
    }
    return false
  }

  /// The span of the key at `index` on the stacks.
  func keySpan(at index: Int) -> JSONKeySpan {
    let id = keyIDs.element(at: index)
    return id & Self.textBit != 0
      ? keySpans.element(at: Int(id & ~Self.textBit)) : keyTable.span(id)
  }

  /// The string of the key at `index` on the stacks.
  func keyString(at index: Int) -> String {
    let id = keyIDs.element(at: index)
    return id & Self.textBit != 0
      ? tape.shapes.string(of: keySpans.element(at: Int(id & ~Self.textBit)), in: raw)
      : keyTable.string(id)
  }

  /// The string of a key as ``parseKey()`` gave it.
  func keyString(_ span: JSONKeySpan, id: UInt32) -> String {
    id == 0 ? tape.shapes.string(of: span, in: raw) : keyTable.string(id)
  }

  /// The hash of the key at `index` on the stacks, as its string's.
  func keyHash(at index: Int) -> Int {
    keyString(at: index).hashValue
  }
}
