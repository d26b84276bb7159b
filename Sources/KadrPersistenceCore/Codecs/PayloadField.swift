import Foundation

/// One stored property of a model, as a ``FieldListCodec`` declares it: the key that holds it
/// and the key path that reaches it, or a property that exists only as code.
///
/// Whether the field is required follows from the property's type: an optional property is
/// written only when it is set and may be absent when read; any other must be present.
///
/// ```swift
/// public let fields: [PayloadField<Countdown, Key>] = [
///   PayloadField(.face, \.face),
///   PayloadField(.clipID, \.clipID),
///   PayloadField(codeOnly: "onTick", \.onTick),
/// ]
/// ```
public struct PayloadField<Model, Key: PayloadKey>: Sendable {
  /// The key that holds the property, or `nil` for a property that exists only as code.
  let key: Key?
  /// The stored property's name, for a property that exists only as code.
  let codeOnlyProperty: String?
  let write: @Sendable (Model, inout KeyedEncoder<Key>) throws -> Void
  let read: @Sendable (inout Model, KeyedDecoder<Key>) throws -> Void
  let loss: @Sendable (Model) -> LossFinding?

  private init(
    key: Key?, codeOnlyProperty: String? = nil,
    write: @escaping @Sendable (Model, inout KeyedEncoder<Key>) throws -> Void = { _, _ in },
    read: @escaping @Sendable (inout Model, KeyedDecoder<Key>) throws -> Void = { _, _ in },
    loss: @escaping @Sendable (Model) -> LossFinding? = { _ in nil }
  ) {
    self.key = key
    self.codeOnlyProperty = codeOnlyProperty
    self.write = write
    self.read = read
    self.loss = loss
  }

  /// A required property: written under `key`, and refused when absent on reading.
  ///
  /// - Parameters:
  ///   - key: The key that holds it.
  ///   - property: The stored property.
  ///   - check: Returns why a value read is not allowed (a sentence, such as "A countdown
  ///     starts from 0 or more, not -1"), or `nil` to accept it; the error points at the field.
  public init<Value: PersistableValue>(
    _ key: Key, _ property: WritableKeyPath<Model, Value>,
    check: (@Sendable (Value) -> String?)? = nil
  ) {
    let property = KeyPathBox(property)
    self.init(
      key: key,
      write: { value, payload throws in try payload.encode(value[keyPath: property.path], for: key)
      },
      read: { value, payload throws in
        let read = try payload.decode(Value.self, for: key)
        if let problem = check?(read) { throw payload.error(.invalidValue(problem), for: key) }
        value[keyPath: property.path] = read
      })
  }

  /// An optional property: written under `key` when it is set, `nil` when the key is absent.
  ///
  /// - Parameters:
  ///   - key: The key that holds it.
  ///   - property: The stored property.
  ///   - check: Returns why the value read (`nil` when the key is absent) is not allowed, or
  ///     `nil` to accept it.
  public init<Value: PersistableValue>(
    _ key: Key, _ property: WritableKeyPath<Model, Value?>,
    check: (@Sendable (Value?) -> String?)? = nil
  ) {
    let property = KeyPathBox(property)
    self.init(
      key: key,
      write: { value, payload throws in
        try payload.encodeIfPresent(value[keyPath: property.path], for: key)
      },
      read: { value, payload throws in
        let read = try payload.decodeIfPresent(Value.self, for: key)
        if let problem = check?(read) { throw payload.error(.invalidValue(problem), for: key) }
        value[keyPath: property.path] = read
      })
  }

  /// A required property written as its raw value, such as a `String`-backed enum; a raw value
  /// the type does not accept is refused, listing the allowed ones.
  ///
  /// - Parameters:
  ///   - key: The key that holds it.
  ///   - property: The stored property.
  @_disfavoredOverload
  public init<Value: RawRepresentable & Sendable>(
    _ key: Key, _ property: WritableKeyPath<Model, Value>
  ) where Value.RawValue: PersistableValue {
    let property = KeyPathBox(property)
    self.init(
      key: key,
      write: { value, payload throws in try payload.encode(value[keyPath: property.path], for: key)
      },
      read: { value, payload throws in
        value[keyPath: property.path] = try payload.decode(Value.self, for: key)
      })
  }

  /// An optional property written as its raw value when it is set; `nil` when the key is absent.
  ///
  /// - Parameters:
  ///   - key: The key that holds it.
  ///   - property: The stored property.
  @_disfavoredOverload
  public init<Value: RawRepresentable & Sendable>(
    _ key: Key, _ property: WritableKeyPath<Model, Value?>
  ) where Value.RawValue: PersistableValue {
    let property = KeyPathBox(property)
    self.init(
      key: key,
      write: { value, payload throws in
        try payload.encodeIfPresent(value[keyPath: property.path], for: key)
      },
      read: { value, payload throws in
        value[keyPath: property.path] = try payload.decodeIfPresent(Value.self, for: key)
      })
  }

  /// A property that exists only as code (a closure): not written, listed in the codec's
  /// ``KindCodec/notEncoded`` as "code; reported as loss", and reported as
  /// ``Loss/Kind/codeOnlyField(_:)`` when it is set. Reading leaves it as the codec's
  /// ``FieldListCodec/decodingBase`` has it.
  ///
  /// - Parameters:
  ///   - name: The stored property's name, as reflection shows it (`onTick`).
  ///   - property: The stored property.
  public init<Value>(codeOnly name: String, _ property: KeyPath<Model, Value?>) {
    let property = KeyPathBox(property)
    self.init(
      key: nil, codeOnlyProperty: name,
      loss: { value in
        value[keyPath: property.path] == nil ? nil : LossFinding(.codeOnlyField(name))
      })
  }
}

/// A key path a field's closures capture.
///
/// `@unchecked Sendable`: a key path is immutable, and a field's names a stored property
/// (`\.from`) with no subscript argument. (`any WritableKeyPath<Model, Value> & Sendable` would
/// keep the compiler's check, but an optional property would not pick the optional initialiser.)
private struct KeyPathBox<Path: AnyKeyPath>: @unchecked Sendable {
  let path: Path

  init(_ path: Path) { self.path = path }
}
