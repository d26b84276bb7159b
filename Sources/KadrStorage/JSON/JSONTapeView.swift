import Foundation

/// The words of a ``JSONTape`` as the decoders read them: a pointer to the words and an
/// unretained reference to the tape, so that reading a value (and copying a decoder) retains
/// nothing. Valid while the tape lives; the decoding context holds it.
// Figure: open of 1,000 clips 50.7 M (via the tape object) → 47.5 M instructions (callgrind).
@usableFromInline
package struct JSONTapeView {
  @usableFromInline package typealias Tag = JSONTape.Tag
  /// The words.
  @usableFromInline package let words: UnsafePointer<UInt32>
  /// The number of words.
  @usableFromInline package let count: Int
  /// The tape, for what is not in the words (strings with escapes, keys, long spans).
  @usableFromInline package let owner: Unmanaged<JSONTape>

  @usableFromInline
  package init(_ tape: JSONTape) {
    words = tape.words
    count = tape.count
    owner = Unmanaged.passUnretained(tape)
  }

  /// The tape.
  package var tape: JSONTape { owner.takeUnretainedValue() }

  /// The tag of the value at `index`.
  @inlinable
  package func tag(at index: Int) -> Tag {
    // A decoder kept past its call may hold a word of another tape: trap, never read past.
    precondition(index >= 0 && index < count, "A decoder was used after its decoding call")
    return Tag(rawValue: words[index] >> 28)
  }

  /// The payload of the word at `index`.
  @inlinable
  package func payload(at index: Int) -> Int {
    Int(words[index] & JSONTape.payloadMask)
  }

  /// The number of words of the value at `index`.
  @inlinable @inline(__always)
  package func span(at index: Int) -> Int {
    precondition(index >= 0 && index < count, "A decoder was used after its decoding call")
    let word = words[index]
    let tag = word >> 28
    switch JSONTape.Tag(rawValue: tag) {
    case .array, .object: break
    case .integer, .number: return 3
    case .string: return 2
    default: return 1
    }
    let payload = word & JSONTape.payloadMask
    return payload == JSONTape.longSpan
      ? owner._withUnsafeGuaranteedRef { $0.longSpan(at: index) } : Int(payload)
  }

  /// The 64 bits in the two words after `index`.
  @inlinable
  package func bits(after index: Int) -> UInt64 {
    UInt64(words[index + 1]) | UInt64(words[index + 2]) << 32
  }

  /// A small payload as a signed integer.
  @inlinable
  package func signedPayload(at index: Int) -> Int64 {
    Int64(Int32(bitPattern: words[index] << 4) >> 4)
  }

  /// The keys of the object at `index`, reading document keys from the document being read.
  @inlinable
  package func keys(ofObjectAt index: Int) -> [String] {
    keys(ofShape: shapeIndex(ofObjectAt: index))
  }

  /// The keys of the object at `index`, reading keys in the document from `document`.
  package func keys(ofObjectAt index: Int, in document: UnsafeRawBufferPointer) -> [String] {
    let shape = shapeIndex(ofObjectAt: index)
    return owner._withUnsafeGuaranteedRef { $0.shapes.keys(of: shape, in: document) }
  }

  /// The index of the member under `key` in the object at `index`, or `nil`: found once for
  /// each shape of object (see ``JSONTape/member(_:ofShape:)``).
  package func member(_ key: String, ofObjectAt index: Int) -> Int? {
    let shape = shapeIndex(ofObjectAt: index)
    return owner._withUnsafeGuaranteedRef { $0.member(key, ofShape: shape) }
  }

  /// Member `member`'s key in the object at `index`, reading document keys from the one being read.
  package func key(_ member: Int, ofObjectAt index: Int) -> String {
    let shape = shapeIndex(ofObjectAt: index)
    return owner._withUnsafeGuaranteedRef { $0.shapes.key(member, of: shape, in: $0.source) }
  }

  /// The keys of shape `shape`'s objects, reading document keys from the document being read.
  @usableFromInline
  package func keys(ofShape shape: Int) -> [String] {
    owner._withUnsafeGuaranteedRef { $0.keys(ofShape: shape) }
  }

  /// The index in ``shapes`` of the keys of the object at `index`.
  @inlinable
  package func shapeIndex(ofObjectAt index: Int) -> Int {
    Int(words[index + 1])
  }

  /// The first word of the first member of the container at `index`.
  @inlinable
  package func firstMember(ofContainerAt index: Int) -> Int {
    tag(at: index) == .object ? index + 2 : index + 1
  }

  /// The first word of member `member` (below the member count) of the container at `index`.
  @inlinable @inline(__always)
  package func word(ofMember member: Int, ofContainerAt index: Int) -> Int {
    var word = firstMember(ofContainerAt: index)
    for _ in 0..<member { word += span(at: word) }
    return word
  }

  /// The number of members of the container at `index`.
  @usableFromInline
  package func memberCount(ofContainerAt index: Int) -> Int {
    if tag(at: index) == .object {
      let shape = shapeIndex(ofObjectAt: index)
      return owner._withUnsafeGuaranteedRef { $0.shapes.keyCount(of: shape) }
    }
    let end = index + span(at: index)
    // An array of `longArrayLength` elements or more spans more words than that.
    if end - index > JSONTape.longArrayLength,
      let count = owner._withUnsafeGuaranteedRef({ $0.longArrayCounts[index] })
    {
      return count
    }
    var count = 0
    var member = index + 1
    while member < end {
      count += 1
      member += span(at: member)
    }
    return count
  }

  /// The number at `index` as a `Double`, or `nil` if it is not a number.
  @inlinable
  package func double(at index: Int) -> Double? {
    switch tag(at: index) {
    case .smallInteger, .smallNumber: Double(signedPayload(at: index))
    case .integer: Double(Int64(bitPattern: bits(after: index)))
    case .number: Double(bitPattern: bits(after: index))
    case .negativeZero: -0.0
    default: nil
    }
  }

  /// The JSON type name of the value at `index`, as ``JSONValue/typeName``.
  @usableFromInline
  package func typeName(at index: Int) -> String {
    switch tag(at: index) {
    case .null: "null"
    case .false, .true: "boolean"
    case .smallInteger, .integer, .smallNumber, .negativeZero, .number: "number"
    case .emptyString, .string, .text: "string"
    case .array: "array"
    default: "object"
    }
  }

  /// The string at `index`, reading plain strings from the document being read.
  @inlinable
  package func string(at index: Int) -> String {
    tag(at: index) == .emptyString ? "" : owner._withUnsafeGuaranteedRef { $0.string(at: index) }
  }

  /// Whether the value at `index` is the string `text`, compared in the tape's bytes: no
  /// `String` is made, and a string of another length is told apart by its length alone.
  // Figure: matching enumeration raw values so, open of 1,000 clips 708.6 M → 700.6 M instructions
  // (20 opens, callgrind).
  @inlinable
  package func string(at index: Int, is text: String) -> Bool {
    switch tag(at: index) {
    case .emptyString: return text.isEmpty
    case .string:
      guard text.utf8.count == payload(at: index) else { return false }
      var text = text
      return text.withUTF8 { expected in
        owner._withUnsafeGuaranteedRef { $0.stringBytes(at: index, equal: expected) }
      }
    case .text: return owner._withUnsafeGuaranteedRef { $0.texts[payload(at: index)] } == text
    default: return false
    }
  }

  /// The value at `index` as a tree.
  package func value(at index: Int) -> JSONValue {
    tape.value(at: index)
  }

  /// What `reader` remembered for shape `shape` (see ``JSONTape/note(at:reader:type:hidden:)``).
  @inlinable
  package func note(at shape: Int, reader: UInt64, type: ObjectIdentifier, hidden: Int) -> Int? {
    owner._withUnsafeGuaranteedRef {
      $0.note(at: shape, reader: reader, type: type, hidden: hidden)
    }
  }

  /// Remembers `number` for `reader` (see ``JSONTape/remember(_:reader:keyType:hidden:at:)``).
  @usableFromInline
  package func remember(
    _ number: Int, reader: UInt64, keyType: ObjectIdentifier, hidden: Int, at shape: Int
  ) {
    tape.remember(number, reader: reader, keyType: keyType, hidden: hidden, at: shape)
  }
}
