import Foundation
import KadrModel

/// Reads one payload object, key by key, for a codec's `decode`.
///
/// Creating it refuses keys that the codec's ``PayloadKey`` type does not have, so nothing in a
/// known kind is ignored silently. Every error names the field's JSON pointer. It is valid while
/// the decoding call that gave it out runs; used after, it traps saying so (see ``ValueDecoder``).
public struct KeyedDecoder<Key: PayloadKey> {
  /// The decoding context (see ``ValueDecoder``).
  @usableFromInline let contextRef: Lent<DecodingContext>
  /// The number of the tape the object is on (``DecodingContext/hold(_:)``).
  @usableFromInline let tapeNumber: Int
  /// The object's first word on the tape.
  @usableFromInline let objectWord: Int
  /// Where the members' first words start in the context's positions; -1 when the object is
  /// small enough to find a member by stepping over those before it.
  @usableFromInline let members: Int
  /// The keys, checked against `Key`, and where each key's member is.
  @usableFromInline let shapeNumber: Int
  /// The object's path node, and its serial number.
  @usableFromInline let node: Int
  @usableFromInline let serial: UInt64

  /// Reads the object at `object` on tape number `tapeNumber` (words `tape`), at `location`; the
  /// member at `hidden` (a flat payload's `kind`), if any, is not part of the payload.
  @inlinable
  init(
    context: Lent<DecodingContext>, tape tapeNumber: Int, view tape: JSONTapeView, object: Int,
    hiding hidden: Int, at location: DecodingLocation
  ) throws {
    let shapeIndex = tape.shapeIndex(ofObjectAt: object)
    let type = ObjectIdentifier(Key.self)
    // Figure: open of 1,000 clips 39.6 M instructions without the tape's shape note, 36.5 M so.
    let (shapeNumber, count) = try context.with { context in
      if let known = tape.note(
        at: shapeIndex, reader: context.reader, type: type, hidden: hidden)
      {
        return (known, context.shapeSummaries[known].keyCount)
      }
      let keys = tape.keys(ofShape: shapeIndex)
      let found =
        try context.cachedShape(of: keys, hiding: hidden, type: type)
        ?? context.newShape(of: keys, hiding: hidden, for: Key.self, at: location)
      tape.remember(
        found.number, reader: context.reader, keyType: type, hidden: hidden, at: shapeIndex)
      return (found.number, keys.count)
    }
    self.shapeNumber = shapeNumber
    contextRef = context
    self.tapeNumber = tapeNumber
    objectWord = object
    (node, serial, members) = context.with { context in
      let node = context.enterObject(location, at: object, tape: tapeNumber, shape: shapeIndex)
      return (
        node, context.nodes[node].serial,
        count > Self.smallObjectLimit
          ? context.pushPositions(ofObjectAt: object, count: count, in: tape) : -1
      )
    }
  }

  /// Traps unless the call that gave the decoder out is still running.
  @inlinable @inline(__always)
  func checkLive() {
    contextRef.with { $0.checkLive(node, serial, "KeyedDecoder") }
  }

  /// The decoding context, once the decoder is checked to be live.
  var context: DecodingContext {
    checkLive()
    return contextRef.object
  }

  /// The tape, once the decoder is checked to be live.
  @inlinable
  var tape: JSONTapeView {
    contextRef.with {
      $0.checkLive(node, serial, "KeyedDecoder")
      return $0.view(tapeNumber)
    }
  }

  /// The payload's shape, once the decoder is checked to be live.
  var shape: PayloadShape {
    context.openShapes[shapeNumber]
  }

  /// The position of `key`'s member, or `nil`; the caller has checked that the decoder is live.
  @inlinable
  func member(of key: Key) -> Int? {
    contextRef.with { $0.member(of: key, inShape: shapeNumber) }
  }

  /// Up to this many members, a member is found by stepping over those before it; past it,
  /// every member's place is recorded once.
  // Figure: open of 1,000 clips 36.5 M instructions at 2, 37.0 M at 0 and at 1,000 (callgrind).
  @inlinable
  static var smallObjectLimit: Int { 2 }

  /// The first word of member `member`; the caller (every public way in) has checked liveness.
  @inlinable
  func word(of member: Int) -> Int {
    contextRef.with {
      members >= 0
        ? $0.positions[members + member]
        : $0.view(tapeNumber).word(ofMember: member, ofContainerAt: objectWord)
    }
  }

  var session: CodingSession { context.session }

  /// The object being read, made on demand (without the hidden member).
  public var object: JSONObject {
    checkLive()
    var object = JSONObject(minimumCapacity: shape.keys.count)
    for (member, key) in shape.keys.enumerated() where member != shape.hidden {
      object.appendUnchecked(
        tape.value(at: word(of: member)), forKey: key)
    }
    return object
  }

  /// The payload's keys, in the document's order (without the hidden member).
  @usableFromInline
  var keys: [String] {
    let shape = self.shape
    return shape.hidden < 0
      ? shape.keys : shape.keys.enumerated().filter { $0.offset != shape.hidden }.map(\.element)
  }

  /// Its JSON pointer.
  public var pointer: JSONPointer {
    context.pointer(of: DecodingLocation(node: node, member: -1, serial: serial))
  }

  /// Whether the payload has `key`.
  ///
  /// - Parameter key: The key.
  @inlinable
  public func contains(_ key: Key) -> Bool {
    checkLive()
    return member(of: key) != nil
  }

  /// The decoder of the value under `key`.
  ///
  /// - Parameter key: The key.
  /// - Throws: ``PersistenceError`` when the key is missing.
  @inlinable
  public func valueDecoder(for key: Key) throws -> ValueDecoder {
    checkLive()
    guard let member = member(of: key) else {
      throw PersistenceError(.missingField(key.rawValue), at: pointer)
    }
    return decoder(of: member)
  }

  /// The decoder of the value under `key`, or `nil` when the key is absent.
  ///
  /// - Parameter key: The key.
  @inlinable
  public func valueDecoderIfPresent(for key: Key) -> ValueDecoder? {
    checkLive()
    guard let member = member(of: key) else { return nil }
    return decoder(of: member)
  }

  /// The decoder of the member at `member`.
  @inlinable
  func decoder(of member: Int) -> ValueDecoder {
    ValueDecoder(
      context: contextRef, tape: tapeNumber, index: word(of: member),
      location: DecodingLocation(node: node, member: member, serial: serial))
  }

  /// Reads the required value under `key`.
  ///
  /// - Parameters:
  ///   - type: The value's type.
  ///   - key: The key.
  /// - Throws: ``PersistenceError`` when it is missing or malformed.
  @inlinable
  public func decode<Value: PersistableValue>(_ type: Value.Type, for key: Key)
    throws -> Value
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
  @inlinable
  public func decodeIfPresent<Value: PersistableValue>(_ type: Value.Type, for key: Key)
    throws -> Value?
  {
    guard let decoder = valueDecoderIfPresent(for: key) else { return nil }
    return try Value.decodePersisted(from: decoder)
  }

  /// Reads a list of clips under `key`, each through the codec registered for its kind id.
  ///
  /// - Parameter key: The key.
  /// - Throws: ``PersistenceError`` for an unknown kind (unless preserving) or a malformed clip.
  public func decodeClips(for key: Key) throws -> [any Clip] {
    try session.registry.decodeClips(valueDecoder(for: key), session: session)
  }

  /// Reads a list of overlays under `key`, each through the codec registered for its kind id.
  ///
  /// - Parameter key: The key.
  /// - Throws: ``PersistenceError``.
  public func decodeOverlays(for key: Key) throws -> [any Overlay] {
    try session.registry.decodeOverlays(valueDecoder(for: key), session: session)
  }

  /// Reads a value of a fixed model type through its registered ``ModelCodec``.
  ///
  /// - Parameters:
  ///   - type: The model type.
  ///   - key: The key.
  /// - Throws: ``PersistenceError``.
  public func decodeModel<Model: Sendable>(_ type: Model.Type, for key: Key)
    throws -> Model
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
    throws -> Model?
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
    throws -> [Model]
  {
    let elements = try valueDecoder(for: key).elements()
    var models: [Model] = []
    models.reserveCapacity(elements.count)
    for element in elements {
      models.append(try session.registry.decodeModel(type, from: element, session: session))
    }
    return models
  }

  /// Reads the image whose token is under `key`.
  ///
  /// - Parameter key: The key.
  /// - Throws: ``PersistenceError`` naming the token when it cannot be resolved.
  public func decodeImage(for key: Key) throws -> PlatformImage {
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
