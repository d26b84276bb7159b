import Foundation

/// A ``FieldListCodec``'s ``FieldListCodec/decodingBase``, read once at registration and set on
/// the decoding context while that codec reads a payload, so that a value read builds no
/// samples (the default base is the minimal sample). Boxed under the codec's type, which
/// decides the model the base is of (the box, and its one downcast, are `KadrStorage`'s).
@usableFromInline
typealias DecodingBase = KeyedBox

extension KeyedBox {
  /// The base of `codec` when it is a ``FieldListCodec``; `nil` for any other codec.
  @usableFromInline
  static func of<Codec: KindCodec>(_ codec: Codec) -> DecodingBase? {
    guard let fieldList = codec as? any FieldListCodec else { return nil }
    return make(fieldList)
  }

  private static func make<Codec: FieldListCodec>(_ codec: Codec) -> DecodingBase {
    boxing(codec.decodingBase, under: ObjectIdentifier(Codec.self))
  }

  /// The base, when it is the base of `codec` (a codec may decode with another codec's payload
  /// decoder, as one that checks a whole value does by calling another's `decode`).
  func value<Codec: FieldListCodec>(for codec: Codec) -> Codec.Model? {
    value(under: ObjectIdentifier(Codec.self), as: Codec.Model.self)
  }
}
