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
    var renames: [String: String] = [:]
    for token in found.tokens {
      guard let renamed = replacements[token] else {
        throw PersistenceError.imageUnresolvable(token: token)
      }
      if renamed != token { renames[token] = renamed }
    }
    guard !renames.isEmpty else { return bytes }
    guard let rewritten = JSONStringValues.replacing(renames, in: bytes),
      renames.keys.allSatisfy({ rewritten.counts[$0] == found.places[$0] })
    else { return nil }
    return rewritten.data
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
