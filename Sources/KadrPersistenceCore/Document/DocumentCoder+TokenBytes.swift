import Foundation
import KadrStorage

extension DocumentCoder {
  /// Every image token of a document, in document order, each once, with how many token places
  /// hold it: found on the reader's tape, without building a tree of the document (as
  /// ``CodecRegistry/imageTokens(in:)`` walks one) or the composition.
  ///
  /// - Parameter bytes: The document.
  /// - Returns: The tokens in the order ``CodecRegistry/imageTokens(in:)`` gives them, the
  ///   number of places of each, and the schema the document declares (`nil` when it declares
  ///   none as an integer).
  /// - Throws: ``PersistenceError`` for JSON that is malformed or past the coder's limits.
  package func imageTokenPlaces(in bytes: Data) throws -> (
    tokens: [String], places: [String: Int], schema: Int?
  ) {
    try withTape(of: bytes) { tape in
      let view = tape.view
      let found = registry.imageTokenPlaces(on: view)
      var schema: Int?
      if view.tag(at: 0) == .object,
        let member = view.member(DocumentEnvelope.schemaKey, ofObjectAt: 0)
      {
        let word = view.word(ofMember: member, ofContainerAt: 0)
        if view.tag(at: word) == .smallInteger { schema = Int(view.signedPayload(at: word)) }
      }
      return (found.tokens, found.places, schema)
    }
  }

  /// A document with its image tokens renamed in its bytes: one parse to find the tokens and
  /// their places, one pass that copies the bytes and writes each renamed token in place.
  /// Everything else is kept byte for byte (canonical JSON stays canonical).
  ///
  /// The bytes are renamed only when each renamed token's JSON string occurs in the document as
  /// a value exactly as often as it is at a token place (so no other value is touched); when
  /// one is also some other value (a title that reads like a token) the answer is `nil`, and
  /// the caller renames in a tree.
  ///
  /// - Parameters:
  ///   - bytes: The document.
  ///   - replacements: The new token of each token; every token the document uses must have one.
  /// - Returns: The renamed document, or `nil` when its bytes cannot be renamed alone.
  /// - Throws: `PersistenceError.imageUnresolvable(token:)` naming a token `replacements`
  ///   lacks, or the ``PersistenceError`` of malformed JSON.
  package func renamingImageTokens(inBytes bytes: Data, _ replacements: [String: String])
    throws -> Data?
  {
    let found = try imageTokenPlaces(in: bytes)
    // Each renamed token as the document writes it (quoted, escaped) and as it becomes, found
    // by its length and a hash of its bytes: one pass over the document's strings, with no
    // allocation and no Hasher for a string that is no token.
    var needles: [(hash: UInt64, quoted: [UInt8], token: String, renamed: [UInt8])] = []
    for token in found.tokens {
      guard let renamed = replacements[token] else {
        throw PersistenceError.imageUnresolvable(token: token)
      }
      guard renamed != token else { continue }
      guard let quoted = try? JSONWriter().write(.string(token)),
        let written = try? JSONWriter().write(.string(renamed))
      else { return nil }
      let hash = quoted.withUnsafeBytes { Self.stringHash($0) }
      needles.append((hash, quoted, token, written))
    }
    guard !needles.isEmpty else { return bytes }
    needles.sort { $0.hash < $1.hash }
    let longest = needles.map(\.quoted.count).max() ?? 0
    var isLength = [Bool](repeating: false, count: longest + 1)
    for needle in needles { isLength[needle.quoted.count] = true }
    var output = Data()
    output.reserveCapacity(bytes.count + 64 * found.places.values.reduce(0, +))
    var seen = [Int](repeating: 0, count: needles.count)
    bytes.withUnsafeBytes { raw in
      var copied = 0
      for string in JSONStringScan(raw) where string.count <= longest && isLength[string.count] {
        let candidate = UnsafeRawBufferPointer(rebasing: raw[string])
        let hash = Self.stringHash(candidate)
        var (index, upper) = (0, needles.count)
        while index < upper {
          let middle = (index + upper) / 2
          if needles[middle].hash < hash { index = middle + 1 } else { upper = middle }
        }
        while index < needles.count, needles[index].hash == hash {
          if needles[index].quoted.elementsEqual(candidate),
            !JSONStringScan.isKey(after: string, in: raw)
          {
            seen[index] += 1
            output.append(
              contentsOf: UnsafeRawBufferPointer(rebasing: raw[copied..<string.lowerBound]))
            output.append(contentsOf: needles[index].renamed)
            copied = string.upperBound
            break
          }
          index += 1
        }
      }
      output.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[copied...]))
    }
    for (index, needle) in needles.enumerated() where seen[index] != found.places[needle.token] {
      return nil
    }
    return output
  }

  /// FNV-1a over a string's bytes: cheap to compute, to find the few strings worth comparing.
  private static func stringHash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
    return hash
  }
}

extension CodecRegistry {
  /// The image tokens on a tape, as ``imageTokens(in:)`` finds them in a tree (document order,
  /// each once), with the number of token places of each.
  func imageTokenPlaces(on tape: JSONTapeView) -> (tokens: [String], places: [String: Int]) {
    var tokens: [String] = []
    var places: [String: Int] = [:]
    // The token keys of a tagged value, by the shape of its outer object (which names its
    // kind): worked out once per shape, not per value.
    var keysByShape: [Int: [String]] = [:]
    var stack = [0]
    while let index = stack.popLast() {
      let tag = tape.tag(at: index)
      guard tag == .object || tag == .array else { continue }
      if tag == .object, let payload = payloadObject(of: index, on: tape) {
        let shape = tape.shapeIndex(ofObjectAt: index)
        let keys =
          keysByShape[shape]
          ?? {
            let kind = KindID(tape.key(0, ofObjectAt: index))
            let keys = (clips.byKind[kind]?.manifest.imageTokenKeys ?? [])
              .union(overlays.byKind[kind]?.manifest.imageTokenKeys ?? []).sorted()
            keysByShape[shape] = keys
            return keys
          }()
        for key in keys {
          guard let member = tape.member(key, ofObjectAt: payload) else { continue }
          let word = tape.word(ofMember: member, ofContainerAt: payload)
          guard [.string, .text, .emptyString].contains(tape.tag(at: word)) else { continue }
          let token = tape.string(at: word)
          if places[token] == nil { tokens.append(token) }
          places[token, default: 0] += 1
        }
      }
      // The members, the first on top, so that they are walked in document order.
      let mark = stack.count
      let end = index + tape.span(at: index)
      var word = tape.firstMember(ofContainerAt: index)
      while word < end {
        let memberTag = tape.tag(at: word)
        if memberTag == .object || memberTag == .array { stack.append(word) }
        word += tape.span(at: word)
      }
      stack[mark...].reverse()
    }
    return (tokens, places)
  }

  /// The payload object of a tagged value (`{"kind":{"_0":{…}}}`) at `index`.
  private func payloadObject(of index: Int, on tape: JSONTapeView) -> Int? {
    guard tape.memberCount(ofContainerAt: index) == 1 else { return nil }
    let box = tape.firstMember(ofContainerAt: index)
    guard tape.tag(at: box) == .object, tape.memberCount(ofContainerAt: box) == 1,
      tape.member(Self.payloadBoxKey, ofObjectAt: box) == 0
    else { return nil }
    let payload = tape.firstMember(ofContainerAt: box)
    return tape.tag(at: payload) == .object ? payload : nil
  }
}

/// The strings of a JSON document that a strict reader accepted, each as the range of its bytes
/// from its opening quote to just past its closing one, keys included.
struct JSONStringScan: Sequence, IteratorProtocol {
  let raw: UnsafeRawBufferPointer
  var position = 0

  init(_ raw: UnsafeRawBufferPointer) {
    self.raw = raw
  }

  mutating func next() -> Range<Int>? {
    let quote = UInt8(ascii: "\"")
    position = Self.firstOf(quote: true, backslash: false, in: raw, from: position)
    guard position < raw.count else { return nil }
    let start = position
    position += 1
    while true {
      position = Self.firstOf(quote: true, backslash: true, in: raw, from: position)
      guard position < raw.count, raw[position] != quote else { break }
      // An escape is two bytes at least; `\uXXXX`'s other four hold no quote.
      position += 2
    }
    position = Swift.min(position + 1, raw.count)
    return start..<position
  }

  /// The first `"` (and, when asked, `\\`) at or after `start`, eight bytes a step while none is
  /// there; the count when there is none.
  private static func firstOf(
    quote: Bool, backslash: Bool, in raw: UnsafeRawBufferPointer, from start: Int
  ) -> Int {
    var index = start
    while index + 8 <= raw.count {
      let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self).littleEndian
      var found: UInt64 = 0
      if quote { found |= zeroBytes(word ^ 0x2222_2222_2222_2222) }
      if backslash { found |= zeroBytes(word ^ 0x5C5C_5C5C_5C5C_5C5C) }
      if found != 0 { return index + found.trailingZeroBitCount / 8 }
      index += 8
    }
    while index < raw.count {
      let byte = raw[index]
      if (quote && byte == UInt8(ascii: "\"")) || (backslash && byte == UInt8(ascii: "\\")) {
        return index
      }
      index += 1
    }
    return raw.count
  }

  /// The high bit of each byte of `word` that is zero (exact for the lowest such byte, which is
  /// all that is read: a borrow only runs upward).
  private static func zeroBytes(_ word: UInt64) -> UInt64 {
    (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
  }

  /// Whether the string at `range` is a member's key: a `:` follows it, after any whitespace.
  static func isKey(after range: Range<Int>, in raw: UnsafeRawBufferPointer) -> Bool {
    var index = range.upperBound
    while index < raw.count, [0x20, 0x0A, 0x0D, 0x09].contains(raw[index]) { index += 1 }
    return index < raw.count && raw[index] == UInt8(ascii: ":")
  }
}
