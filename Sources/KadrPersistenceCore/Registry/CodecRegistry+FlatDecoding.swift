import Foundation
import KadrModel

/// Reading filters and text animations: `{"kind": "<kindID>", …payload}`.
extension CodecRegistry {
  func decodeFilter(_ decoder: ValueDecoder, session: CodingSession) throws
    -> Filter
  {
    try decodeFlat(
      decoder, cache: decoder.context.filterCodecs, point: .filter,
      session: session
    ) { kind, json, version in
      .custom(PreservedFilter(kindID: kind, json: json, payloadVersion: version))
    }
  }

  func decodeTextAnimation(_ decoder: ValueDecoder, session: CodingSession)
    throws -> any TextAnimation
  {
    try decodeFlat(
      decoder, cache: decoder.context.textAnimationCodecs,
      point: .textAnimation, session: session
    ) { kind, json, version in
      PreservedTextAnimation(kindID: kind, json: json, payloadVersion: version)
    }
  }

  private func decodeFlat<Base>(
    _ decoder: ValueDecoder, cache: KindCodecCache<Base>,
    point: ExtensionPoint, session: CodingSession, preserve: (KindID, JSONValue, Int) -> Base
  ) throws -> Base {
    let tape = decoder.tape
    guard tape.tag(at: decoder.index) == .object else {
      throw decoder.typeMismatch(expected: "an object")
    }
    guard let kindIndex = tape.member(Self.flatKindKey, ofObjectAt: decoder.index) else {
      throw decoder.error(.missingField(Self.flatKindKey))
    }
    let kindWord = tape.word(ofMember: kindIndex, ofContainerAt: decoder.index)
    switch tape.tag(at: kindWord) {
    case .string, .text, .emptyString: break
    default:
      throw PersistenceError(
        .wrongType(expected: "a string", found: tape.typeName(at: kindWord)),
        at: decoder.pointer.appending(key: Self.flatKindKey))
    }
    let kindText = tape.string(at: kindWord)
    let kind = KindID(kindText)
    if session.recordedKinds != nil { session.recordedKinds?.insert(kind) }
    let version = session.payloadVersions.isEmpty ? 1 : session.payloadVersions[kind] ?? 1
    guard let codec = cache.codec(for: kindText) else {
      guard session.options.preservingUnknown else {
        throw unknownKind(
          point, kind, at: decoder.pointer.appending(key: Self.flatKindKey), known: cache)
      }
      return keepUnknown(point, kind, version, decoder, session, preserve)
    }
    let context = decoder.context
    // The path nodes of this value are no use once its codec has returned.
    let mark = context.nodeMark
    defer { context.drop(to: mark) }
    // The payload is read in place, its `kind` member hidden: no copy without it.
    return try decodeKnown(
      decoder, hiding: kindIndex, with: codec, kind, version, whole: decoder, session, preserve)
  }
}
