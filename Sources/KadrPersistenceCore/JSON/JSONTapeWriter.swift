import Foundation

/// Writes values onto a tape as they are read (by the parser) or walked (from a tree).
///
/// Containers are opened with a placeholder word and closed once their members are written,
/// which sets their span.
struct JSONTapeWriter {
  let words: JSONTapeStorage
  var texts: [String] = []
  var escapedBytes: [UInt8] = []
  /// The objects' key arrays; the first is the empty one.
  var shapes = JSONShapes()
  var longSpans: [Int: Int] = [:]

  /// A writer with room for `capacity` words.
  init(capacity: Int = 0) {
    words = JSONTapeStorage(capacity: capacity)
  }

  @inline(__always)
  private static func word(_ tag: JSONTape.Tag, _ payload: UInt32 = 0) -> UInt32 {
    tag.rawValue << 28 | payload
  }

  /// Writes `null`, `true` or `false`.
  @inline(__always)
  mutating func append(_ tag: JSONTape.Tag) {
    words.append(Self.word(tag))
  }

  /// Writes an integer.
  @inline(__always)
  mutating func append(integer value: Int64) {
    if JSONTape.smallRange.contains(value) {
      words.append(
        Self.word(.smallInteger, UInt32(truncatingIfNeeded: value) & JSONTape.payloadMask))
    } else {
      appendWide(.integer, UInt64(bitPattern: value))
    }
  }

  /// Writes a double.
  @inline(__always)
  mutating func append(number value: Double) {
    if value == 0, value.sign == .minus {
      words.append(Self.word(.negativeZero))
    } else if value.rounded(.towardZero) == value, value >= -134_217_728, value <= 134_217_727 {
      let integer = Int64(value)
      words.append(
        Self.word(.smallNumber, UInt32(truncatingIfNeeded: integer) & JSONTape.payloadMask))
    } else {
      appendWide(.number, value.bitPattern)
    }
  }

  private mutating func appendWide(_ tag: JSONTape.Tag, _ bits: UInt64) {
    words.append(Self.word(tag))
    words.append(UInt32(truncatingIfNeeded: bits))
    words.append(UInt32(truncatingIfNeeded: bits >> 32))
  }

  /// Writes a string of the document's bytes at `offset..<offset + length`, or returns `false`
  /// when its place does not fit the words (the caller then writes it with ``append(text:)``).
  @inline(__always)
  mutating func append(stringAt offset: Int, length: Int) -> Bool {
    if length == 0 {
      words.append(Self.word(.emptyString))
      return true
    }
    guard length < Int(JSONTape.payloadMask), let place = UInt32(exactly: offset) else {
      return false
    }
    words.append(Self.word(.string, UInt32(length)))
    words.append(place)
    return true
  }

  /// Writes a string held as a `String`; `false` when the tape holds too many already.
  mutating func append(text: String) -> Bool {
    if text.isEmpty {
      words.append(Self.word(.emptyString))
      return true
    }
    guard texts.count < Int(JSONTape.payloadMask) else { return false }
    words.append(Self.word(.text, UInt32(texts.count)))
    texts.append(text)
    return true
  }

  /// Writes a string that had escapes, unescaped to `bytes`; `false` when its place does not
  /// fit the words (the caller then writes it with ``append(text:)``).
  mutating func append(escaped bytes: [UInt8]) -> Bool {
    guard bytes.count < Int(JSONTape.payloadMask),
      let place = UInt32(exactly: escapedBytes.count),
      escapedBytes.count + bytes.count <= Int(UInt32.max)
    else { return false }
    if bytes.isEmpty {
      words.append(Self.word(.emptyString))
      return true
    }
    words.append(Self.word(.escaped, UInt32(bytes.count)))
    words.append(place)
    escapedBytes.append(contentsOf: bytes)
    return true
  }

  /// Opens a container, returning its first word's index for ``close(_:shape:)``.
  @inline(__always)
  mutating func open(isObject: Bool) -> Int {
    let start = words.count
    words.append(Self.word(isObject ? .object : .array))
    if isObject { words.append(0) }
    return start
  }

  /// Closes the container opened at `start`; an object's keys are the shape at `shape`.
  @inline(__always)
  mutating func close(_ start: Int, shape: Int?) {
    let span = words.count - start
    if span < Int(JSONTape.longSpan) {
      words.set(UInt32(span), at: start)
    } else {
      words.set(JSONTape.longSpan, at: start)
      longSpans[start] = span
    }
    if let shape { words.set(UInt32(truncatingIfNeeded: shape), at: start + 1) }
  }

  /// The tape written.
  consuming func finish() -> JSONTape {
    JSONTape(
      storage: words, texts: texts, escapedBytes: escapedBytes, shapes: shapes,
      longSpans: longSpans)
  }
}

extension JSONTape {
  /// A tape of `value`, whose strings are all ``texts``.
  ///
  /// - Parameter value: The tree, of any depth (it is walked without recursion).
  convenience init(_ value: JSONValue) {
    var writer = JSONTapeWriter()
    struct Frame {
      var members: [JSONValue]
      var next: Int
      var start: Int
      var shape: Int?
    }
    var frames: [Frame] = []
    var current: JSONValue? = value
    while true {
      if let item = current {
        current = nil
        switch item {
        case .null: writer.append(.null)
        case .bool(let flag): writer.append(flag ? .true : .false)
        case .integer(let integer): writer.append(integer: integer)
        case .number(let number): writer.append(number: number)
        case .string(let text): _ = writer.append(text: text)
        case .array(let elements):
          frames.append(Frame(members: elements, next: 0, start: writer.open(isObject: false)))
        case .object(let object):
          let start = writer.open(isObject: true)
          var shape = 0
          if !object.isEmpty {
            shape = writer.shapes.count
            writer.shapes.append(shared: object.keys)
          }
          frames.append(Frame(members: object.values, next: 0, start: start, shape: shape))
        }
      }
      guard let top = frames.indices.last else { break }
      if frames[top].next < frames[top].members.count {
        current = frames[top].members[frames[top].next]
        frames[top].next += 1
      } else {
        writer.close(frames[top].start, shape: frames[top].shape)
        frames.removeLast()
      }
    }
    self.init(
      storage: writer.words, texts: writer.texts, shapes: writer.shapes,
      longSpans: writer.longSpans)
  }

  /// The value at `index` as a tree, reading plain strings from `raw`, the document.
  ///
  /// Objects of one shape share their keys array, and small containers identical to one made
  /// before share its storage (``JSONSharingTable``), as the reader's trees always have.
  func value(at index: Int, in raw: UnsafeRawBufferPointer) -> JSONValue {
    struct Frame {
      var start: Int
      var end: Int
      var valueStart: Int
    }
    let view = view
    var frames: [Frame] = []
    var values = JSONParseStack<JSONValue>()
    var sharing = JSONSharingTable(documentSize: raw.count)
    var index = index
    walking: while true {
      var value: JSONValue
      var next: Int
      switch view.tag(at: index) {
      case .array, .object:
        let end = index + view.span(at: index)
        let first = view.firstMember(ofContainerAt: index)
        if first < end {
          frames.append(Frame(start: index, end: end, valueStart: values.count))
          index = first
          continue walking
        }
        value = view.tag(at: index) == .object ? .object(JSONObject()) : .array([])
        next = end
      default:
        value = scalar(at: index, in: raw)
        next = index + view.span(at: index)
      }
      while let top = frames.last {
        values.push(value)
        if next < top.end {
          index = next
          continue walking
        }
        frames.removeLast()
        let keys =
          view.tag(at: top.start) == .object ? view.keys(ofObjectAt: top.start, in: raw) : nil
        var hash: UInt64 = 0
        let shared = values.withElements(from: top.valueStart) { members in
          sharing.container(keys: keys, members: members, hash: &hash)
        }
        if let shared {
          values.removeAll(from: top.valueStart)
          value = shared
        } else {
          let members = values.popArray(from: top.valueStart)
          value =
            keys.map { .object(JSONObject(uniqueKeys: $0, values: members)) } ?? .array(members)
          sharing.remember(value, hash: hash)
        }
        next = top.end
      }
      return value
    }
  }

  /// The value at `index` as a tree, reading plain strings from ``source``.
  func value(at index: Int) -> JSONValue {
    value(at: index, in: source)
  }

  /// The scalar at `index`.
  private func scalar(at index: Int, in raw: UnsafeRawBufferPointer) -> JSONValue {
    let view = view
    return switch view.tag(at: index) {
    case .false: .bool(false)
    case .true: .bool(true)
    case .smallInteger: .integer(view.signedPayload(at: index))
    case .integer: .integer(Int64(bitPattern: view.bits(after: index)))
    case .smallNumber, .negativeZero, .number: .number(view.double(at: index) ?? 0)
    case .emptyString, .string, .text, .escaped: .string(string(at: index, in: raw))
    default: .null
    }
  }
}

/// The key lists of a tape's objects, by shape.
///
/// A shape many objects share keeps its keys array (its identity is what the decoders' shape
/// cache and path nodes use). An object whose keys no other object shares (keys never seen
/// before, past the key table's room) keeps its keys in one flat list of spans with every other
/// such object's, and its array is made when a decoder asks: a keys array per object would cost
/// some 50 bytes each, more than such an object's text, and a `String` per key 16 bytes.
// Figure: 64 MiB of `[{"k0":0},{"k1":0},…]` costs 2.4× its size to read, 4.7× with a `String`
// per key and an enum per shape, 7.3× with a keys array per object (kadr-bench --limits shapes).
@usableFromInline
struct JSONShapes {
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
  var count: Int { entries.count }

  /// The number of keys of shape `shape`.
  func keyCount(of shape: Int) -> Int {
    let entry = entries[shape]
    return entry & Self.sharedBit != 0
      ? shared[Int(entry & ~Self.sharedBit)].count : flatRange(of: shape).count
  }

  /// The keys of shape `shape`, reading keys in the document from `document`.
  func keys(of shape: Int, in document: UnsafeRawBufferPointer) -> [String] {
    let entry = entries[shape]
    if entry & Self.sharedBit != 0 { return shared[Int(entry & ~Self.sharedBit)] }
    return flatKeys[flatRange(of: shape)].map { string(of: $0, in: document) }
  }

  /// The key at `index` (below ``keyCount(of:)``) of shape `shape`, reading keys in the
  /// document from `document`.
  func key(_ index: Int, of shape: Int, in document: UnsafeRawBufferPointer) -> String {
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
  func string(of span: JSONKeySpan, in document: UnsafeRawBufferPointer) -> String {
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

  /// Whether the keys at two spans are equal as strings (canonically equivalent), comparing
  /// bytes when both are ASCII.
  func equal(_ first: JSONKeySpan, _ second: JSONKeySpan, in document: UnsafeRawBufferPointer)
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
  mutating func append(shared keys: [String]) {
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
