import Foundation
import KadrPersistenceCore

/// SplitMix64: a small, fast, fixed-seed generator, so every run tests the same trees.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}

/// A JSON tree as an `Encodable`, so `JSONEncoder` can write the same tree as `JSONWriter`:
/// integers as `Int64`, numbers as `Double`, objects as `[String: EncodableJSON]`.
struct EncodableJSON: Encodable {
  let value: JSONValue

  func encode(to encoder: any Encoder) throws {
    switch value {
    case .array(let elements):
      var container = encoder.unkeyedContainer()
      for element in elements { try container.encode(EncodableJSON(value: element)) }
    case .object(let object):
      var members: [String: EncodableJSON] = [:]
      for (key, member) in object { members[key] = EncodableJSON(value: member) }
      var container = encoder.singleValueContainer()
      try container.encode(members)
    default:
      var container = encoder.singleValueContainer()
      switch value {
      case .null: try container.encodeNil()
      case .bool(let flag): try container.encode(flag)
      case .integer(let integer): try container.encode(integer)
      case .number(let number): try container.encode(number)
      case .string(let string): try container.encode(string)
      case .array, .object: break
      }
    }
  }
}

/// Whether two trees are the same down to the bits of every double (so `-0.0` differs from
/// `0.0`) and the case of every number (`.integer(1)` differs from `.number(1)`); object
/// members may come in any order.
func identical(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
  switch (lhs, rhs) {
  case (.null, .null): return true
  case (.bool(let left), .bool(let right)): return left == right
  case (.integer(let left), .integer(let right)): return left == right
  case (.number(let left), .number(let right)): return left.bitPattern == right.bitPattern
  case (.string(let left), .string(let right)): return Array(left.utf8) == Array(right.utf8)
  case (.array(let left), .array(let right)):
    return left.count == right.count && zip(left, right).allSatisfy { identical($0, $1) }
  case (.object(let left), .object(let right)):
    guard left.count == right.count else { return false }
    for (key, value) in left {
      guard let index = right.keys.firstIndex(where: { Array($0.utf8) == Array(key.utf8) }),
        identical(value, right.values[index])
      else { return false }
    }
    return true
  default: return false
  }
}

/// The tree a reader gives back for what the writer wrote: a double written without `.` or
/// exponent (an integral double below 2^53, like `1`) reads back as an integer, except `-0`.
func expectedAfterRoundTrip(_ value: JSONValue) -> JSONValue {
  switch value {
  case .number(let number):
    if number == 0 { return number.sign == .minus ? value : .integer(0) }
    let text = number.description
    if text.hasSuffix(".0"), !text.contains("e"), let integer = Int64(exactly: number) {
      return .integer(integer)
    }
    return value
  case .array(let elements): return .array(elements.map(expectedAfterRoundTrip))
  case .object(let object):
    var result = JSONObject(minimumCapacity: object.count)
    for (key, member) in object {
      result.appendUnchecked(expectedAfterRoundTrip(member), forKey: key)
    }
    return .object(result)
  default: return value
  }
}

extension Array where Element == UInt8 {
  /// The bytes as text, for failure messages.
  var text: String { String(decoding: self, as: UTF8.self) }
}
