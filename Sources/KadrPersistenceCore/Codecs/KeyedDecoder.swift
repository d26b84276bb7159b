import Foundation
import KadrModel

/// Reads one payload object, key by key, for a codec's `decode`.
///
/// Creating it refuses keys that the codec's ``PayloadKey`` type does not have, so nothing in a
/// known kind is ignored silently. Every error names the field's JSON pointer.
public struct KeyedDecoder<Key: PayloadKey> {
  let session: CodingSession
  /// The object being read.
  public let object: JSONObject
  /// Its JSON pointer.
  public let pointer: JSONPointer

  init(session: CodingSession, object: JSONObject, pointer: JSONPointer) throws(PersistenceError) {
    self.session = session
    self.object = object
    self.pointer = pointer
    for key in object.keys where Key(rawValue: key) == nil {
      throw PersistenceError(
        .unknownField(key, known: Key.allCases.map(\.rawValue)), at: pointer.appending(key: key))
    }
  }

  /// Whether the payload has `key`.
  ///
  /// - Parameter key: The key.
  public func contains(_ key: Key) -> Bool { object.index(of: key.rawValue) != nil }

  /// The decoder of the value under `key`.
  ///
  /// - Parameter key: The key.
  /// - Throws: ``PersistenceError`` when the key is missing.
  public func valueDecoder(for key: Key) throws(PersistenceError) -> ValueDecoder {
    guard let json = object[key.rawValue] else {
      throw PersistenceError(.missingField(key.rawValue), at: pointer)
    }
    return ValueDecoder(
      session: session, json: json, parent: pointer, component: .key(key.rawValue))
  }

  /// The decoder of the value under `key`, or `nil` when the key is absent.
  ///
  /// - Parameter key: The key.
  public func valueDecoderIfPresent(for key: Key) -> ValueDecoder? {
    guard let json = object[key.rawValue] else { return nil }
    return ValueDecoder(
      session: session, json: json, parent: pointer, component: .key(key.rawValue))
  }

  /// Reads the required value under `key`.
  ///
  /// - Parameters:
  ///   - type: The value's type.
  ///   - key: The key.
  /// - Throws: ``PersistenceError`` when it is missing or malformed.
  public func decode<Value: PersistableValue>(_ type: Value.Type, for key: Key)
    throws(PersistenceError) -> Value
  {
    try Value.decodePersisted(from: valueDecoder(for: key))
  }

  /// Reads the optional value under `key`; `nil` when the key is absent. (An explicit `null` is
  /// refused: the format omits absent values.)
  ///
  /// - Parameters:
  ///   - type: The value's type.
  ///   - key: The key.
  /// - Throws: ``PersistenceError`` when it is present but malformed.
  public func decodeIfPresent<Value: PersistableValue>(_ type: Value.Type, for key: Key)
    throws(PersistenceError) -> Value?
  {
    guard let decoder = valueDecoderIfPresent(for: key) else { return nil }
    return try Value.decodePersisted(from: decoder)
  }

  /// Reads a list of clips under `key`, each through the codec registered for its kind id.
  ///
  /// - Parameter key: The key.
  /// - Throws: ``PersistenceError`` for an unknown kind (unless preserving) or a malformed clip.
  public func decodeClips(for key: Key) throws(PersistenceError) -> [any Clip] {
    try session.registry.decodeClips(valueDecoder(for: key), session: session)
  }

  /// Reads a list of overlays under `key`, each through the codec registered for its kind id.
  ///
  /// - Parameter key: The key.
  /// - Throws: ``PersistenceError``.
  public func decodeOverlays(for key: Key) throws(PersistenceError) -> [any Overlay] {
    try session.registry.decodeOverlays(valueDecoder(for: key), session: session)
  }

  /// Reads a value of a fixed model type through its registered ``ModelCodec``.
  ///
  /// - Parameters:
  ///   - type: The model type.
  ///   - key: The key.
  /// - Throws: ``PersistenceError``.
  public func decodeModel<Model: Sendable>(_ type: Model.Type, for key: Key)
    throws(PersistenceError) -> Model
  {
    try session.registry.decodeModel(type, from: valueDecoder(for: key), session: session)
  }

  /// Reads an optional value of a fixed model type; `nil` when the key is absent.
  ///
  /// - Parameters:
  ///   - type: The model type.
  ///   - key: The key.
  /// - Throws: ``PersistenceError``.
  public func decodeModelIfPresent<Model: Sendable>(_ type: Model.Type, for key: Key)
    throws(PersistenceError) -> Model?
  {
    guard let decoder = valueDecoderIfPresent(for: key) else { return nil }
    return try session.registry.decodeModel(type, from: decoder, session: session)
  }

  /// Reads a list of values of a fixed model type.
  ///
  /// - Parameters:
  ///   - type: The model type.
  ///   - key: The key.
  /// - Throws: ``PersistenceError``.
  public func decodeModels<Model: Sendable>(_ type: Model.Type, for key: Key)
    throws(PersistenceError) -> [Model]
  {
    var models: [Model] = []
    for element in try valueDecoder(for: key).elements() {
      models.append(try session.registry.decodeModel(type, from: element, session: session))
    }
    return models
  }

  /// Reads the image whose token is under `key`.
  ///
  /// - Parameter key: The key.
  /// - Throws: ``PersistenceError`` naming the token when it cannot be resolved.
  public func decodeImage(for key: Key) throws(PersistenceError) -> PlatformImage {
    try valueDecoder(for: key).image()
  }

  /// An error at the pointer of `key` (or of the payload).
  ///
  /// - Parameters:
  ///   - reason: What is wrong.
  ///   - key: The field, or `nil` for the whole payload.
  public func error(_ reason: PersistenceError.Reason, for key: Key? = nil) -> PersistenceError {
    PersistenceError(reason, at: key.map { pointer.appending(key: $0.rawValue) } ?? pointer)
  }
}
