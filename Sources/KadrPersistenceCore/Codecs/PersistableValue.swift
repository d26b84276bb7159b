import Foundation
import KadrModel

/// A value that knows its JSON form: times, colours, positions, animations, and any value type a
/// plugin's codec nests in its payload.
///
/// Values are not registered; kinds are. A value is written where a codec puts it, and reports
/// loss through its encoder when part of it cannot be written.
public protocol PersistableValue: Sendable {
  /// Writes the value's JSON with one of `encoder`'s writers and returns what it wrote, or
  /// returns `nil` when the value cannot be written at all (after reporting the loss with
  /// ``ValueEncoder/reportLoss(_:)``), in which case the field is omitted.
  ///
  /// Write exactly one value with `encoder` (a scalar, an array, or a keyed object finished with
  /// ``KeyedEncoder/finish()``) and return it.
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
/// An encoder writes into the save's output where it is, and it holds the save unretained, so
/// making or copying one costs no reference counting. It is valid while the encoding call that
/// gave it out runs: write with it there, never keep it.
public struct ValueEncoder {
  // Figure: unretained here and in `ArrayEncoder`, and with a flat kind's one leading member
  // not an array (measured together), a save of 1,000 clips made 68 k retains and 78 k releases,
  // 90 k and 117 k before (callgrind).
  /// The save's session, unretained, so that making or copying an encoder costs no reference
  /// counting: the call that made the root encoder keeps the session alive. An encoder is valid
  /// only while the encoding call it was given to runs.
  let sessionRef: Unmanaged<CodingSession>
  /// The save's session.
  var session: CodingSession { sessionRef.takeUnretainedValue() }
  /// Where the value is: see ``EncodingPosition``.
  let position: EncodingPosition

  init(session: CodingSession, pointer: JSONPointer) {
    self.init(session: session, position: EncodingPosition(materialized: pointer, in: session))
  }

  init(session: CodingSession, position: EncodingPosition) {
    self.sessionRef = .passUnretained(session)
    self.position = position
  }

  /// The JSON pointer of the value being written.
  public var pointer: JSONPointer { position.pointer(in: session) }

  /// Starts a keyed object here; write its members, then ``KeyedEncoder/finish()`` it.
  ///
  /// - Parameter keys: The object's key type.
  public func keyed<Key: PayloadKey>(by keys: Key.Type) -> KeyedEncoder<Key> {
    KeyedEncoder(session: sessionRef, position: position)
  }

  /// Starts an array here; append its elements, then ``ArrayEncoder/finish()`` it.
  public func array() -> ArrayEncoder {
    sessionRef._withUnsafeGuaranteedRef { ArrayEncoder(session: $0, position: position) }
  }

  /// Writes a string.
  ///
  /// - Parameter value: The string.
  public func string(_ value: String) -> WrittenJSON {
    sessionRef._withUnsafeGuaranteedRef { session in
      guard session.sink == .bytes else { return session.push(.string(value)) }
      let start = session.position
      session.output.writeString(value)
      return session.written(since: start)
    }
  }

  /// Writes an integer.
  ///
  /// - Parameter value: The integer.
  public func integer(_ value: Int64) -> WrittenJSON {
    sessionRef._withUnsafeGuaranteedRef { session in
      guard session.sink == .bytes else { return session.push(.integer(value)) }
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
    return sessionRef._withUnsafeGuaranteedRef { session in
      guard session.sink == .bytes else {
        return session.push(JSONOutput.canonicalNumber(value))
      }
      let start = session.position
      session.output.writeDouble(value)
      return session.written(since: start)
    }
  }

  /// Writes `true` or `false`.
  ///
  /// - Parameter value: The Boolean.
  public func bool(_ value: Bool) -> WrittenJSON {
    sessionRef._withUnsafeGuaranteedRef { session in
      guard session.sink == .bytes else { return session.push(.bool(value)) }
      let start = session.position
      session.output.bytes.append(value ? "true" : "false")
      return session.written(since: start)
    }
  }

  /// Writes `null`.
  public func null() -> WrittenJSON {
    sessionRef._withUnsafeGuaranteedRef { session in
      guard session.sink == .bytes else { return session.push(.null) }
      let start = session.position
      session.output.bytes.append("null")
      return session.written(since: start)
    }
  }

  // Figure: a save of 1,000 clips writes 3,300 times; with a keyed encoder for each, 25.9 M
  // instructions a save, 24.8 M so (callgrind).
  /// Writes an object of two integer members in place, as a keyed encoder writes it but with
  /// none made: how ``Time`` writes itself, the value a composition holds most often.
  ///
  /// - Parameters:
  ///   - first: A key and its integer.
  ///   - second: The other key and its integer.
  /// - Returns: The object, or `nil` when the save is not writing bytes or a key is not one of
  ///   its type's cases; then write it with ``keyed(by:)``.
  func integers<Key: PayloadKey>(_ first: (Key, Int64), _ second: (Key, Int64)) -> WrittenJSON? {
    sessionRef._withUnsafeGuaranteedRef { session in
      guard session.sink == .bytes else { return nil }
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
    guard session.sink == .bytes else {
      do {
        return session.push(try value.canonicalized())
      } catch {
        throw PersistenceError(error.resolved, under: pointer)
      }
    }
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
    ValueEncoder(session: session, pointer: pointer.appending(key: key))
  }

  /// An encoder for an element of this array value.
  ///
  /// - Parameter index: The element's index.
  public func child(index: Int) -> ValueEncoder {
    ValueEncoder(session: session, pointer: pointer.appending(.index(index)))
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
/// Saving is depth-first, so the session keeps the components from the document's root to the
/// value being written on a stack (``CodingSession/path``): entering a member or an element
/// pushes its key or index, leaving pops it. A position is a materialised pointer (`base`) plus
/// the stack's components from `baseDepth` to `depth`, read only when the pointer is asked for
/// (an error, a loss) — while the encoder is in use, so the stack still holds them. Building a
/// pointer for every object allocated, and a save writes hundreds of thousands of objects.
struct EncodingPosition {
  /// The materialised pointer's index in the session's ``CodingSession/bases``.
  let base: Int
  let baseDepth: Int
  let depth: Int

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
  }

  private init(base: Int, baseDepth: Int, depth: Int) {
    self.base = base
    self.baseDepth = baseDepth
    self.depth = depth
  }

  /// The position one component deeper: the component was just pushed on the stack.
  var child: EncodingPosition {
    EncodingPosition(base: base, baseDepth: baseDepth, depth: depth + 1)
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
