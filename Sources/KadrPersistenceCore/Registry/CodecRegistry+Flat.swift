import Foundation
import KadrModel

/// Filters and text animations: `{"kind": "<kindID>", …payload}`.
extension CodecRegistry {
  static let flatKindKey = "kind"

  func encodeFilter(_ filter: Filter, session: CodingSession, pointer: JSONPointer)
    throws(PersistenceError) -> JSONValue?
  {
    if case .custom(let custom) = filter, let preserved = custom as? PreservedFilter {
      session.preserved.append(
        PreservedContent(
          extensionPoint: .filter, kindID: preserved.kindID,
          payloadVersion: preserved.payloadVersion, pointer: pointer.description))
      session.notePayloadVersion(preserved.payloadVersion, of: preserved.kindID)
      return preserved.json
    }
    let kind = KindID(filter.kind.rawValue)
    guard let codec = filters.byKind[kind] else {
      let typeName: String
      if case .custom(let custom) = filter {
        typeName = String(reflecting: type(of: custom))
      } else {
        typeName = "Filter.\(kind)"
      }
      session.recordLoss(.unregisteredType(.filter, type: typeName), at: pointer)
      return nil
    }
    return try encodeFlat(filter, codec: codec, session: session, pointer: pointer)
  }

  func encodeTextAnimation(
    _ animation: any TextAnimation, session: CodingSession, pointer: JSONPointer
  ) throws(PersistenceError) -> JSONValue? {
    if let preserved = animation as? PreservedTextAnimation {
      session.preserved.append(
        PreservedContent(
          extensionPoint: .textAnimation, kindID: preserved.kindID,
          payloadVersion: preserved.payloadVersion, pointer: pointer.description))
      session.notePayloadVersion(preserved.payloadVersion, of: preserved.kindID)
      return preserved.json
    }
    let type = type(of: animation)
    guard let codec = textAnimations.codec(forType: ObjectIdentifier(type)) else {
      session.recordLoss(.textAnimationWithoutCodec(type: String(reflecting: type)), at: pointer)
      return nil
    }
    return try encodeFlat(animation, codec: codec, session: session, pointer: pointer)
  }

  private func encodeFlat<Base>(
    _ value: Base, codec: RegisteredCodec<Base>, session: CodingSession, pointer: JSONPointer
  ) throws(PersistenceError) -> JSONValue? {
    for finding in codec.losses(value) {
      session.recordLoss(
        finding.kind, at: finding.field.map { pointer.appending(key: $0) } ?? pointer)
    }
    do throws(PersistenceError) {
      guard var payload = try codec.encode(value, session, pointer) else { return nil }
      session.notePayloadVersion(codec.payloadVersion, of: codec.kindID)
      payload[Self.flatKindKey] = .string(codec.kindID.rawValue)
      return .object(payload)
    } catch {
      throw error.attributed(to: codec.kindID, at: codec.point)
    }
  }
}
