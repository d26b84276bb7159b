/// A value erased to a class that a context can hold without knowing its type, read back by
/// the key it was boxed under: the key decides the value's type, so reading it back is a
/// downcast with no dynamic check (the decoder reads one on every payload).
///
/// The one rule, which the caller keeps: every box made under one key holds values of one
/// type. The core boxes a codec's decoding base under the codec's type, whose model decides the
/// base's type.
@usableFromInline
package class KeyedBox: @unchecked Sendable {
  // Unchecked: the only state is immutable (the subclass's value is a `let` of a `Sendable`).
  /// The key the value was boxed under.
  @usableFromInline package let key: ObjectIdentifier

  fileprivate init(key: ObjectIdentifier) {
    self.key = key
  }

  /// Boxes `value` under `key`.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - key: The key, which must always box values of `Value`'s type.
  package static func boxing<Value: Sendable>(_ value: Value, under key: ObjectIdentifier)
    -> KeyedBox
  {
    TypedKeyedBox(value, key: key)
  }

  /// The value, when the box was made under `key`; `nil` under another key.
  ///
  /// - Parameters:
  ///   - key: The key the caller expects.
  ///   - type: The type every value boxed under `key` has.
  package func value<Value: Sendable>(under key: ObjectIdentifier, as type: Value.Type)
    -> Value?
  {
    guard self.key == key else { return nil }
    // The key decides the type (the rule above): this is a `TypedKeyedBox<Value>`.
    return unsafeDowncast(self, to: TypedKeyedBox<Value>.self).value
  }
}

/// A box of one value type.
private final class TypedKeyedBox<Value: Sendable>: KeyedBox, @unchecked Sendable {
  let value: Value

  init(_ value: Value, key: ObjectIdentifier) {
    self.value = value
    super.init(key: key)
  }
}
