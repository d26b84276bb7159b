import Foundation

/// A codec that declares its model's stored properties once, as a list of fields, and gets
/// ``KindCodec/encode(_:to:)``, ``KindCodec/decode(from:)``, ``KindCodec/notEncoded`` and
/// ``KindCodec/losses(in:)`` from that list.
///
/// Conform to it alongside the extension point's protocol (`ClipCodec, FieldListCodec`). Each
/// key of ``KindCodec/Key`` is named once, in ``fields``, with the key path of the property it
/// holds:
///
/// ```swift
/// public let fields: [PayloadField<Countdown, Key>] = [
///   PayloadField(.from, \.from),
///   PayloadField(.face, \.face),
///   PayloadField(.startTime, \.startTime),
///   PayloadField(codeOnly: "onTick", \.onTick),
/// ]
/// ```
///
/// Writing writes every field (the encoder puts members in canonical order, whatever the order
/// of the list). Reading starts from ``decodingBase`` and sets every field read. A codec may
/// still implement any of the four itself, to check a whole value or to write a shape a field
/// cannot express; its own implementation is used.
///
/// ## Implementation requirements
///
/// The properties must be settable where the codec is (a `var`; `internal(set)` is enough when
/// the codec is in the model's module). Everything ``KindCodec`` requires holds too: every
/// stored property is a field, code-only or listed in ``KindCodec/notEncoded``, and the
/// completeness report proves it.
public protocol FieldListCodec<Model>: KindCodec {
  /// The model's fields: one per key, and one per property that exists only as code.
  ///
  /// A stored `let` is built once per codec; a computed property is built for every value.
  var fields: [PayloadField<Model, Key>] { get }

  /// The value reading starts from, before it sets the fields it reads; the minimal sample by
  /// default. Properties that are not written keep the value it has.
  ///
  /// Read once, at registration, and kept by the registry for every value it reads.
  var decodingBase: Model { get }
}

extension FieldListCodec {
  /// The minimal sample (``CodecSamples/minimal``).
  public var decodingBase: Model { samples().minimal }

  /// Writes every field of `value`.
  ///
  /// - Parameters:
  ///   - value: The value to write.
  ///   - payload: The payload object being built.
  /// - Throws: ``PersistenceError`` when a field cannot be written.
  public func encode(_ value: Model, to payload: inout KeyedEncoder<Key>) throws {
    // In canonical key order, so the payload is written once and never copied aside to be
    // sorted; the order is found once a save for each codec type.
    let fields = self.fields
    let order = payload.session.fieldOrder(of: Self.self, fields)
    for index in order { try fields[index].write(value, &payload) }
  }

  /// Reads every field into a copy of ``decodingBase`` (as read at registration).
  ///
  /// - Parameter payload: The payload object.
  /// - Returns: The value.
  /// - Throws: ``PersistenceError`` for a missing required field, a malformed one, or one its
  ///   check refuses.
  public func decode(from payload: KeyedDecoder<Key>) throws -> Model {
    var value = payload.context.decodingBase?.value(for: self) ?? decodingBase
    for field in fields { try field.read(&value, payload) }
    return value
  }

  /// The code-only fields, each with the reason "code; reported as loss".
  public var notEncoded: [NotEncodedField] {
    fields.compactMap { field in
      field.codeOnlyProperty.map { NotEncodedField($0, reason: "code; reported as loss") }
    }
  }

  /// The code-only fields that are set in `value`.
  ///
  /// - Parameter value: The value about to be written.
  public func losses(in value: Model) -> [LossFinding] {
    fields.compactMap { $0.loss(value) }
  }
}

extension CodingSession {
  /// The positions of `fields` (a field-list codec's, of type `codec`) in canonical key order,
  /// the fields that exist only as code last; found once a save for each codec type. A codec
  /// whose instances list different fields at most costs its payloads a reordering.
  func fieldOrder<Model, Key>(of codec: Any.Type, _ fields: [PayloadField<Model, Key>]) -> [Int] {
    let type = ObjectIdentifier(codec)
    if let order = fieldOrders[type], order.count == fields.count { return order }
    let order = fields.indices.sorted { left, right in
      switch (fields[left].key?.rawValue, fields[right].key?.rawValue) {
      case (let left?, let right?): JSONOutput.precedes(left, right)
      case (_?, nil): true
      case (nil, _?): false
      case (nil, nil): left < right
      }
    }
    fieldOrders[type] = order
    return order
  }
}
