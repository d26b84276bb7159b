// Building errors: only on the failure path, so the pointer and line:column are computed here,
// from the stack of open containers and the bytes read so far.
extension JSONParser {
  /// An error of `kind` at byte `offset`.
  ///
  /// - Parameters:
  ///   - kind: What is wrong.
  ///   - offset: The byte the problem is at.
  ///   - includingChild: Whether the problem is in the value the innermost container is reading
  ///     (its pending key or next index) rather than in the container's own syntax.
  func failure(_ kind: JSONReadError.Kind, at offset: Int, includingChild: Bool)
    -> JSONReadError
  {
    let (line, column) = JSONReadError.location(of: offset, in: bytes)
    return JSONReadError(
      kind: kind, pointer: pointer(includingChild: includingChild), offset: offset, line: line,
      column: column)
  }

  /// The pointer to the innermost open container, or to the child it is reading (known from the
  /// frames: each counts its members read; an object's pending key follows its keys so far).
  func pointer(includingChild: Bool) -> JSONPointer {
    var pointer = JSONPointer.root
    let count = includingChild ? frames.count : frames.count - 1
    for index in 0..<max(0, count) {
      let frame = frames[index]
      let completed = frame.children
      if frame.isObject {
        let keyIndex = frame.keyStart + completed
        pointer = pointer.appending(key: keyIndex < keyIDs.count ? keyString(at: keyIndex) : "")
      } else {
        pointer = pointer.appending(index: completed)
      }
    }
    return pointer
  }

  /// The error for the byte at `position`, which cannot start what was expected.
  ///
  /// Some mistakes get a more precise kind: `NaN` and `Infinity` are non-finite numbers, a number
  /// starting with `+` or `.` invalid, and a byte that starts no UTF-8 sequence invalid UTF-8.
  func unexpected(expecting expected: JSONReadError.Expectation, includingChild: Bool)
    -> JSONReadError
  {
    guard position < end else {
      return failure(.unexpectedEnd, at: end, includingChild: includingChild)
    }
    let byte = bytes[position]
    if expected == .value {
      if byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") {
        return failure(.invalidNumber, at: position, includingChild: includingChild)
      }
      if hasPrefix("NaN", at: position) || hasPrefix("Infinity", at: position) {
        return failure(.nonFiniteNumber, at: position, includingChild: includingChild)
      }
    }
    guard let scalar = scalar(at: position) else {
      return failure(.invalidUTF8, at: position, includingChild: includingChild)
    }
    return failure(
      .unexpectedCharacter(found: scalar, expected: expected), at: position,
      includingChild: includingChild)
  }

  /// Whether the bytes at `offset` start with `literal`.
  func hasPrefix(_ literal: StaticString, at offset: Int) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard offset >= 0, offset + count <= end else { return false }
    for index in 0..<count where bytes[offset + index] != literal.utf8Start[index] {
      return false
    }
    return true
  }

  /// The Unicode scalar whose UTF-8 sequence starts at `offset`, or `nil` if it is not valid.
  func scalar(at offset: Int) -> Unicode.Scalar? {
    guard offset < end else { return nil }
    let lead = bytes[offset]
    if lead < 0x80 { return Unicode.Scalar(lead) }
    guard let next = validSequenceEnd(at: offset) else { return nil }
    var decoder = UTF8()
    var iterator = UnsafeBufferPointer(rebasing: bytes[offset..<next]).makeIterator()
    if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
    return nil
  }
}
