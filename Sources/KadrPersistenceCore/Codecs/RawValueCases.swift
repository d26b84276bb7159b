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
  /// The number of cases when a case is made from its position in `allCases` (an enumeration
  /// of one byte whose cases' tags are their positions: any enum without payloads and at most
  /// 256 cases; see `PlainEnum`); `nil`, and values are read through `init(rawValue:)`.
  let caseCount: Int?
  /// Every raw value, as bytes.
  let rawValues: PackedStrings

  @usableFromInline
  init<E: RawRepresentable & CaseIterable>(_ type: E.Type) where E.RawValue == String {
    self.type = ObjectIdentifier(type)
    caseCount = MemoryLayout<E>.size == 1 ? PlainEnum.caseCount(of: E.self) : nil
    rawValues = PackedStrings(E.allCases.map(\.rawValue))
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
      let (position, caseCount) = plainCasePosition(
        ObjectIdentifier(E.self), { RawValueCases(E.self) })
    else { return nil }
    return PlainEnum.value(at: position, caseCount: caseCount, as: E.self)
  }

  /// The position among its type's cases of this value's case, and the number of cases, when
  /// it is a plain string whose bytes are a case's raw value and the cases are made from their
  /// positions.
  @usableFromInline
  func plainCasePosition(_ type: ObjectIdentifier, _ make: () -> RawValueCases)
    -> (position: Int, caseCount: Int)?
  {
    let tape = self.tape
    guard tape.tag(at: index) == .string else { return nil }
    let cases = context.rawValueCases(of: type, make)
    guard let caseCount = cases.caseCount,
      let position = cases.rawValues.position(ofStringAt: index, on: tape)
    else { return nil }
    return (position, caseCount)
  }
}
