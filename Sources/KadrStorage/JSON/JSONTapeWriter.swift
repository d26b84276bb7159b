import Foundation

/// Writes values onto a tape as they are read (by the parser) or walked (from a tree).
///
/// A container opens with a placeholder word, and closing it after its members sets its span.
@usableFromInline
package struct JSONTapeWriter {
  package let words: JSONTapeStorage
  package var texts: [String] = []
  /// The bytes of the strings, one after another (see ``JSONTape/stringBytes``).
  var stringBytes: [UInt8] = []
  /// The objects' key arrays; the first is the empty one.
  package var shapes = JSONShapes()
  var longSpans: [Int: Int] = [:]
  /// The element counts of long arrays (see ``JSONTape/longArrayCounts``).
  var longArrayCounts: [Int: Int] = [:]

  /// A writer with room for `capacity` words and `stringCapacity` bytes of strings.
  package init(capacity: Int = 0, stringCapacity: Int = 0) {
    words = JSONTapeStorage(capacity: capacity)
    // Reserved at once for the reason the words are (see ``JSONTapeStorage``).
    stringBytes.reserveCapacity(stringCapacity)
  }

  @inline(__always)
  private static func word(_ tag: JSONTape.Tag, _ payload: UInt32 = 0) -> UInt32 {
    tag.rawValue << 28 | payload
  }

  /// Writes `null`, `true` or `false`.
  @inline(__always)
  package mutating func append(_ tag: JSONTape.Tag) {
    words.append(Self.word(tag))
  }

  /// Writes an integer.
  @inline(__always)
  package mutating func append(integer value: Int64) {
    if JSONTape.smallRange.contains(value) {
      words.append(
        Self.word(.smallInteger, UInt32(truncatingIfNeeded: value) & JSONTape.payloadMask))
    } else {
      appendWide(.integer, UInt64(bitPattern: value))
    }
  }

  /// Writes a double.
  @inline(__always)
  package mutating func append(number value: Double) {
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

  /// Writes a string held as a `String`; `false` when the tape holds too many already.
  package mutating func append(text: String) -> Bool {
    if text.isEmpty {
      words.append(Self.word(.emptyString))
      return true
    }
    guard texts.count < Int(JSONTape.payloadMask) else { return false }
    words.append(Self.word(.text, UInt32(texts.count)))
    texts.append(text)
    return true
  }

  /// Writes a string as a copy of its UTF-8 bytes (unescaped), or returns `false` when its place
  /// does not fit the words (the caller then writes it with ``append(text:)``).
  @inline(__always)
  package mutating func append(string bytes: UnsafeRawBufferPointer) -> Bool {
    if bytes.isEmpty {
      words.append(Self.word(.emptyString))
      return true
    }
    guard bytes.count < Int(JSONTape.payloadMask),
      let place = UInt32(exactly: stringBytes.count),
      stringBytes.count + bytes.count <= Int(UInt32.max)
    else { return false }
    words.append(Self.word(.string, UInt32(bytes.count)))
    words.append(place)
    stringBytes.append(contentsOf: bytes)
    return true
  }

  /// Opens a container, returning its first word's index for ``close(_:shape:)``.
  @inline(__always)
  package mutating func open(isObject: Bool) -> Int {
    let start = words.count
    words.append(Self.word(isObject ? .object : .array))
    if isObject { words.append(0) }
    return start
  }

  /// Closes the container opened at `start`; an object's keys are the shape at `shape`.
  @inline(__always)
  package mutating func close(_ start: Int, shape: Int?) {
    let span = words.count - start
    if span < Int(JSONTape.longSpan) {
      words.set(UInt32(span), at: start)
    } else {
      words.set(JSONTape.longSpan, at: start)
      longSpans[start] = span
    }
    if let shape { words.set(UInt32(truncatingIfNeeded: shape), at: start + 1) }
  }

  /// Records the element count of the array at `start`, if long enough to be worth an entry.
  @inline(__always)
  mutating func noteCount(_ count: Int, ofArrayAt start: Int) {
    if count >= JSONTape.longArrayLength { longArrayCounts[start] = count }
  }

  /// The tape written.
  consuming func finish() -> JSONTape {
    JSONTape(
      storage: words, texts: texts, stringBytes: stringBytes, shapes: shapes,
      longSpans: longSpans, longArrayCounts: longArrayCounts)
  }
}

extension JSONTape {
  /// A tape of `value`, whose strings are all ``texts``.
  ///
  /// - Parameter value: The tree, of any depth (it is walked without recursion).
  package convenience init(_ value: JSONValue) {
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

  /// The value at `index` as a tree, reading keys in the document from `raw`.
  ///
  /// Objects of one shape share their keys array, and small containers identical to one made
  /// before share its storage (``JSONSharingTable``), as the reader's trees always have.
  package func value(at index: Int, in raw: UnsafeRawBufferPointer) -> JSONValue {
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
        value = scalar(at: index)
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
  package func value(at index: Int) -> JSONValue {
    value(at: index, in: source)
  }

  /// The scalar at `index`.
  private func scalar(at index: Int) -> JSONValue {
    let view = view
    return switch view.tag(at: index) {
    case .false: .bool(false)
    case .true: .bool(true)
    case .smallInteger: .integer(view.signedPayload(at: index))
    case .integer: .integer(Int64(bitPattern: view.bits(after: index)))
    case .smallNumber, .negativeZero, .number: .number(view.double(at: index) ?? 0)
    case .emptyString, .string, .text: .string(string(at: index))
    default: .null
    }
  }
}
