import Foundation

extension KeyedEncoder {
  /// Writes `value`'s raw value under `key`: an enum backed by a `String` or an `Int`, or any
  /// `RawRepresentable` type whose raw value is a ``PersistableValue``.
  ///
  /// A type that is a ``PersistableValue`` itself (a ``PersistableEnumeration``, an identifier)
  /// is written as that value instead, as it was before.
  /// - Parameters:
  ///   - value: The value.
  ///   - key: The key.
  /// - Throws: ``PersistenceError`` from the raw value (a non-finite number, for instance).
  @inlinable @_disfavoredOverload
  public mutating func encode<Value: RawRepresentable>(_ value: Value, for key: Key) throws
  where Value.RawValue: PersistableValue {
    try encode(value.rawValue, for: key)
  }

  /// Writes `value`'s raw value under `key` when it is present; omits the key when it is `nil`.
  ///
  /// - Parameters:
  ///   - value: The optional value.
  ///   - key: The key.
  /// - Throws: ``PersistenceError`` from the raw value.
  @inlinable @_disfavoredOverload
  public mutating func encodeIfPresent<Value: RawRepresentable>(_ value: Value?, for key: Key)
    throws
  where Value.RawValue: PersistableValue {
    guard let value else { return }
    try encode(value.rawValue, for: key)
  }
}
