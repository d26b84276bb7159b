import Foundation
import KadrModel

/// Builds one payload object, key by key, for a codec's `encode`.
///
/// Nested content goes back through the registry: `encode(clips:for:)` writes a track's children
/// with whatever codecs are registered for them, so a plugin's clip may hold built-in clips and
/// the other way round.
public struct KeyedEncoder<Key: PayloadKey> {
  let session: CodingSession
  /// The JSON pointer of the object being built.
  public let pointer: JSONPointer
  /// The members written so far.
  public internal(set) var object: JSONObject
  /// Whether the whole value is to be left out (see ``omitValue()``).
  public private(set) var isOmitted = false

  init(session: CodingSession, pointer: JSONPointer) {
    self.session = session
    self.pointer = pointer
    self.object = JSONObject(minimumCapacity: 16)
  }

  /// The encoder of the value under `key`.
  ///
  /// - Parameter key: The key.
  public func valueEncoder(for key: Key) -> ValueEncoder {
    ValueEncoder(session: session, parent: pointer, component: .key(key.rawValue))
  }

  /// Writes `value` under `key`; a value that reports loss and yields nothing is omitted.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - key: The key.
  /// - Throws: ``PersistenceError`` from the value.
  public mutating func encode(_ value: some PersistableValue, for key: Key)
    throws(PersistenceError)
  {
    if let json = try value.encodePersisted(to: valueEncoder(for: key)) {
      object[key.rawValue] = json
    }
  }

  /// Writes `value` under `key` when it is present; omits the key when it is `nil`.
  ///
  /// - Parameters:
  ///   - value: The optional value.
  ///   - key: The key.
  /// - Throws: ``PersistenceError`` from the value.
  public mutating func encodeIfPresent(_ value: (some PersistableValue)?, for key: Key)
    throws(PersistenceError)
  {
    guard let value else { return }
    try encode(value, for: key)
  }

  /// Writes a raw JSON value under `key`.
  ///
  /// - Parameters:
  ///   - json: The value.
  ///   - key: The key.
  public mutating func encodeJSON(_ json: JSONValue, for key: Key) {
    object[key.rawValue] = json
  }

  /// Writes a list of clips under `key`, each through the codec registered for its type.
  ///
  /// - Parameters:
  ///   - clips: The clips.
  ///   - key: The key.
  /// - Throws: ``PersistenceError`` from any clip's codec.
  public mutating func encode(clips: [any Clip], for key: Key) throws(PersistenceError) {
    let array = try session.registry.encodeClips(
      clips, session: session, pointer: pointer.appending(key: key.rawValue))
    object[key.rawValue] = .array(array)
  }

  /// Writes a list of overlays under `key`, each through the codec registered for its type.
  ///
  /// - Parameters:
  ///   - overlays: The overlays.
  ///   - key: The key.
  /// - Throws: ``PersistenceError`` from any overlay's codec.
  public mutating func encode(overlays: [any Overlay], for key: Key) throws(PersistenceError) {
    let array = try session.registry.encodeOverlays(
      overlays, session: session, pointer: pointer.appending(key: key.rawValue))
    object[key.rawValue] = .array(array)
  }

  /// Writes a value of a fixed model type (an audio track, a preset) through its registered
  /// ``ModelCodec``.
  ///
  /// - Parameters:
  ///   - model: The value.
  ///   - key: The key.
  /// - Throws: ``PersistenceError``, also when no codec is registered for the type.
  public mutating func encode<Model: Sendable>(model: Model, for key: Key) throws(PersistenceError)
  {
    let json = try session.registry.encodeModel(
      model, session: session, pointer: pointer.appending(key: key.rawValue))
    object[key.rawValue] = json
  }

  /// Writes an optional value of a fixed model type; omits the key when it is `nil`.
  ///
  /// - Parameters:
  ///   - model: The value.
  ///   - key: The key.
  /// - Throws: ``PersistenceError``.
  public mutating func encodeIfPresent<Model: Sendable>(model: Model?, for key: Key)
    throws(PersistenceError)
  {
    guard let model else { return }
    try encode(model: model, for: key)
  }

  /// Writes a list of values of a fixed model type through its registered ``ModelCodec``.
  ///
  /// - Parameters:
  ///   - models: The values.
  ///   - key: The key.
  /// - Throws: ``PersistenceError``.
  public mutating func encode<Model: Sendable>(models: [Model], for key: Key)
    throws(PersistenceError)
  {
    let base = pointer.appending(key: key.rawValue)
    var array: [JSONValue] = []
    array.reserveCapacity(models.count)
    for (index, model) in models.enumerated() {
      array.append(
        try session.registry.encodeModel(
          model, session: session, pointer: base.appending(index: index)))
    }
    object[key.rawValue] = .array(array)
  }

  /// Writes the token of `image` under `key`, saving the image in the session's store; with no
  /// store, reports loss and omits the key.
  ///
  /// - Parameters:
  ///   - image: The image.
  ///   - key: The key.
  /// - Throws: ``PersistenceError`` when the store fails.
  public mutating func encode(image: PlatformImage, for key: Key) throws(PersistenceError) {
    if let token = try valueEncoder(for: key).token(for: image) {
      object[key.rawValue] = .string(token)
    }
  }

  /// Leaves the whole value out of the document, after its loss has been reported: the clip,
  /// overlay, filter or text animation is not written at all, so that no entry missing a required
  /// field (such as an image clip without its `imageToken`) fails on open.
  ///
  /// ``encode(image:for:)`` reports the loss of an image; a codec whose value cannot stand
  /// without it then calls this. A ``ModelCodec`` must not call it: its value has a fixed place.
  public mutating func omitValue() {
    isOmitted = true
  }

  /// Records that the content of `key` cannot be saved; the key is left out.
  ///
  /// - Parameters:
  ///   - kind: What is lost.
  ///   - key: Where it would have been, or `nil` for the whole payload.
  public func reportLoss(_ kind: Loss.Kind, for key: Key? = nil) {
    session.recordLoss(kind, at: key.map { pointer.appending(key: $0.rawValue) } ?? pointer)
  }
}
