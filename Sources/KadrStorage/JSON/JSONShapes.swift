import Foundation

/// The key lists of a tape's objects, by shape.
///
/// A shape many objects share keeps its keys array (whose identity the decoders' shape cache and
/// path nodes use). An unshared object's keys (new keys, past the key table's room) go in one flat
/// list of spans with all such objects', its array made when a decoder asks: a keys array per
/// object would cost some 50 bytes, more than its text, and a `String` per key 16 bytes.
// Figure: 64 MiB of `[{"k0":0},{"k1":0},…]` costs 2.4× its size to read, 4.7× with a `String`
// per key and an enum per shape, 7.3× with a keys array per object (kadr-bench --limits shapes).
@usableFromInline
package struct JSONShapes {
  /// Marks an entry of a shared shape, whose index in ``shared`` is the rest.
  private static let sharedBit: UInt32 = 1 << 31

  /// For each shape: ``sharedBit`` and its index in ``shared``, or a flat shape's start in
  /// ``flatKeys``; its keys run to the next flat shape's start (past shared shapes, of which a
  /// parse makes at most a few thousand), or to the end.
  // Figure: 64 MiB of `[{"k0":0},{"k1":0},…]` costs 2.5× its size to read with 32 bits a shape,
  // 2.9× with 64 (a start and a count) (kadr-bench --limits shapes).
  private var entries: [UInt32] = [JSONShapes.sharedBit]
  /// The keys arrays of the shared shapes; the first is the empty object's.
  private var shared: [[String]] = [[]]
  /// The keys of the flat shapes, one after the other.
  private var flatKeys: [JSONKeySpan] = []
  /// The unescaped bytes of the keys that had escapes, one after the other.
  private var keyBytes: [UInt8] = []
  /// The keys whose place fits no span.
  private var keyStrings: [String] = []
  /// Where the flat shape being added starts in ``flatKeys``.
  private var flatStart = 0

  /// The number of shapes; the first is the empty object's.
  @usableFromInline
  package var count: Int { entries.count }

  /// The number of keys of shape `shape`.
  package func keyCount(of shape: Int) -> Int {
    let entry = entries[shape]
    return entry & Self.sharedBit != 0
      ? shared[Int(entry & ~Self.sharedBit)].count : flatRange(of: shape).count
  }

  /// The keys of shape `shape`, reading keys in the document from `document`.
  package func keys(of shape: Int, in document: UnsafeRawBufferPointer) -> [String] {
    let entry = entries[shape]
    if entry & Self.sharedBit != 0 { return shared[Int(entry & ~Self.sharedBit)] }
    return flatKeys[flatRange(of: shape)].map { string(of: $0, in: document) }
  }

  /// Key `index` (below ``keyCount(of:)``) of shape `shape`, reading document keys from `document`.
  package func key(_ index: Int, of shape: Int, in document: UnsafeRawBufferPointer) -> String {
    let entry = entries[shape]
    if entry & Self.sharedBit != 0 { return shared[Int(entry & ~Self.sharedBit)][index] }
    let range = flatRange(of: shape)
    precondition(index >= 0 && index < range.count)
    return string(of: flatKeys[range.lowerBound + index], in: document)
  }

  /// Where the keys of the flat shape `shape` are in ``flatKeys``.
  private func flatRange(of shape: Int) -> Range<Int> {
    var next = shape + 1
    while next < entries.count, entries[next] & Self.sharedBit != 0 { next += 1 }
    return Int(entries[shape])..<(next < entries.count ? Int(entries[next]) : flatKeys.count)
  }

  /// The key at `span`, reading keys in the document from `document`.
  package func string(of span: JSONKeySpan, in document: UnsafeRawBufferPointer) -> String {
    switch span.place {
    case .document:
      // A tape kept past its document finds none: trap, never read past.
      precondition(span.offset + span.length <= document.count, "The document is gone")
      return String(
        decoding: UnsafeRawBufferPointer(
          rebasing: document[span.offset..<(span.offset + span.length)]), as: UTF8.self)
    case .keyBytes:
      return keyBytes.withUnsafeBufferPointer {
        String(
          decoding: UnsafeBufferPointer(rebasing: $0[span.offset..<(span.offset + span.length)]),
          as: UTF8.self)
      }
    case .string:
      return keyStrings[span.offset]
    }
  }

  /// Whether two spans' keys are equal as strings (canonically equivalent); bytes if both ASCII.
  package func equal(
    _ first: JSONKeySpan, _ second: JSONKeySpan, in document: UnsafeRawBufferPointer
  )
    -> Bool
  {
    guard first.isASCII, second.isASCII, first.place != .string, second.place != .string else {
      return string(of: first, in: document) == string(of: second, in: document)
    }
    guard first.length == second.length else { return false }
    return withBytes(of: first, in: document) { firstBytes in
      withBytes(of: second, in: document) { secondBytes in
        firstBytes.elementsEqual(secondBytes)
      }
    }
  }

  /// Calls `body` with the bytes of the key at `span`, which is not a ``JSONKeySpan/Place/string``.
  private func withBytes<Result>(
    of span: JSONKeySpan, in document: UnsafeRawBufferPointer,
    _ body: (UnsafeRawBufferPointer) -> Result
  ) -> Result {
    let range = span.offset..<(span.offset + span.length)
    if span.place == .keyBytes {
      return keyBytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[range])) }
    }
    precondition(range.upperBound <= document.count, "The document is gone")
    return body(UnsafeRawBufferPointer(rebasing: document[range]))
  }

  /// The span of a key that had escapes, unescaped to `bytes`, which are kept.
  mutating func keySpan(escaped bytes: [UInt8]) -> JSONKeySpan {
    let isASCII = bytes.allSatisfy { $0 < 0x80 }
    guard keyBytes.count + bytes.count <= Int(UInt32.max),
      let span = JSONKeySpan(
        .keyBytes, offset: keyBytes.count, length: bytes.count, isASCII: isASCII)
    else { return keySpan(string: String(decoding: bytes, as: UTF8.self)) }
    keyBytes.append(contentsOf: bytes)
    return span
  }

  /// The span of a key kept as a `String`: one whose place fits no other span.
  mutating func keySpan(string: String) -> JSONKeySpan {
    keyStrings.append(string)
    return JSONKeySpan(string: keyStrings.count - 1)
  }

  /// Adds the shape of objects that share it.
  package mutating func append(shared keys: [String]) {
    precondition(shared.count < Int(Self.sharedBit))
    entries.append(Self.sharedBit | UInt32(truncatingIfNeeded: shared.count))
    shared.append(keys)
  }

  /// Starts the shape of one object, kept flat, whose `count` keys follow
  /// (``appendFlatKey(_:)``), then ``endFlat(in:)``.
  mutating func startFlat(count: Int) {
    flatStart = flatKeys.count
    // Room at once for a wide object, where doubling holds the old and new storage at once.
    // Figure: 64 MiB of one object of distinct keys costs 2.8× its size to open, 3.2× doubling.
    let needed = flatKeys.count + count
    if needed > flatKeys.capacity { flatKeys.reserveCapacity(max(needed, flatKeys.count * 2)) }
  }

  /// Adds a key of the flat shape being added.
  mutating func appendFlatKey(_ span: JSONKeySpan) {
    flatKeys.append(span)
  }

  /// Ends the flat shape being added, reading keys in the document from `document` if it must
  /// be kept as an array instead (when its place does not fit an entry).
  mutating func endFlat(in document: UnsafeRawBufferPointer) {
    guard flatKeys.count < Int(Self.sharedBit) else {
      let keys = flatKeys[flatStart...].map { string(of: $0, in: document) }
      flatKeys.removeSubrange(flatStart...)
      append(shared: keys)
      return
    }
    entries.append(UInt32(flatStart))
  }
}
