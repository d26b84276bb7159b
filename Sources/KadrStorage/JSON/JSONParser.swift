/// The state of one strict parse over a buffer of UTF-8 bytes; ``JSONReader`` wraps it.
///
/// The parser is iterative: open arrays and objects live in ``frames``, not on the call stack,
/// so depth costs heap memory (bounded by ``JSONReader/Options/maximumDepth``), never stack.
/// Values go onto a ``JSONTape`` as read, a container's span when it closes; keys go on a reused
/// stack (for the duplicate check and errors' pointers); plain keys become strings once a document
/// (``JSONKeyTable``); objects of one shape share a keys array (``JSONShapeTable``). Each read of
/// `bytes[i]` follows a check that `i < end`, each eight-byte load one that `i + 8 <= end`.
@usableFromInline
struct JSONParser: ~Copyable {
  /// An array or object being read.
  struct Frame {
    /// Whether the container is an object (else an array).
    var isObject: Bool
    /// The container's first word on the tape.
    var tapeStart: Int
    /// How many of its members have been read.
    var children: Int
    /// Where the object's keys start on ``JSONParser/keyIDs``.
    var keyStart: Int
    /// Where the object's keys without an id start on ``JSONParser/keySpans``.
    var textStart: Int
    /// Past ``JSONParser/linearKeyScanLimit`` keys, the index in ``JSONParser/keySets`` of the
    /// set of its keys; else -1. (An index, so that a frame is plain data, cheap to push and pop.)
    var keySet: Int32 = -1
    /// A hash of the keys on the path to the container, which names where it is in the
    /// document's structure (every clip's time range has the same).
    var context: UInt32
    /// For an object, its predicted shape (index in ``JSONParser/shapeTable``, see
    /// ``JSONShapeTable/prediction(in:)``) or -1, kept while the keys read match its keys in order.
    var predicted: Int32 = -1
  }

  /// Up to this many keys, a duplicate is found by scanning; past it, by a set.
  static let linearKeyScanLimit = 16

  let bytes: UnsafeBufferPointer<UInt8>
  let raw: UnsafeRawBufferPointer
  let end: Int
  let options: JSONReader.Options
  /// The offset of the next byte to read.
  var position = 0
  /// The values read so far, and the most allowed (``JSONReader/Options/maximumValueCount``).
  var valueCount = 0
  let maximumValueCount: Int
  /// The open containers, outermost first.
  // Figure: parse of 1,000 clips 17.5 M → 16.6 M instructions with this stack, not an array (−5 %,
  // callgrind). Plain-data frames (a key set in each had made them reference-counted) and only
  // id-less keys as strings: 18.1 M → 9.6 M by the same count (the two not measured apart).
  var frames = JSONParseStack<Frame>(capacity: 16)
  /// The tape being written.
  var tape: JSONTapeWriter
  /// The keys without an id of every open object, outermost first, as spans: 8 bytes a key
  /// where a `String` costs 16 and, past 15 bytes, an allocation.
  var keySpans = JSONParseStack<JSONKeySpan>()
  /// The sets of keys of the open objects past ``linearKeyScanLimit`` keys.
  var keySets: [JSONKeyIndexSet] = []
  /// Marks a ``keyIDs`` entry that indexes ``keySpans`` (a key without an id in ``keyTable``).
  static let textBit: UInt32 = 1 << 31
  /// Each key of the open objects: its id in ``keyTable``, or its index in ``keySpans`` marked
  /// with ``textBit``.
  var keyIDs = JSONParseStack<UInt32>()
  /// The document's plain keys, each made into a `String` once.
  var keyTable: JSONKeyTable
  /// The document's object shapes, each made into a keys array once.
  var shapeTable: JSONShapeTable
  /// Room to unescape strings that hold escapes, reused from string to string.
  var scratch: [UInt8] = []

  init(bytes: UnsafeBufferPointer<UInt8>, options: JSONReader.Options) {
    self.bytes = bytes
    self.raw = UnsafeRawBufferPointer(bytes)
    self.end = bytes.count
    self.options = options
    maximumValueCount = options.maximumValueCount ?? .max
    keyTable = JSONKeyTable(documentSize: bytes.count)
    shapeTable = JSONShapeTable(documentSize: bytes.count)
    // The most words a document this size can take (3 per 4 bytes, `1.5,` repeated), reserved at
    // once: growing would hold old and new storage at once. Unwritten pages cost no memory.
    tape = JSONTapeWriter(capacity: bytes.count / 4 * 3 + 4, stringCapacity: bytes.count)
  }

  /// Parses the whole buffer as one JSON document onto the tape.
  mutating func parseDocument() throws(JSONReadError) {
    if let limit = options.maximumDocumentSize, end > limit {
      throw failure(.documentTooLarge(limit: limit), at: 0, includingChild: false)
    }
    if end >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
      throw failure(.byteOrderMark, at: 0, includingChild: false)
    }
    skipWhitespace()
    guard position < end else { throw failure(.emptyDocument, at: 0, includingChild: false) }
    parsing: while true {
      // Read one value at `position`; containers push a frame and go on to their first child.
      guard position < end else { throw failure(.unexpectedEnd, at: end, includingChild: true) }
      valueCount &+= 1
      if valueCount > maximumValueCount {
        throw failure(
          .tooManyValues(limit: maximumValueCount), at: position, includingChild: true)
      }
      switch bytes[position] {
      case UInt8(ascii: "{"):
        try push(isObject: true)
        position += 1
        skipWhitespace()
        if position < end, bytes[position] == UInt8(ascii: "}") {
          position += 1
          tape.close(frames.popLast().tapeStart, shape: 0)
        } else {
          try readKey()
          continue parsing
        }
      case UInt8(ascii: "["):
        try push(isObject: false)
        position += 1
        skipWhitespace()
        if position < end, bytes[position] == UInt8(ascii: "]") {
          position += 1
          tape.close(frames.popLast().tapeStart, shape: nil)
        } else {
          continue parsing
        }
      case UInt8(ascii: "\""):
        try parseStringValue()
      case UInt8(ascii: "t"):
        try expectLiteral("true")
        tape.append(.true)
      case UInt8(ascii: "f"):
        try expectLiteral("false")
        tape.append(.false)
      case UInt8(ascii: "n"):
        try expectLiteral("null")
        tape.append(.null)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        if appendPlainNumber() { break }
        switch try parseNumber() {
        case .integer(let integer): tape.append(integer: integer)
        case .number(let number): tape.append(number: number)
        default: break
        }
      default:
        throw unexpected(expecting: .value, includingChild: true)
      }
      // Count the value in its container, closing every container that ends here.
      while frames.count > 0 {
        let top = frames.count - 1
        frames[top].children += 1
        skipWhitespace()
        guard position < end else {
          throw failure(.unexpectedEnd, at: end, includingChild: false)
        }
        switch (bytes[position], frames[top].isObject) {
        case (UInt8(ascii: ","), true):
          position += 1
          skipWhitespace()
          try readKey()
          continue parsing
        case (UInt8(ascii: ","), false):
          position += 1
          skipWhitespace()
          continue parsing
        case (UInt8(ascii: "}"), true):
          position += 1
          let frame = frames.popLast()
          // The set goes first, so that it is not held beside the shape's copy of the keys.
          if frame.keySet >= 0 { keySets.removeLast() }
          tape.close(
            frame.tapeStart,
            shape: popKeys(
              from: frame.keyStart, predicted: frame.predicted, context: frame.context))
          if frame.textStart < keySpans.count { keySpans.removeAll(from: frame.textStart) }
        case (UInt8(ascii: "]"), false):
          position += 1
          let frame = frames.popLast()
          tape.close(frame.tapeStart, shape: nil)
          tape.noteCount(frame.children, ofArrayAt: frame.tapeStart)
        default:
          throw unexpected(
            expecting: frames[top].isObject ? .commaOrEndOfObject : .commaOrEndOfArray,
            includingChild: false)
        }
      }
      skipWhitespace()
      guard position == end else {
        throw failure(.trailingData, at: position, includingChild: false)
      }
      return
    }
  }

  /// The tape, once ``parseDocument()`` has returned.
  consuming func takeTape() -> JSONTapeWriter {
    tape
  }

  /// Takes the keys of the object being closed off the stacks, returning the index of its
  /// shape: shared with the objects of the same keys read before.
  private mutating func popKeys(from keyStart: Int, predicted: Int32, context: UInt32) -> Int {
    let shape: Int
    var shared: Int32 = -1
    if predicted >= 0, keyIDs.count - keyStart == shapeTable.keyCount(of: predicted) {
      shape = shapeTable.tapeShape(of: predicted)
      shared = predicted
    } else if let found = keyIDs.withElements(from: keyStart, { shapeTable.shape(for: $0) }) {
      (shape, shared) = found
    } else {
      shape = tape.shapes.count
      if let index = keyIDs.withElements(from: keyStart, { shapeTable.remember($0, shape: shape) })
      {
        shared = index
        tape.shapes.append(shared: (keyStart..<keyIDs.count).map { keyString(at: $0) })
      } else {
        tape.shapes.startFlat(count: keyIDs.count - keyStart)
        for index in keyStart..<keyIDs.count { tape.shapes.appendFlatKey(keySpan(at: index)) }
        tape.shapes.endFlat(in: raw)
      }
    }
    if shared >= 0 { shapeTable.predict(shared, in: context) }
    keyIDs.removeAll(from: keyStart)
    return shape
  }

  /// Opens a container at `position`, refusing one nested deeper than the limit.
  private mutating func push(isObject: Bool) throws(JSONReadError) {
    guard frames.count < options.maximumDepth else {
      throw failure(
        .tooDeep(limit: options.maximumDepth), at: position, includingChild: true)
    }
    // The context: the parent's, mixed with this container's key (or a mark for an array element).
    var context: UInt32 = 0x811C_9DC5
    if frames.count > 0 {
      let parent = frames[frames.count - 1]
      let step = parent.isObject ? keyIDs.element(at: keyIDs.count - 1) : 0xFFFF_FFFF
      context = (parent.context ^ step) &* 0x0100_0193
      context ^= context >> 15
    }
    frames.push(
      Frame(
        isObject: isObject, tapeStart: tape.open(isObject: isObject), children: 0,
        keyStart: keyIDs.count, textStart: keySpans.count, context: context,
        predicted: isObject ? shapeTable.prediction(in: context) : -1))
  }

  /// Reads an object's key, refusing a duplicate, then the `:` after it.
  private mutating func readKey() throws(JSONReadError) {
    guard position < end else { throw failure(.unexpectedEnd, at: end, includingChild: false) }
    guard bytes[position] == UInt8(ascii: "\"") else {
      throw unexpected(expecting: .key, includingChild: false)
    }
    let keyOffset = position
    let top = frames.count - 1
    let keyStart = frames[top].keyStart
    let predicted = frames[top].predicted
    // Figure: parse of 1,000 clips 28.6 M → 16.6 M instructions so, open 48.5 → 36.5 M (callgrind).
    if predicted >= 0 {
      // The predicted shape's next key, if this is it: its bytes and a quote. The keys so far
      // were the shape's first ones, in order, so this one is no duplicate.
      let index = keyIDs.count - keyStart
      if index < shapeTable.keyCount(of: predicted) {
        let id = shapeTable.keyID(index, of: predicted)
        if let length = keyTable.matches(id, at: position + 1, in: raw) {
          position += length + 2
          keyIDs.push(id)
          try readColon()
          return
        }
      }
      frames[top].predicted = -1
    }
    let (span, id) = try parseKey()
    let isDuplicate: Bool
    if keyIDs.count - keyStart < Self.linearKeyScanLimit {
      isDuplicate = hasKey(span, id: id, from: keyStart)
    } else {
      if frames[top].keySet < 0 {
        frames[top].keySet = Int32(keySets.count)
        var set = JSONKeyIndexSet()
        for position in keyStart..<keyIDs.count {
          _ = set.insert(
            hash: keyHash(at: position), at: position - keyStart, isEqual: { _ in false },
            hashAt: { keyHash(at: keyStart + $0) })
        }
        keySets.append(set)
      }
      // Taken out while it is used, so that reading the key stack does not overlap writing it.
      let index = Int(frames[top].keySet)
      var set = JSONKeyIndexSet.placeholder
      swap(&set, &keySets[index])
      isDuplicate = !set.insert(
        hash: keyString(span, id: id).hashValue, at: keyIDs.count - keyStart,
        isEqual: { keyEqual(span, id: id, at: keyStart + $0) },
        hashAt: { keyHash(at: keyStart + $0) })
      swap(&set, &keySets[index])
    }
    if isDuplicate {
      throw failure(.duplicateKey(keyString(span, id: id)), at: keyOffset, includingChild: false)
    }
    if id == 0 {
      keyIDs.push(Self.textBit | UInt32(truncatingIfNeeded: keySpans.count))
      keySpans.push(span)
    } else {
      keyIDs.push(id)
    }
    try readColon()
  }

  /// Reads the `:` after a key, and the whitespace around it.
  @inline(__always)
  private mutating func readColon() throws(JSONReadError) {
    // Compact JSON (what a save writes): `:` then the value's first byte, no whitespace.
    if position + 1 < end, bytes[position] == UInt8(ascii: ":"), bytes[position + 1] > 0x20 {
      position += 1
      return
    }
    skipWhitespace()
    guard position < end else { throw failure(.unexpectedEnd, at: end, includingChild: false) }
    guard bytes[position] == UInt8(ascii: ":") else {
      throw unexpected(expecting: .colon, includingChild: false)
    }
    position += 1
    skipWhitespace()
  }

  /// Reads `true`, `false` or `null`, whose first byte is at `position`.
  private mutating func expectLiteral(_ literal: StaticString) throws(JSONReadError) {
    let count = literal.utf8CodeUnitCount
    for index in 0..<count {
      guard position + index < end else {
        throw failure(.unexpectedEnd, at: end, includingChild: true)
      }
      guard bytes[position + index] == literal.utf8Start[index] else {
        position += index
        throw unexpected(expecting: .value, includingChild: true)
      }
    }
    position += count
  }

  /// Skips JSON whitespace: space, tab, line feed, carriage return.
  @inline(__always)
  mutating func skipWhitespace() {
    // Most calls find no whitespace: every byte above 0x20 ends the run at once.
    if position < end, bytes[position] > 0x20 { return }
    while position < end {
      switch bytes[position] {
      case 0x20, 0x0A, 0x0D, 0x09: position += 1
      default: return
      }
    }
  }
}
