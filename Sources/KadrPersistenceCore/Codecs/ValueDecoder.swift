import Foundation
import KadrModel

/// Where one value is being read: its place in the document, its pointer and the open's session.
///
/// A decoder reads the document where it lies (the tape the reader wrote), building no tree, and
/// holds its context as a `Lent` reference and its tape by number, so making or copying one
/// costs no reference counting. It is valid while the decoding call that gave it out runs: keep
/// the values it reads, never the decoder. Used after, it traps saying so, before reading.
public struct ValueDecoder {
  /// The decoding context: ``DecodingContexts`` never deallocates one.
  // Figure: open of 1,000 clips 47.5 M instructions with a retained context, 43.8 M so.
  @usableFromInline let contextRef: Lent<DecodingContext>
  /// The number of the tape the value is on (``DecodingContext/hold(_:)``).
  @usableFromInline let tapeNumber: Int
  /// The value's first word on the tape.
  @usableFromInline let index: Int
  @usableFromInline let location: DecodingLocation

  @inlinable
  init(
    context: Lent<DecodingContext>, tape: Int, index: Int, location: DecodingLocation
  ) {
    contextRef = context
    tapeNumber = tape
    self.index = index
    self.location = location
  }

  /// Runs `body` with a decoder for `json` at `pointer`, in a new decoding context for
  /// `session` that lives until `body` returns.
  static func withRoot<Result>(
    session: CodingSession, json: JSONValue, pointer: JSONPointer,
    _ body: (ValueDecoder) throws -> Result
  ) rethrows -> Result {
    try withRoot(session: session, tape: JSONTape(json), pointer: pointer, body)
  }

  /// Runs `body` with a decoder for the value at word `index` of `tape`, at `pointer`, in a new
  /// decoding context for `session` that lives (with the tape) until `body` returns.
  static func withRoot<Result>(
    session: CodingSession, tape: JSONTape, pointer: JSONPointer, index: Int = 0,
    _ body: (ValueDecoder) throws -> Result
  ) rethrows -> Result {
    let context = DecodingContexts.lend(to: session)
    defer { DecodingContexts.giveBack(context) }
    let (number, location) = context.with { ($0.hold(tape), $0.base(pointer)) }
    return try body(ValueDecoder(context: context, tape: number, index: index, location: location))
  }

  /// Traps unless the call that gave the decoder out is still running.
  @inlinable @inline(__always)
  func checkLive() {
    contextRef.with { $0.checkLive(location.node, location.serial, "ValueDecoder") }
  }

  /// The tape, once the decoder is checked to be live.
  @inlinable
  var tape: JSONTapeView {
    contextRef.with {
      $0.checkLive(location.node, location.serial, "ValueDecoder")
      return $0.view(tapeNumber)
    }
  }

  /// The decoding context, once the decoder is checked to be live.
  var context: DecodingContext {
    checkLive()
    return contextRef.object
  }

  var session: CodingSession { context.session }

  /// A decoder of the value at `index` on the same tape, at `location`.
  func decoder(at index: Int, location: DecodingLocation) -> ValueDecoder {
    checkLive()
    return ValueDecoder(context: contextRef, tape: tapeNumber, index: index, location: location)
  }

  /// A decoder of `json` in place of this value: same context, same location.
  func replaced(by json: JSONValue) -> ValueDecoder {
    ValueDecoder(
      context: contextRef, tape: context.hold(JSONTape(json)), index: 0, location: location)
  }

  /// The JSON value being read, made on demand (the decoder's methods read it more cheaply).
  public var json: JSONValue { tape.value(at: index) }

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
    let tape = self.tape
    guard tape.tag(at: index) == .object else { throw typeMismatch(expected: "an object") }
    return try KeyedDecoder(
      context: contextRef, tape: tapeNumber, view: tape, object: index, hiding: -1, at: location)
  }

  /// Whether the value is `null`.
  @inlinable
  var isNull: Bool { tape.tag(at: index) == .null }

  /// An error for a value of the wrong JSON type.
  ///
  /// - Parameter expected: What was expected, such as "a number".
  public func typeMismatch(expected: String) -> PersistenceError {
    PersistenceError(.wrongType(expected: expected, found: tape.typeName(at: index)), at: pointer)
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
    let tape = self.tape
    switch tape.tag(at: index) {
    case .emptyString: return ""
    case .string, .text: return tape.string(at: index)
    default: throw typeMismatch(expected: "a string")
    }
  }

  /// The value as a finite number.
  ///
  /// - Throws: ``PersistenceError`` when it is not a number.
  @inlinable
  public func double() throws -> Double {
    guard let value = tape.double(at: index) else { throw typeMismatch(expected: "a number") }
    return value
  }

  /// The value as an integer.
  ///
  /// - Throws: ``PersistenceError`` when it is not an integer literal that fits `Int64`.
  @inlinable
  public func int64() throws -> Int64 {
    let tape = self.tape
    switch tape.tag(at: index) {
    case .smallInteger: return tape.signedPayload(at: index)
    case .integer: return Int64(bitPattern: tape.bits(after: index))
    case .smallNumber, .negativeZero:
      throw error(.integerOutOfRange("integer", range: "between -2^63 and 2^63 − 1"))
    case .number:
      if let value = tape.double(at: index), value.rounded() == value {
        throw error(.integerOutOfRange("integer", range: "between -2^63 and 2^63 − 1"))
      }
      throw typeMismatch(expected: "an integer")
    default: throw typeMismatch(expected: "an integer")
    }
  }

  /// The value as a Boolean.
  ///
  /// - Throws: ``PersistenceError`` when it is not `true` or `false`.
  @inlinable
  public func bool() throws -> Bool {
    switch tape.tag(at: index) {
    case .true: return true
    case .false: return false
    default: throw typeMismatch(expected: "true or false")
    }
  }

  /// The value as a collection of element decoders, made as they are read.
  ///
  /// - Throws: ``PersistenceError`` when it is not an array.
  @inlinable
  public func elements() throws -> Elements {
    let tape = self.tape
    guard tape.tag(at: index) == .array else { throw typeMismatch(expected: "an array") }
    return Elements(
      context: contextRef, tape: tapeNumber, array: index,
      count: tape.memberCount(ofContainerAt: index),
      node: contextRef.with { $0.enterArray(location) })
  }

  /// Reads one of a fixed set of strings, refusing any other with the allowed list.
  ///
  /// The long form, for a field name of its own: a codec reads a member with
  /// `payload.decode(Face.self, for: .face)`, which uses the key as the field name.
  /// - Parameters:
  ///   - type: The enum to read.
  ///   - field: The field's name for messages, such as "anchor".
  /// - Throws: ``PersistenceError`` with ``PersistenceError/Reason/unknownEnumValue(_:field:allowed:)``.
  @inlinable
  public func enumeration<E: RawRepresentable & CaseIterable>(_ type: E.Type, field: String)
    throws -> E where E.RawValue == String
  {
    if let known = knownCase(E.self) { return known }
    let text = try string()
    guard let value = E(rawValue: text) else {
      throw error(.unknownEnumValue(text, field: field, allowed: E.allCases.map(\.rawValue)))
    }
    return value
  }

  /// The case of `E` whose raw value is the string here, matched in the document's bytes
  /// without making a `String`; `nil` when the value is no string or matches no case (the
  /// caller then reads it as text, for its error).
  @inlinable
  func knownCase<E: RawRepresentable & CaseIterable>(_ type: E.Type) -> E?
  where E.RawValue == String {
    let tape = self.tape
    for candidate in E.allCases where tape.string(at: index, is: candidate.rawValue) {
      return candidate
    }
    return nil
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
