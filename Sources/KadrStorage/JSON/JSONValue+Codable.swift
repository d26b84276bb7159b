import Foundation

/// A JSON value encodes as itself through any `Encoder`, and decodes from whatever JSON a
/// `Decoder` holds, so a document can sit inside an app's own `Codable` types.
///
/// Numbers decode as integers when they are integral and fit 64 bits, else as doubles; the
/// canonical writer then gives the bytes the document had.
extension JSONValue: Codable {
  /// A key of an object member.
  private struct MemberKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// Writes the value through `encoder`.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: The encoder's error (a non-finite number, for one).
  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .null:
      var container = encoder.singleValueContainer()
      try container.encodeNil()
    case .bool(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .integer(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .number(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .string(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .array(let elements):
      var container = encoder.unkeyedContainer()
      for element in elements { try container.encode(element) }
    case .object(let object):
      var container = encoder.container(keyedBy: MemberKey.self)
      for (key, value) in object {
        try container.encode(value, forKey: MemberKey(stringValue: key))
      }
    }
  }

  /// Reads a value from `decoder`.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` when the decoder holds something that is not JSON.
  public init(from decoder: any Decoder) throws {
    if let container = try? decoder.singleValueContainer() {
      if container.decodeNil() {
        self = .null
        return
      }
      if let value = try? container.decode(Bool.self) {
        self = .bool(value)
        return
      }
      if let value = try? container.decode(Int64.self) {
        self = .integer(value)
        return
      }
      if let value = try? container.decode(Double.self) {
        self = .number(value)
        return
      }
      if let value = try? container.decode(String.self) {
        self = .string(value)
        return
      }
    }
    if var container = try? decoder.unkeyedContainer() {
      var elements: [JSONValue] = []
      while !container.isAtEnd { elements.append(try container.decode(JSONValue.self)) }
      self = .array(elements)
      return
    }
    let container = try decoder.container(keyedBy: MemberKey.self)
    var object = JSONObject(minimumCapacity: container.allKeys.count)
    for key in container.allKeys {
      object[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
    }
    self = .object(object)
  }
}
