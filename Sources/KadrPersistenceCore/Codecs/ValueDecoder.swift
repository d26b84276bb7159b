import Foundation
import KadrModel

/// Where one value is being read: its JSON form, its pointer and the open's session.
public struct ValueDecoder {
  let session: CodingSession
  /// The JSON value being read.
  public let json: JSONValue
  // Built only when asked for, as in ``ValueEncoder``.
  let parent: JSONPointer
  let component: JSONPointer.Component?

  init(session: CodingSession, json: JSONValue, pointer: JSONPointer) {
    self.init(session: session, json: json, parent: pointer, component: nil)
  }

  init(
    session: CodingSession, json: JSONValue, parent: JSONPointer,
    component: JSONPointer.Component?
  ) {
    self.session = session
    self.json = json
    self.parent = parent
    self.component = component
  }

  /// Its JSON pointer.
  public var pointer: JSONPointer { component.map { parent.appending($0) } ?? parent }

  /// A decoder for this value as a keyed object; refuses keys that `keys` does not have.
  ///
  /// - Parameter keys: The object's key type.
  /// - Throws: ``PersistenceError`` when the value is not an object or has an unknown key.
  public func keyed<Key: PayloadKey>(by keys: Key.Type) throws(PersistenceError) -> KeyedDecoder<
    Key
  > {
    guard case .object(let object) = json else { throw typeMismatch(expected: "an object") }
    return try KeyedDecoder(session: session, object: object, pointer: pointer)
  }

  /// An error for a value of the wrong JSON type.
  ///
  /// - Parameter expected: What was expected, such as "a number".
  public func typeMismatch(expected: String) -> PersistenceError {
    PersistenceError(.wrongType(expected: expected, found: json.typeName), at: pointer)
  }

  /// An error at this value's pointer.
  ///
  /// - Parameter reason: What is wrong.
  public func error(_ reason: PersistenceError.Reason) -> PersistenceError {
    PersistenceError(reason, at: pointer)
  }

  /// The value as a string.
  ///
  /// - Throws: ``PersistenceError`` when it is not a string.
  public func string() throws(PersistenceError) -> String {
    guard case .string(let value) = json else { throw typeMismatch(expected: "a string") }
    return value
  }

  /// The value as a finite number.
  ///
  /// - Throws: ``PersistenceError`` when it is not a number.
  public func double() throws(PersistenceError) -> Double {
    switch json {
    case .number(let value): return value
    case .integer(let value): return Double(value)
    default: throw typeMismatch(expected: "a number")
    }
  }

  /// The value as an integer.
  ///
  /// - Throws: ``PersistenceError`` when it is not an integer literal that fits `Int64`.
  public func int64() throws(PersistenceError) -> Int64 {
    switch json {
    case .integer(let value): return value
    case .number(let value) where value.rounded() == value:
      throw error(.integerOutOfRange("integer", range: "between -2^63 and 2^63 − 1"))
    default: throw typeMismatch(expected: "an integer")
    }
  }

  /// The value as a Boolean.
  ///
  /// - Throws: ``PersistenceError`` when it is not `true` or `false`.
  public func bool() throws(PersistenceError) -> Bool {
    guard case .bool(let value) = json else { throw typeMismatch(expected: "true or false") }
    return value
  }

  /// The value as an array of element decoders.
  ///
  /// - Throws: ``PersistenceError`` when it is not an array.
  public func elements() throws(PersistenceError) -> [ValueDecoder] {
    guard case .array(let items) = json else { throw typeMismatch(expected: "an array") }
    var decoders: [ValueDecoder] = []
    decoders.reserveCapacity(items.count)
    for (index, item) in items.enumerated() {
      decoders.append(
        ValueDecoder(session: session, json: item, pointer: pointer.appending(index: index)))
    }
    return decoders
  }

  /// Reads one of a fixed set of strings, refusing any other with the allowed list.
  ///
  /// - Parameters:
  ///   - type: The enum to read.
  ///   - field: The field's name for messages, such as "anchor".
  /// - Throws: ``PersistenceError`` with ``PersistenceError/Reason/unknownEnumValue(_:field:allowed:)``.
  public func enumeration<E: RawRepresentable & CaseIterable>(_ type: E.Type, field: String)
    throws(PersistenceError) -> E where E.RawValue == String
  {
    let text = try string()
    guard let value = E(rawValue: text) else {
      throw error(.unknownEnumValue(text, field: field, allowed: E.allCases.map(\.rawValue)))
    }
    return value
  }

  /// The image for a token string, from the session's image store (or a placeholder when the
  /// document is opened without one).
  ///
  /// - Throws: ``PersistenceError`` naming the token when the store cannot resolve it.
  public func image() throws(PersistenceError) -> PlatformImage {
    let token = try string()
    let store = session.images ?? session.unresolvedImages
    do {
      return try store.image(for: token)
    } catch {
      throw self.error(.unresolvableImageToken(token, underlying: error))
    }
  }
}
