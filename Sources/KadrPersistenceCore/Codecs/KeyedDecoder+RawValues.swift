import Foundation

extension KeyedDecoder {
  /// Reads the required raw value under `key` and makes a `Value` of it: an enum backed by a
  /// `String` or an `Int`, or any `RawRepresentable` type whose raw value is a
  /// ``PersistableValue``.
  ///
  /// A raw value the type does not accept is refused with
  /// ``PersistenceError/Reason/unknownEnumValue(_:field:allowed:)``, naming the key as the field
  /// and, when `Value` is `CaseIterable`, listing the allowed values. (It is what
  /// ``ValueDecoder/enumeration(_:field:)`` does, with the key as the field name.)
  /// - Parameters:
  ///   - type: The value's type.
  ///   - key: The key.
  /// - Throws: ``PersistenceError`` when it is missing, malformed or not an allowed raw value.
  @inlinable @_disfavoredOverload
  public func decode<Value: RawRepresentable>(_ type: Value.Type, for key: Key) throws -> Value
  where Value.RawValue: PersistableValue {
    try valueDecoder(for: key).rawRepresentable(Value.self, field: key.rawValue)
  }

  /// Reads the optional raw value under `key`; `nil` when the key is absent.
  ///
  /// - Parameters:
  ///   - type: The value's type.
  ///   - key: The key.
  /// - Throws: ``PersistenceError`` when it is present but malformed or not an allowed raw value.
  @inlinable @_disfavoredOverload
  public func decodeIfPresent<Value: RawRepresentable>(_ type: Value.Type, for key: Key)
    throws -> Value?
  where Value.RawValue: PersistableValue {
    guard let decoder = valueDecoderIfPresent(for: key) else { return nil }
    return try decoder.rawRepresentable(Value.self, field: key.rawValue)
  }
}

extension KeyedDecoder {
  /// Reads the required case of an enumeration of text under `key`, refusing any other value
  /// with the allowed list: as the general form, its raw value matched in the document's bytes.
  ///
  /// - Parameters:
  ///   - type: The enumeration.
  ///   - key: The key.
  /// - Throws: ``PersistenceError`` when it is missing, not text or not one of the raw values.
  // Disfavoured, as the general form is: a type that is also a `PersistableValue` reads as one,
  // with no ambiguity; between the two raw-value forms this one is the more specific.
  @inlinable @_disfavoredOverload
  public func decode<Value: RawRepresentable & CaseIterable>(_ type: Value.Type, for key: Key)
    throws -> Value
  where Value.RawValue == String {
    try valueDecoder(for: key).enumeration(Value.self, field: key.rawValue)
  }

  /// Reads the optional case of an enumeration of text under `key`; `nil` when it is absent.
  ///
  /// - Parameters:
  ///   - type: The enumeration.
  ///   - key: The key.
  /// - Throws: ``PersistenceError`` when it is present but not text or not one of the raw
  ///   values.
  @inlinable @_disfavoredOverload
  public func decodeIfPresent<Value: RawRepresentable & CaseIterable>(
    _ type: Value.Type, for key: Key
  ) throws -> Value? where Value.RawValue == String {
    guard let decoder = valueDecoderIfPresent(for: key) else { return nil }
    return try decoder.enumeration(Value.self, field: key.rawValue)
  }
}

extension ValueDecoder {
  /// Reads a raw value and makes a `Value` of it, refusing a raw value the type does not accept.
  @inlinable
  func rawRepresentable<Value: RawRepresentable>(_ type: Value.Type, field: String) throws
    -> Value
  where Value.RawValue: PersistableValue {
    let raw = try Value.RawValue.decodePersisted(from: self)
    guard let value = Value(rawValue: raw) else {
      throw error(
        .unknownEnumValue(
          String(describing: raw), field: field, allowed: allowedRawValues(of: Value.self)))
    }
    return value
  }
}

/// The raw values of `type`'s cases, as text, when it is `CaseIterable`; otherwise none.
@usableFromInline
func allowedRawValues<Value: RawRepresentable>(of type: Value.Type) -> [String] {
  func rawValues<Cases: CaseIterable>(_ cases: Cases.Type) -> [String] {
    Cases.allCases.compactMap { ($0 as? Value).map { String(describing: $0.rawValue) } }
  }
  guard let cases = type as? any CaseIterable.Type else { return [] }
  return rawValues(cases)
}
