// Literals, so trees read as JSON in code and tests: `["clips": [1, 2.5, "a", nil, true]]`.
extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
  ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  /// Creates ``null`` from `nil`.
  public init(nilLiteral: ()) { self = .null }

  /// Creates ``bool(_:)`` from `true` or `false`.
  ///
  /// - Parameter value: The literal.
  public init(booleanLiteral value: Bool) { self = .bool(value) }

  /// Creates ``integer(_:)`` from an integer literal.
  ///
  /// - Parameter value: The literal.
  public init(integerLiteral value: Int64) { self = .integer(value) }

  /// Creates ``number(_:)`` from a floating-point literal.
  ///
  /// - Parameter value: The literal.
  public init(floatLiteral value: Double) { self = .number(value) }

  /// Creates ``string(_:)`` from a string literal.
  ///
  /// - Parameter value: The literal.
  public init(stringLiteral value: String) { self = .string(value) }

  /// Creates ``array(_:)`` from an array literal.
  ///
  /// - Parameter elements: The elements.
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }

  /// Creates ``object(_:)`` from a dictionary literal; a repeated key keeps its last value.
  ///
  /// - Parameter elements: The members, in order.
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    var object = JSONObject(minimumCapacity: elements.count)
    for (key, value) in elements { object[key] = value }
    self = .object(object)
  }
}
