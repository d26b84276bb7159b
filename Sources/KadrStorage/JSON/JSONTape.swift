import Foundation

/// A parsed JSON document as a flat run of 32-bit words in document order: what the strict
/// reader produces, and what the decoders read from without building a tree.
///
/// Each value starts with a word whose top four bits are its ``Tag`` and whose other 28 bits are
/// its payload; some values take more words:
///
/// | value | words |
/// |---|---|
/// | `null`, `true`, `false`, the empty string | the tag |
/// | an integer, or an integral double, in ±2^27 | the tag and the value |
/// | `-0.0` | the tag |
/// | any other integer or double | the tag, then the 64 bits in two words, low first |
/// | a string read from a document | the tag and its length, then its offset in ``stringBytes`` |
/// | a string of a tape made from a tree | the tag and its index in ``texts`` |
/// | an array | the tag and its span, then its elements |
/// | an object | the tag and its span, its index in ``shapes``, then its members' values |
///
/// A container's span counts the words from its first to just past its last member, so the next
/// value is found without reading the members. An object's keys are its shape's, in order: objects
/// with the same keys share one keys array, used by the decoders' shape cache and path nodes.
///
/// Figures: at most 3 words per 4 bytes of text (`1.5,` repeated), 2 per 3 (`{},`), 1 per 2
/// (`0,`): at most 3 bytes of memory per byte of document, where the tree cost up to 24.
@usableFromInline
package final class JSONTape {
  /// What a value is; the top four bits of its first word. A structure, not an enum, so that
  /// reading a tag is a shift and comparing two is one instruction, with no raw-value conversion.
  @usableFromInline
  package struct Tag: Equatable {
    @usableFromInline package let rawValue: UInt32
    @inlinable package init(rawValue: UInt32) { self.rawValue = rawValue }

    // Written out to inline in the modules that read tapes (a synthesised `==` is a call).
    @inlinable package static func == (lhs: Tag, rhs: Tag) -> Bool { lhs.rawValue == rhs.rawValue }

    @inlinable package static var null: Tag { Tag(rawValue: 0) }
    @inlinable package static var `false`: Tag { Tag(rawValue: 1) }
    @inlinable package static var `true`: Tag { Tag(rawValue: 2) }
    /// An integer in ±2^27, in the payload.
    @inlinable package static var smallInteger: Tag { Tag(rawValue: 3) }
    /// An `Int64`, in the next two words.
    @inlinable package static var integer: Tag { Tag(rawValue: 4) }
    /// A `Double` that is an integer in ±2^27 (not `-0.0`), in the payload.
    @inlinable package static var smallNumber: Tag { Tag(rawValue: 5) }
    /// `-0.0`.
    @inlinable package static var negativeZero: Tag { Tag(rawValue: 6) }
    /// Any other `Double`, in the next two words.
    @inlinable package static var number: Tag { Tag(rawValue: 7) }
    /// The empty string.
    @inlinable package static var emptyString: Tag { Tag(rawValue: 8) }
    /// A string in ``JSONTape/stringBytes``, unescaped: payload its length, next word its offset.
    @inlinable package static var string: Tag { Tag(rawValue: 9) }
    /// A string in ``texts``, at the payload.
    @inlinable package static var text: Tag { Tag(rawValue: 10) }
    /// An array; the payload is its span.
    @inlinable package static var array: Tag { Tag(rawValue: 12) }
    /// An object; the payload is its span, the next word its shape.
    @inlinable package static var object: Tag { Tag(rawValue: 13) }
  }

  /// The payload of a word: its low 28 bits.
  @inlinable static var payloadMask: UInt32 { 0x0FFF_FFFF }
  /// The payload of a container whose span does not fit: the span is in ``longSpans``.
  @inlinable static var longSpan: UInt32 { payloadMask }
  /// The smallest and largest integers held in a payload.
  static let smallRange: ClosedRange<Int64> = -(1 << 27)...((1 << 27) - 1)

  /// The words, owned by ``storage``.
  @usableFromInline package let words: UnsafePointer<UInt32>
  /// The number of words.
  @usableFromInline package let count: Int
  /// Owns ``words``.
  package let storage: JSONTapeStorage
  /// Strings held as `String`s: every string of a tape made from a tree, and a document's
  /// strings past what ``stringBytes`` can place.
  @usableFromInline package let texts: [String]
  /// The document's strings, unescaped, one after another: copied as read, so that decoding
  /// reads them from one dense run of bytes rather than from all over the document.
  // Figure: strings read from the document, decoding 10,000 clips spent 9 % of its cycles first
  // reading their bytes (making `String`s, matching enumerations), perf. The copy costs a byte
  // per byte: 64 MiB of `["ab",…]` costs 1.6× → 2.0× its size to read (kadr-bench --limits
  // shapes); numbers stay the densest at 3×.
  let stringBytes: [UInt8]
  /// The keys of the objects, by shape; the first is the empty object's.
  package let shapes: JSONShapes
  /// The spans that do not fit a payload, by the container's first word.
  @usableFromInline let longSpans: [Int: Int]
  /// The element counts of a document's arrays of at least ``longArrayLength`` elements, by first
  /// word: counting steps over every element, one cache miss each in a large document.
  // Figure: counting 10,000 clips before decoding them took 2.7 % of an open's cycles (perf).
  let longArrayCounts: [Int: Int]
  /// The fewest elements for a count to be kept: at one entry per 256+ values, counts cost nothing.
  static let longArrayLength = 256
  /// The decoders' last note for each of ``shapes`` (the payload shape checked), so that a shape's
  /// objects are checked against a key type once (then one array lookup and two comparisons).
  @exclusivity(unchecked) @usableFromInline var shapeNotes: [JSONShapeNote?] = []
  /// The document the keys are in, while it may be read: set by ``reading(_:_:)``.
  // Set and read by the decoding thread only.
  @exclusivity(unchecked) @usableFromInline package var source = UnsafeRawBufferPointer(
    start: nil, count: 0)

  package init(
    storage: JSONTapeStorage, texts: [String], stringBytes: [UInt8] = [], shapes: JSONShapes,
    longSpans: [Int: Int], longArrayCounts: [Int: Int] = [:]
  ) {
    self.storage = storage
    self.stringBytes = stringBytes
    words = UnsafePointer(storage.base)
    count = storage.count
    self.texts = texts
    self.shapes = shapes
    self.longSpans = longSpans
    self.longArrayCounts = longArrayCounts
  }

  /// Runs `body` with ``source`` set to `document`, the bytes the tape was read from, unset after:
  /// a decoder kept past its call finds none, so a key's bounds check keeps it from freed memory.
  package func reading<Result>(_ document: UnsafeRawBufferPointer, _ body: () throws -> Result)
    rethrows -> Result
  {
    source = document
    defer { source = UnsafeRawBufferPointer(start: nil, count: 0) }
    return try body()
  }

  /// What `reader` remembered for shape `shape`, if made for key type `type` and hidden `hidden`.
  @inlinable
  package func note(at shape: Int, reader: UInt64, type: ObjectIdentifier, hidden: Int) -> Int? {
    guard shape < shapeNotes.count, let known = shapeNotes[shape], known.reader == reader,
      known.keyType == type, known.hidden == hidden
    else { return nil }
    return known.number
  }

  /// Remembers `number` for `reader`, key type `keyType`, hidden member `hidden` and shape `shape`.
  @usableFromInline
  package func remember(
    _ number: Int, reader: UInt64, keyType: ObjectIdentifier, hidden: Int, at shape: Int
  ) {
    if shapeNotes.count < shapes.count {
      shapeNotes = Array(repeating: nil, count: shapes.count)
    }
    guard shape < shapeNotes.count else { return }
    shapeNotes[shape] = JSONShapeNote(
      number: number, reader: reader, keyType: keyType, hidden: hidden)
  }

  /// The key ``keyMembers`` is for, and per shape its member's index (-2 not looked for, -1 none).
  // Figure: looking up a filter's `kind` among its keys as strings, 1,200 times an open of 1,000
  // clips, cost an array of keys retained and compared for each (callgrind).
  @exclusivity(unchecked) private var memberKey = ""
  @exclusivity(unchecked) private var keyMembers: [Int32] = []

  /// The index of the member under `key` in the objects of shape `shape`, or `nil`. Looked up
  /// once for each shape while one key is asked for (a flat payload's `kind`).
  package func member(_ key: String, ofShape shape: Int) -> Int? {
    if key != memberKey || keyMembers.count != shapes.count {
      memberKey = key
      keyMembers = Array(repeating: -2, count: shapes.count)
    }
    guard shape >= 0, shape < keyMembers.count else {
      return keys(ofShape: shape).firstIndex(of: key)
    }
    if keyMembers[shape] == -2 {
      keyMembers[shape] = Int32(keys(ofShape: shape).firstIndex(of: key) ?? -1)
    }
    let member = Int(keyMembers[shape])
    return member >= 0 ? member : nil
  }

  /// The keys of the objects of shape `shape`, reading keys in the document from ``source``.
  @usableFromInline
  package func keys(ofShape shape: Int) -> [String] {
    shapes.keys(of: shape, in: source)
  }

  /// A view of the words, for reading them without retaining the tape.
  @usableFromInline
  package var view: JSONTapeView { JSONTapeView(self) }

  /// The string at `index`, a value tagged ``Tag/emptyString``, ``Tag/string`` or ``Tag/text``.
  @usableFromInline
  package func string(at index: Int) -> String {
    switch view.tag(at: index) {
    case .string: withStringBytes(at: index) { String(decoding: $0, as: UTF8.self) }
    case .text: texts[view.payload(at: index)]
    default: ""
    }
  }

  /// Calls `body` with the bytes of the string at `index`, a value tagged ``Tag/string``.
  func withStringBytes<Result>(at index: Int, _ body: (UnsafeRawBufferPointer) -> Result)
    -> Result
  {
    let offset = Int(words[index + 1])
    let length = view.payload(at: index)
    return stringBytes.withUnsafeBytes {
      body(UnsafeRawBufferPointer(rebasing: $0[offset..<(offset + length)]))
    }
  }

  /// Whether the string at `index`, a value tagged ``Tag/string``, is `expected`'s bytes.
  @usableFromInline
  package func stringBytes(at index: Int, equal expected: UnsafeBufferPointer<UInt8>) -> Bool {
    withStringBytes(at: index) { actual in
      // A loop of its own: `elementsEqual` over raw buffers was 4× this (callgrind).
      guard actual.count == expected.count else { return false }
      for offset in 0..<actual.count where actual[offset] != expected[offset] { return false }
      return true
    }
  }

  /// The span of the container at `index` whose span does not fit its payload.
  @usableFromInline
  func longSpan(at index: Int) -> Int {
    longSpans[index] ?? 1
  }
}

/// The words of a tape. A parse reserves at once the most its document can need, so the words
/// never move (which would hold old and new storage at once); unwritten pages cost no memory.
@usableFromInline
package final class JSONTapeStorage {
  // Figure: the densest document within the limits (76 MiB of `[0,0,…]`) costs 2.0× its size to
  // refuse; the tree it became cost 25× (kadr-bench --limits shapes).
  // Only the writer that made the storage writes it, one access at a time.
  @exclusivity(unchecked) package private(set) var base: UnsafeMutablePointer<UInt32>
  @exclusivity(unchecked) private var capacity: Int
  @exclusivity(unchecked) package private(set) var count = 0

  package init(capacity: Int) {
    self.capacity = max(capacity, 16)
    base = .allocate(capacity: self.capacity)
  }

  deinit {
    base.deallocate()
  }

  /// Appends a word.
  @inline(__always)
  package func append(_ word: UInt32) {
    if count == capacity { grow() }
    base[count] = word
    count += 1
  }

  /// Sets bits of the word at `index`, which was appended.
  @inline(__always)
  package func set(_ bits: UInt32, at index: Int) {
    precondition(index < count)
    base[index] |= bits
  }

  private func grow() {
    capacity *= 2
    base = base.moved(count, toCapacity: capacity)
  }
}
