import Foundation
import KadrModel

/// Writing filters and text animations: `{"kind": "<kindID>", …payload}`.
extension CodecRegistry {
  static let flatKindKey = "kind"

  /// Whether ``encodeFilter(_:to:)`` has a codec for `filter` or keeps it as preserved content.
  func canEncode(_ filter: Filter, in session: CodingSession) -> Bool {
    if case .custom(let custom) = filter, exactCast(custom, to: PreservedFilter.self) != nil {
      return true
    }
    return session.filterCodecs.hasCodec(for: filter)
  }

  func encodeFilter(_ filter: Filter, to encoder: ValueEncoder) throws
    -> WrittenJSON?
  {
    let session = encoder.session
    if case .custom(let custom) = filter,
      let preserved = exactCast(custom, to: PreservedFilter.self)
    {
      return try writePreserved(
        .filter, preserved.kindID, preserved.payloadVersion, preserved.json, to: encoder)
    }
    guard let codec = session.filterCodecs.codec(for: filter) else {
      let typeName: String
      if case .custom(let custom) = filter {
        typeName = String(reflecting: type(of: custom))
      } else {
        typeName = "Filter.\(filter.kind.rawValue)"
      }
      session.recordLoss(.unregisteredType(.filter, type: typeName), at: encoder.pointer)
      return nil
    }
    return try encodeFlat(filter, codec: codec, to: encoder)
  }

  func encodeTextAnimation(_ animation: any TextAnimation, to encoder: ValueEncoder)
    throws -> WrittenJSON?
  {
    let session = encoder.session
    if let preserved = exactCast(animation, to: PreservedTextAnimation.self) {
      return try writePreserved(
        .textAnimation, preserved.kindID, preserved.payloadVersion, preserved.json, to: encoder)
    }
    let type = type(of: animation)
    guard let codec = textAnimations.codec(forType: ObjectIdentifier(type)) else {
      session.recordLoss(
        .textAnimation, at: encoder.pointer, detail: String(reflecting: type))
      return nil
    }
    return try encodeFlat(animation, codec: codec, to: encoder)
  }

  private func encodeFlat<Base>(
    _ value: Base, codec: RegisteredCodec<Base>, to encoder: ValueEncoder
  ) throws -> WrittenJSON? {
    let session = encoder.session
    do throws {
      guard
        let written = try codec.encode(value, encoder, codec.flatKind, true)
      else { return nil }
      session.notePayloadVersion(codec.payloadVersion, of: codec.kindID)
      return written
    } catch {
      throw PersistenceError.wrapping(error).attributed(to: codec.kindID, at: codec.point)
    }
  }
}
