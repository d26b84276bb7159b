import Foundation
import KadrModel

/// Reading filters and text animations: `{"kind": "<kindID>", …payload}`.
extension CodecRegistry {
  func decodeFilter(_ decoder: ValueDecoder, session: CodingSession) throws(PersistenceError)
    -> Filter
  {
    try decodeFlat(decoder, table: filters, point: .filter, session: session) {
      kind, json, version in
      .custom(PreservedFilter(kindID: kind, json: json, payloadVersion: version))
    }
  }

  func decodeTextAnimation(_ decoder: ValueDecoder, session: CodingSession)
    throws(PersistenceError) -> any TextAnimation
  {
    try decodeFlat(decoder, table: textAnimations, point: .textAnimation, session: session) {
      kind, json, version in
      PreservedTextAnimation(kindID: kind, json: json, payloadVersion: version)
    }
  }

  private func decodeFlat<Base>(
    _ decoder: ValueDecoder, table: CodecTable<Base>, point: ExtensionPoint,
    session: CodingSession, preserve: (KindID, JSONValue, Int) -> Base
  ) throws(PersistenceError) -> Base {
    guard case .object(var payload) = decoder.json else {
      throw decoder.typeMismatch(expected: "an object")
    }
    guard let kindJSON = payload[Self.flatKindKey] else {
      throw decoder.error(.missingField(Self.flatKindKey))
    }
    guard case .string(let kindText) = kindJSON else {
      throw PersistenceError(
        .wrongType(expected: "a string", found: kindJSON.typeName),
        at: decoder.pointer.appending(key: Self.flatKindKey))
    }
    let kind = KindID(kindText)
    let version = session.payloadVersions[kind] ?? 1
    guard let codec = table.byKind[kind] else {
      guard session.options.preservingUnknown else {
        throw PersistenceError(
          .unknownKind(point, kind), at: decoder.pointer.appending(key: Self.flatKindKey),
          kindID: kind)
      }
      return preservedFlat(point, kind, version, decoder, session, preserve)
    }
    if version > codec.payloadVersion {
      guard session.options.preservingUnknown else {
        throw PersistenceError(
          .payloadVersionTooNew(found: version, supported: codec.payloadVersion),
          at: decoder.pointer, kindID: kind, extensionPoint: point)
      }
      return preservedFlat(point, kind, version, decoder, session, preserve)
    }
    payload[Self.flatKindKey] = nil
    do throws(PersistenceError) {
      let upgraded = try codec.upgrade(payload, from: version, at: decoder.pointer)
      return try codec.decode(upgraded, session, decoder.pointer)
    } catch {
      throw error.attributed(to: kind, at: point)
    }
  }

  private func preservedFlat<Base>(
    _ point: ExtensionPoint, _ kind: KindID, _ version: Int, _ decoder: ValueDecoder,
    _ session: CodingSession, _ preserve: (KindID, JSONValue, Int) -> Base
  ) -> Base {
    session.preserved.append(
      PreservedContent(
        extensionPoint: point, kindID: kind, payloadVersion: version,
        pointer: decoder.pointer.description))
    return preserve(kind, decoder.json, version)
  }
}
