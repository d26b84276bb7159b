/// An enumeration without payloads told apart by its in-memory tag, the position of its case
/// among `allCases`: how a payload shape finds a key's position with no `String` made.
@usableFromInline
package enum PlainEnum {
  /// The number of cases of `E` when each case's tag is its position among `allCases` (every enum
  /// without payloads and at most 256 cases); else `nil`, and values are told apart by raw value.
  ///
  /// - Parameter type: The enumeration.
  package static func caseCount<E: CaseIterable>(of type: E.Type) -> Int? {
    let cases = Array(E.allCases)
    switch MemoryLayout<E>.size {
    case 0:
      return cases.count == 1 ? 1 : nil
    case 1:
      for (position, value) in cases.enumerated() where tag(of: value) != position { return nil }
      return cases.count
    default:
      return nil
    }
  }

  /// The in-memory tag of `value`: its case's position among `allCases` when
  /// ``caseCount(of:)`` gives a count for its type.
  ///
  /// - Parameter value: A value of an enumeration.
  @inlinable @inline(__always)
  package static func tag<E>(of value: E) -> Int {
    MemoryLayout<E>.size == 0 ? 0 : withUnsafeBytes(of: value) { Int($0[0]) }
  }
}
