import Foundation

/// A ``FieldListCodec``'s ``FieldListCodec/decodingBase``, read once at registration and set on
/// the decoding context while that codec reads a payload, so that a value read builds no
/// samples (the default base is the minimal sample). Erased, so that the context can hold it;
/// the codec's type says which model the base is of.
@usableFromInline
class DecodingBase: @unchecked Sendable {
  // Unchecked: the only state is immutable (the subclass's value is a `let` of a `Sendable`).
  /// The type of the codec whose base it is.
  let codecType: ObjectIdentifier

  init(codecType: ObjectIdentifier) {
    self.codecType = codecType
  }

  /// The base of `codec` when it is a ``FieldListCodec``; `nil` for any other codec.
  @usableFromInline
  static func of<Codec: KindCodec>(_ codec: Codec) -> DecodingBase? {
    guard let fieldList = codec as? any FieldListCodec else { return nil }
    return make(fieldList)
  }

  private static func make<Codec: FieldListCodec>(_ codec: Codec) -> DecodingBase {
    TypedDecodingBase(codecType: ObjectIdentifier(Codec.self), value: codec.decodingBase)
  }

  /// The base, when it is the base of `codec` (a codec may decode with another codec's payload
  /// decoder, as one that checks a whole value does by calling another's `decode`).
  func value<Codec: FieldListCodec>(for codec: Codec) -> Codec.Model? {
    guard codecType == ObjectIdentifier(Codec.self) else { return nil }
    // The codec's type decides its model's: this is a `TypedDecodingBase<Codec.Model>`.
    return unsafeDowncast(self, to: TypedDecodingBase<Codec.Model>.self).value
  }
}

/// A decoding base of one model type.
final class TypedDecodingBase<Model: Sendable>: DecodingBase, @unchecked Sendable {
  let value: Model

  init(codecType: ObjectIdentifier, value: Model) {
    self.value = value
    super.init(codecType: codecType)
  }
}
