import Foundation
import KadrModel

/// Writes one array, element by element.
///
/// Like ``ValueEncoder``, it is valid while the encoding call that started it runs, and traps
/// with a message saying so when it is used after.
public struct ArrayEncoder {
  /// The save's session, retained (see ``ValueEncoder``).
  let owner: CodingSession
  /// The save's session, once the encoder is checked to be live.
  var session: CodingSession {
    position.checkLive(in: owner, "ArrayEncoder")
    return owner
  }
  /// Runs `body` with the save's session, once the encoder is checked to be live (see
  /// ``ValueEncoder/withSession(_:)``).
  @inline(__always)
  func withSession<Result>(_ body: (CodingSession) throws -> Result) rethrows -> Result {
    position.checkLive(in: owner, "ArrayEncoder")
    return try body(owner)
  }
  /// Where the array is.
  let position: EncodingPosition
  let start: Int
  /// The number of elements written so far.
  public private(set) var count = 0

  init(session: CodingSession, position: EncodingPosition) {
    owner = session
    self.position = position
    self.start = session.position
    session.output.bytes.append(UInt8(ascii: "["))
  }

  /// The JSON pointer of the array.
  public var pointer: JSONPointer { position.pointer(in: session) }

  /// Appends an element written by `body`; when `body` returns `nil` nothing is appended.
  ///
  /// - Returns: Whether an element was appended.
  /// - Throws: What `body` throws.
  /// - Parameters:
  ///   - index: The element's index for JSON pointers, when it differs from its position in the
  ///     output (elements left out before it shift positions); the position by default.
  ///   - body: Writes exactly one value with the encoder it is given and returns it.
  @discardableResult
  public mutating func append(
    index: Int? = nil, _ body: (ValueEncoder) throws -> WrittenJSON?
  ) throws -> Bool {
    guard try write(index: index ?? count, body) else { return false }
    count += 1
    return true
  }

  /// Writes an element at `index` for JSON pointers, with `body`; whether it wrote one.
  /// (Not mutating, so that the session is borrowed rather than retained.)
  private func write(index: Int, _ body: (ValueEncoder) throws -> WrittenJSON?) throws -> Bool {
    try withSession { session in
      let elementStart = session.position
      if count > 0 { session.output.bytes.append(UInt8(ascii: ",")) }
      let step = EncodingStep(table: nil, value: index, isKey: false)
      return try session.value(at: step, in: position, since: elementStart, body) != nil
    }
  }

  /// Appends a value; one that reports loss and yields nothing is left out.
  ///
  /// - Parameter value: The value.
  /// - Returns: Whether it was appended.
  /// - Throws: ``PersistenceError`` from the value.
  @inlinable @discardableResult
  public mutating func append(_ value: some PersistableValue) throws -> Bool {
    try append(value, index: nil)
  }

  /// Appends a value at `index` for JSON pointers (see ``append(index:_:)``): a string, an
  /// identity, an integer, a finite number or a Boolean is written in place, as a keyed
  /// encoder writes scalar members; anything else through a value encoder.
  @inlinable
  mutating func append<Value: PersistableValue>(_ value: Value, index: Int?) throws -> Bool {
    // The type tests are constant where this is specialised.
    if let string = same(value, as: String.self) {
      if appendInPlace(string: string) { return true }
    } else if let id = same(value, as: FilterID.self) {
      if appendInPlace(string: id.rawValue) { return true }
    } else if let integer = same(value, as: Int.self) {
      if appendInPlace(integer: Int64(integer)) { return true }
    } else if let integer = same(value, as: Int64.self) {
      if appendInPlace(integer: integer) { return true }
    } else if let number = same(value, as: Double.self) {
      if appendInPlace(number: number) { return true }
    } else if let bool = same(value, as: Bool.self) {
      if appendInPlace(bool: bool) { return true }
    }
    return try append(index: index) { encoder throws in try value.encodePersisted(to: encoder) }
  }

  // Scalar elements written straight into a save's bytes, with no value encoder or path step
  // (a scalar reports no loss and needs no pointer); a number that is not finite returns
  // `false`, writing nothing: the value encoder refuses it, naming it.
  // Figure: a save of 1,000 clips 19.44 M → 19.34 M instructions (callgrind).

  @usableFromInline
  mutating func appendInPlace(string: String) -> Bool {
    appendInPlace { $0.writeString(string) }
  }

  @usableFromInline
  mutating func appendInPlace(integer: Int64) -> Bool {
    appendInPlace { $0.writeInteger(integer) }
  }

  @usableFromInline
  mutating func appendInPlace(number: Double) -> Bool {
    number.isFinite && appendInPlace { $0.writeDouble(number) }
  }

  @usableFromInline
  mutating func appendInPlace(bool: Bool) -> Bool {
    appendInPlace { $0.bytes.append(bool ? "true" : "false") }
  }

  @inline(__always)
  private mutating func appendInPlace(_ write: (inout JSONOutput) -> Void) -> Bool {
    writeInPlace(write)
    count += 1
    return true
  }

  @inline(__always)
  private func writeInPlace(_ write: (inout JSONOutput) -> Void) {
    withSession { session in
      if count > 0 { session.output.bytes.append(UInt8(ascii: ",")) }
      write(&session.output)
    }
  }

  /// Ends the array and returns it. Call it once, after the last element.
  public func finish() -> WrittenJSON {
    withSession { session in
      session.output.bytes.append(UInt8(ascii: "]"))
      return session.written(since: start)
    }
  }
}
