import Foundation
import KadrModel

/// Where one value is being read: its JSON form, its pointer and the open's session.
///
/// A decoder is valid while the decoding call that gave it out runs: keep the values it reads,
/// not the decoder.
public struct ValueDecoder {
  @usableFromInline let context: DecodingContext
  /// The JSON value being read.
  public let json: JSONValue
  @usableFromInline let location: DecodingLocation

  @inlinable
  init(context: DecodingContext, json: JSONValue, location: DecodingLocation) {
    self.context = context
    self.json = json
    self.location = location
  }

  /// A decoder for `json` at `pointer`, starting a new decoding context for `session`.
  init(session: CodingSession, json: JSONValue, pointer: JSONPointer) {
    let context = DecodingContext(session: session)
    self.init(context: context, json: json, location: context.base(pointer))
  }

  var session: CodingSession { context.session }

  /// Its JSON pointer.
  public var pointer: JSONPointer { context.pointer(of: location) }

  /// A decoder for this value as a keyed object; refuses keys that `keys` does not have.
  ///
  /// - Parameter keys: The object's key type.
  /// - Throws: ``PersistenceError`` when the value is not an object or has an unknown key.
  @inlinable
  public func keyed<Key: PayloadKey>(by keys: Key.Type) throws -> KeyedDecoder<
    Key
  > {
    guard case .object(let object) = json else { throw typeMismatch(expected: "an object") }
    return try KeyedDecoder(context: context, object: object, hiding: -1, at: location)
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
  @inlinable
  public func string() throws -> String {
    guard case .string(let value) = json else { throw typeMismatch(expected: "a string") }
    return value
  }

  /// The value as a finite number.
  ///
  /// - Throws: ``PersistenceError`` when it is not a number.
  @inlinable
  public func double() throws -> Double {
    switch json {
    case .number(let value): return value
    case .integer(let value): return Double(value)
    default: throw typeMismatch(expected: "a number")
    }
  }

  /// The value as an integer.
  ///
  /// - Throws: ``PersistenceError`` when it is not an integer literal that fits `Int64`.
  @inlinable
  public func int64() throws -> Int64 {
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
  @inlinable
  public func bool() throws -> Bool {
    guard case .bool(let value) = json else { throw typeMismatch(expected: "true or false") }
    return value
  }

  /// The value as a collection of element decoders, made as they are read.
  ///
  /// - Throws: ``PersistenceError`` when it is not an array.
  @inlinable
  public func elements() throws -> Elements {
    guard case .array(let items) = json else { throw typeMismatch(expected: "an array") }
    return Elements(context: context, items: items, node: context.enter(location, keys: nil))
  }

  /// Reads one of a fixed set of strings, refusing any other with the allowed list.
  ///
  /// The long form, for a value read with a field name of its own: a codec reads a member with
  /// `payload.decode(Face.self, for: .face)`, which does the same with the key as the field
  /// name.
  /// - Parameters:
  ///   - type: The enum to read.
  ///   - field: The field's name for messages, such as "anchor".
  /// - Throws: ``PersistenceError`` with ``PersistenceError/Reason/unknownEnumValue(_:field:allowed:)``.
  @inlinable
  public func enumeration<E: RawRepresentable & CaseIterable>(_ type: E.Type, field: String)
    throws -> E where E.RawValue == String
  {
    let text = try string()
    guard let value = E(rawValue: text) else {
      throw error(.unknownEnumValue(text, field: field, allowed: E.allCases.map(\.rawValue)))
    }
    return value
  }

  /// The image for a token string, from the session's image store.
  ///
  /// Each token is resolved once per open, however often the document refers to it, and the
  /// distinct images may total at most ``DocumentLimits/maximumTotalImageBytes``.
  /// - Throws: ``PersistenceError``: ``PersistenceError/missingImageStore(token:)`` when the
  ///   coder has no store, a failure naming the token when the store cannot resolve it, or
  ///   ``PersistenceError/Reason/limitExceeded(_:)`` past the images' limit.
  public func image() throws -> PlatformImage {
    let token = try string()
    if let image = session.resolvedImages[token] { return image }
    guard let store = session.images else {
      throw PersistenceError.missingImageStore(token: token)
    }
    let image: PlatformImage
    do {
      image = try store.image(for: token)
    } catch {
      throw PersistenceError.unresolved(error, token: token, at: pointer)
    }
    let limit = session.options.limits.maximumTotalImageBytes
    session.resolvedImageBytes += image.data.count
    guard session.resolvedImageBytes <= limit else {
      throw self.error(
        .limitExceeded("The document's images total more than the limit of \(limit) bytes"))
    }
    session.resolvedImages[token] = image
    return image
  }
}
