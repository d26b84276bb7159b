import Foundation
import KadrModel

/// A value that knows its JSON form: times, colours, positions, animations, and any value type a
/// plugin's codec nests in its payload.
///
/// Values are not registered; kinds are. A value is written where a codec puts it, and reports
/// loss through its encoder when part of it cannot be written.
public protocol PersistableValue: Sendable {
  /// Writes the value's JSON as exactly one value with `encoder` (a scalar, an array, or a keyed
  /// object finished with ``KeyedEncoder/finish()``) and returns it; or, when the value cannot be
  /// written at all, reports the loss (``ValueEncoder/reportLoss(_:)``) and returns `nil`, and the
  /// field is omitted.
  ///
  /// - Parameter encoder: Where the value is written: its pointer, the session's image store and
  ///   registry.
  /// - Throws: ``PersistenceError``, for instance for a non-finite number.
  func encodePersisted(to encoder: ValueEncoder) throws -> WrittenJSON?

  /// Reads a value from its JSON form.
  ///
  /// - Parameter decoder: The JSON value and its pointer.
  /// - Throws: ``PersistenceError`` naming the pointer.
  static func decodePersisted(from decoder: ValueDecoder) throws -> Self
}

/// Where one value is being written: its JSON pointer and the save's session.
///
/// An encoder writes into the save's output in place, and is valid while the encoding call that
/// gave it out runs: never keep it. Used after, it traps with a message saying so; holding the
/// save's state, it never writes into another value's place or into memory the save let go of.
public struct ValueEncoder {
  /// The save's session, retained, so that an encoder kept past its call can still find out
  /// that it was (``EncodingPosition/isLive(in:)``).
  let owner: CodingSession
  /// The save's session, once the encoder is checked to be live.
  var session: CodingSession {
    position.checkLive(in: owner, "ValueEncoder")
    return owner
  }
  let position: EncodingPosition

  init(session: CodingSession, position: EncodingPosition) {
    owner = session
    self.position = position
  }

  /// An encoder at `pointer`, live while the step atop the session's stack is (for good when it
  /// is empty); the library's own saves use ``CodingSession/withRootEncoder(at:_:)``.
  init(session: CodingSession, pointer: JSONPointer) {
    self.init(session: session, position: EncodingPosition(materialized: pointer, in: session))
  }

  /// Runs `body` with the save's session, once the encoder is checked to be live. (The stored
  /// session is handed on as it is, borrowed for the call: no reference counting.)
  @inline(__always)
  func withSession<Result>(_ body: (CodingSession) throws -> Result) rethrows -> Result {
    position.checkLive(in: owner, "ValueEncoder")
    return try body(owner)
  }

  /// The JSON pointer of the value being written.
  public var pointer: JSONPointer { position.pointer(in: session) }

  /// Starts a keyed object here; write its members, then ``KeyedEncoder/finish()`` it.
  ///
  /// - Parameter keys: The object's key type.
  public func keyed<Key: PayloadKey>(by keys: Key.Type) -> KeyedEncoder<Key> {
    KeyedEncoder(session: session, position: position)
  }

  /// Starts an array here; append its elements, then ``ArrayEncoder/finish()`` it.
  public func array() -> ArrayEncoder {
    withSession { ArrayEncoder(session: $0, position: position) }
  }

  /// Writes a string.
  ///
  /// - Parameter value: The string.
  public func string(_ value: String) -> WrittenJSON {
    withSession { session in
      let start = session.position
      session.output.writeString(value)
      return session.written(since: start)
    }
  }

  /// Writes an integer.
  ///
  /// - Parameter value: The integer.
  public func integer(_ value: Int64) -> WrittenJSON {
    withSession { session in
      let start = session.position
      session.output.writeInteger(value)
      return session.written(since: start)
    }
  }

  /// Writes a finite number as `JSONEncoder` writes a `Double`.
  ///
  /// - Parameter value: The number.
  /// - Throws: ``PersistenceError`` with ``PersistenceError/Reason/nonFiniteNumber(field:)``,
  ///   naming the field, for NaN or an infinity.
  public func number(_ value: Double) throws -> WrittenJSON {
    guard value.isFinite else {
      throw PersistenceError(.nonFiniteNumber(field: pointer.lastKey ?? "number"), at: pointer)
    }
    return withSession { session in
      let start = session.position
      session.output.writeDouble(value)
      return session.written(since: start)
    }
  }

  /// Writes `true` or `false`.
  ///
  /// - Parameter value: The Boolean.
  public func bool(_ value: Bool) -> WrittenJSON {
    withSession { session in
      let start = session.position
      session.output.bytes.append(value ? "true" : "false")
      return session.written(since: start)
    }
  }

  /// Writes `null`.
  public func null() -> WrittenJSON {
    withSession { session in
      let start = session.position
      session.output.bytes.append("null")
      return session.written(since: start)
    }
  }

  // Figure: 3,300 times a save of 1,000 clips: 25.9 M → 24.8 M instructions (callgrind).
  /// Writes an object of two integer members (`first` and `second`, each a key and its integer)
  /// in place, as a keyed encoder would but making none: how ``Time``, the value a composition
  /// holds most often, writes itself. Returns `nil` when a key is not one of its type's cases;
  /// then write it with ``keyed(by:)``.
  func integers<Key: PayloadKey>(_ first: (Key, Int64), _ second: (Key, Int64)) -> WrittenJSON? {
    withSession { session in
      let keys = session.keyTables.table(of: Key.self)
      guard let firstRank = keys.rank(of: first.0.rawValue, from: 0),
        let secondRank = keys.rank(of: second.0.rawValue, from: firstRank + 1),
        firstRank != secondRank
      else { return nil }
      let (low, high) = firstRank < secondRank ? (first.1, second.1) : (second.1, first.1)
      let start = session.output.bytes.count
      session.output.bytes.append(UInt8(ascii: "{"))
      session.output.bytes.append(keys.written(at: min(firstRank, secondRank)))
      session.output.writeInteger(low)
      session.output.bytes.append(UInt8(ascii: ","))
      session.output.bytes.append(keys.written(at: max(firstRank, secondRank)))
      session.output.writeInteger(high)
      session.output.bytes.append(UInt8(ascii: "}"))
      return session.written(since: start)
    }
  }

  /// Writes a JSON tree as it is (canonically: object keys sorted).
  ///
  /// - Parameter value: The tree, such as content preserved from a document.
  /// - Throws: ``PersistenceError`` for a non-finite number in the tree.
  public func json(_ value: JSONValue) throws -> WrittenJSON {
    let start = session.position
    do {
      try session.output.write(value)
    } catch {
      session.discard(since: start)
      throw PersistenceError(error.resolved, under: pointer)
    }
    return session.written(since: start)
  }

  /// An encoder for a child of this value.
  ///
  /// - Parameter key: The child's key.
  public func child(key: String) -> ValueEncoder {
    ValueEncoder(
      session: session,
      position: EncodingPosition(materialized: pointer.appending(key: key), in: owner)
        .living(as: position))
  }

  /// An encoder for an element of this array value.
  ///
  /// - Parameter index: The element's index.
  public func child(index: Int) -> ValueEncoder {
    ValueEncoder(
      session: session,
      position: EncodingPosition(materialized: pointer.appending(.index(index)), in: owner)
        .living(as: position))
  }

  /// Records that something here cannot be saved.
  ///
  /// - Parameter kind: What is lost.
  public func reportLoss(_ kind: Loss.Kind) {
    session.recordLoss(kind, at: pointer)
  }

  /// The token for `image` from the session's image store, or `nil` after reporting loss when
  /// there is no store.
  ///
  /// - Parameter image: The image.
  /// - Throws: ``PersistenceError`` when the store fails to save it.
  public func token(for image: PlatformImage) throws -> String? {
    guard let store = session.images else {
      reportLoss(.image)
      return nil
    }
    // Each image is saved once per save, however often the composition uses it.
    if let token = session.savedTokens[ObjectIdentifier(image)] { return token }
    do {
      let token = try store.token(for: image)
      session.savedTokens[ObjectIdentifier(image)] = token
      return token
    } catch ImageStoreError.cannotStoreNewImages {
      reportLoss(.image)
      return nil
    } catch let error as PersistenceError where error.isCannotStoreNewImages {
      reportLoss(.image)
      return nil
    } catch {
      throw PersistenceError.imageStore(error).located(at: pointer)
    }
  }
}

/// Where a value is being written, without building its JSON pointer.
///
/// Saving is depth-first, so the session keeps the path from the root to the value on a stack
/// (``CodingSession/path``): entering a member or element pushes its key or index, leaving pops
/// it. A position is a materialised pointer (`base`) plus the stack's components from `baseDepth`
/// to `depth`, read only for an error or a loss, while the encoder is in use (so still stacked):
/// building a pointer for each of the hundreds of thousands of objects a save writes allocated.
///
/// A position is live while the step it was made under (`anchor`, with its serial number) is on
/// the stack; an encoder checks that before it writes, so one kept past its call traps instead
/// of writing where another value is now being written.
struct EncodingPosition {
  /// The materialised pointer's index in the session's ``CodingSession/bases``.
  let base: Int
  let baseDepth: Int
  let depth: Int
  /// The stack's height when made: live while the step at `anchor - 1` has `serial` (always at 0).
  let anchor: Int
  let serial: UInt32

  /// The position of `pointer` itself, with nothing on the stack above it.
  init(materialized pointer: JSONPointer, in session: CodingSession) {
    if pointer.isRoot {
      base = 0
    } else {
      base = session.bases.count
      session.bases.append(pointer)
    }
    baseDepth = session.path.count
    depth = baseDepth
    anchor = baseDepth
    serial = anchor > 0 ? session.path[anchor - 1].serial : 0
  }

  private init(base: Int, baseDepth: Int, depth: Int, anchor: Int, serial: UInt32) {
    self.base = base
    self.baseDepth = baseDepth
    self.depth = depth
    self.anchor = anchor
    self.serial = serial
  }

  /// The position one component deeper, the component just pushed on `session`'s stack.
  func child(in session: CodingSession) -> EncodingPosition {
    EncodingPosition(
      base: base, baseDepth: baseDepth, depth: depth + 1, anchor: depth + 1,
      serial: session.path[depth].serial)
  }

  /// This position, live exactly while `other` is (a child encoder made with a pointer of its
  /// own belongs to its parent's call).
  func living(as other: EncodingPosition) -> EncodingPosition {
    EncodingPosition(
      base: base, baseDepth: baseDepth, depth: depth, anchor: other.anchor, serial: other.serial)
  }

  /// Whether the call the position was made for is still running in `session`.
  @inline(__always)
  func isLive(in session: CodingSession) -> Bool {
    anchor == 0 || (anchor <= session.path.count && session.path[anchor - 1].serial == serial)
  }

  /// Traps, naming `type`, unless the position is live in `session`: the check every encoder
  /// makes before it writes or reports.
  @inline(__always)
  func checkLive(in session: CodingSession, _ type: StaticString) {
    guard isLive(in: session) else { Self.usedAfterItsCall(type) }
  }

  /// The trap of an encoder kept past its call.
  static func usedAfterItsCall(_ type: StaticString) -> Never {
    fatalError(
      "kadr-persistence: a \(type) was used after the call that gave it out returned. Write "
        + "with an encoder during the call that gives it out; never keep it.")
  }

  /// The JSON pointer, built from `base` and the stack.
  func pointer(in session: CodingSession) -> JSONPointer {
    var pointer = session.bases[base]
    guard depth > baseDepth, depth <= session.path.count else { return pointer }
    for index in baseDepth..<depth {
      pointer = pointer.appending(session.component(of: session.path[index]))
    }
    return pointer
  }
}
