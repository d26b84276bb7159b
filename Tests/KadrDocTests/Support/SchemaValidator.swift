import Foundation

/// A structural JSON Schema check, enough for the tool's committed schemas: `type`,
/// `required`, `properties`, `additionalProperties: false`, `items`, `enum`, `const`,
/// `minimum` and local `$ref`s to `#/$defs/…`. Returns one line per violation, with its JSON
/// pointer; a keyword it does not know is a violation too, so a schema cannot silently use one.
struct SchemaValidator {
  let root: [String: Any]

  init(schema data: Data) throws {
    guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      throw CocoaError(.propertyListReadCorrupt)
    }
    self.root = root
  }

  func violations(of data: Data) throws -> [String] {
    let value = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    var found: [String] = []
    check(value, against: root, at: "", into: &found)
    return found
  }

  private func resolve(_ schema: [String: Any]) -> [String: Any] {
    guard let reference = schema["$ref"] as? String, reference.hasPrefix("#/$defs/"),
      let definitions = root["$defs"] as? [String: Any],
      let target = definitions[String(reference.dropFirst("#/$defs/".count))] as? [String: Any]
    else { return schema }
    return target
  }

  private func typeName(_ value: Any) -> String {
    switch value {
    case is NSNull: return "null"
    case let number as NSNumber:
      if String(cString: number.objCType) == "c" { return "boolean" }
      return number.doubleValue.rounded() == number.doubleValue ? "integer" : "number"
    case is String: return "string"
    case is [Any]: return "array"
    case is [String: Any]: return "object"
    default: return "unknown"
    }
  }

  /// The schema committed as `Sources/kadr-doc/Schemas/NAME`.
  static func committed(_ name: String) throws -> SchemaValidator {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources/kadr-doc/Schemas/\(name)")
    return try SchemaValidator(schema: Data(contentsOf: url))
  }

  /// The violations of an already parsed value.
  func violations(ofValue value: Any) -> [String] {
    var found: [String] = []
    check(value, against: root, at: "", into: &found)
    return found
  }

  private static let understood: Set<String> = [
    "$schema", "$id", "$ref", "$defs", "title", "description", "type", "required", "properties",
    "additionalProperties", "items", "enum", "const", "minimum",
  ]

  private func check(
    _ value: Any, against schema: [String: Any], at pointer: String, into found: inout [String]
  ) {
    let schema = resolve(schema)
    for keyword in schema.keys where !Self.understood.contains(keyword) {
      found.append("\(pointer): the schema uses '\(keyword)', which this check does not know")
    }
    if let minimum = schema["minimum"] as? NSNumber, let number = value as? NSNumber,
      number.doubleValue < minimum.doubleValue
    {
      found.append("\(pointer): \(number) is less than \(minimum)")
    }
    if let type = schema["type"] as? String {
      let actual = typeName(value)
      guard actual == type || (type == "number" && actual == "integer") else {
        found.append("\(pointer): \(actual), expected \(type)")
        return
      }
    }
    if let options = schema["enum"] as? [String], let text = value as? String,
      !options.contains(text)
    {
      found.append("\(pointer): '\(text)' not in \(options)")
    }
    if let constant = schema["const"] as? NSNumber, let number = value as? NSNumber,
      constant != number
    {
      found.append("\(pointer): \(number), expected \(constant)")
    }
    if let object = value as? [String: Any] {
      let properties = schema["properties"] as? [String: Any] ?? [:]
      for key in schema["required"] as? [String] ?? [] where object[key] == nil {
        found.append("\(pointer): missing required '\(key)'")
      }
      for (key, member) in object {
        if let property = properties[key] as? [String: Any] {
          check(member, against: property, at: pointer + "/" + key, into: &found)
        } else if schema["additionalProperties"] as? Bool == false {
          found.append("\(pointer): '\(key)' is not in the schema")
        }
      }
    }
    if let array = value as? [Any], let items = schema["items"] as? [String: Any] {
      for (index, element) in array.enumerated() {
        check(element, against: items, at: "\(pointer)/\(index)", into: &found)
      }
    }
  }
}
