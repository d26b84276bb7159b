import Foundation

/// The raw values of one `String`-backed enumeration as bytes, so that a plain string in a
/// document (one with no escapes) is matched to its case without a `String` being made.
///
/// Made once per process for each enumeration read (``DecodingContext/rawValueCases(of:_:)``).
// Figure: making the `String` and matching it by a string switch (`init(rawValue:)`) cost about
// 600 instructions a value; 1,600 of them in an open of 1,000 clips.
@usableFromInline
final class RawValueCases: @unchecked Sendable {
  // Unchecked: immutable after `init`.
  /// The enumeration's type.
  let type: ObjectIdentifier
  /// Whether a case is made from its position in `allCases`: true for an enumeration of one
  /// byte whose cases' tags are their positions (any enum without payloads and at most 256
  /// cases); otherwise values are read through `init(rawValue:)`.
  let byTag: Bool
  /// Every raw value's UTF-8 bytes, one after another.
  private let bytes: [UInt8]
  /// Where each raw value starts in ``bytes``, and (last) where they end.
  private let starts: [Int]

  @usableFromInline
  init<E: RawRepresentable & CaseIterable>(_ type: E.Type) where E.RawValue == String {
    self.type = ObjectIdentifier(type)
    var bytes: [UInt8] = []
    var starts: [Int] = []
    var byTag = MemoryLayout<E>.size == 1
    for (position, value) in E.allCases.enumerated() {
      starts.append(bytes.count)
      bytes.append(contentsOf: value.rawValue.utf8)
      if byTag, withUnsafeBytes(of: value, { Int($0[0]) }) != position { byTag = false }
    }
    starts.append(bytes.count)
    self.byTag = byTag
    self.bytes = bytes
    self.starts = starts
  }

  /// The position of the case whose raw value is exactly `text`'s bytes, or `nil` (then
  /// `init(rawValue:)` decides: it compares strings by canonical equivalence, not bytes).
  func position(of text: UnsafeRawBufferPointer) -> Int? {
    guard let target = text.baseAddress, !text.isEmpty else { return nil }
    return bytes.withUnsafeBufferPointer { all -> Int? in
      guard let base = all.baseAddress else { return nil }
      for index in 0..<(starts.count - 1) where starts[index + 1] - starts[index] == text.count {
        if memcmp(base + starts[index], target, text.count) == 0 { return index }
      }
      return nil
    }
  }
}

extension DecodingContext {
  /// The raw values of the enumeration `type`: found among those this open read before, by
  /// the type alone; else made by `make` once for the process.
  // Figure: made again for each open, the 8 enumerations of an open of 1,000 clips cost 0.19 M
  // instructions; found through the tables themselves rather than their types, 150 a value.
  func rawValueCases(of type: ObjectIdentifier, _ make: () -> RawValueCases) -> RawValueCases {
    for index in caseTypes.indices where caseTypes[index] == type {
      return caseTables[index]
    }
    let cases = RawValueCases.shared(type, make)
    caseTypes.append(type)
    caseTables.append(cases)
    return cases
  }
}

extension RawValueCases {
  /// The tables made so far, by enumeration.
  private static let made = Locked<[ObjectIdentifier: RawValueCases]>([:])

  /// The table of `type`, made by `make` the first time the process asks for it.
  static func shared(_ type: ObjectIdentifier, _ make: () -> RawValueCases) -> RawValueCases {
    if let cases = made.withLock({ $0[type] }) { return cases }
    let cases = make()
    return made.withLock { tables in
      if let existing = tables[type] { return existing }
      tables[type] = cases
      return cases
    }
  }
}

extension ValueDecoder {
  /// This value's case of `E` when it is a plain string whose bytes are a case's raw value;
  /// `nil` otherwise (the caller then reads it as a `String`).
  ///
  /// Inlinable, so that the case is made from its position as one byte where `E` is known.
  // Figure: unspecialised, about 520 instructions a value; 1.16 M an open of 1,000 clips.
  @inlinable
  func plainCase<E: RawRepresentable & CaseIterable>(of type: E.Type) -> E?
  where E.RawValue == String {
    guard MemoryLayout<E>.size == 1,
      let position = plainCasePosition(ObjectIdentifier(E.self), { RawValueCases(E.self) })
    else { return nil }
    // A one-byte enumeration whose tags are its cases' positions (checked by `byTag`).
    return withUnsafeBytes(of: UInt8(truncatingIfNeeded: position)) { $0.load(as: E.self) }
  }

  /// The position among its type's cases of this value's case, when it is a plain string whose
  /// bytes are a case's raw value and the cases are made from their positions.
  @usableFromInline
  func plainCasePosition(_ type: ObjectIdentifier, _ make: () -> RawValueCases) -> Int? {
    guard tape.tag(at: index) == .string else { return nil }
    let cases = context.rawValueCases(of: type, make)
    guard cases.byTag else { return nil }
    return tape.tape.withStringBytes(at: index) { cases.position(of: $0) }
  }
}
