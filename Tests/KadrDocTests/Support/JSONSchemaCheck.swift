import Foundation

/// Checks JSON values against the part of JSON Schema (2020-12) the tool's committed schemas
/// use: `type`, `required`, `properties`, `additionalProperties: false`, `items`, `enum` and
/// `minimum`. Any other keyword in a schema is reported, so a schema cannot silently use one
/// this check ignores.
struct JSONSchemaCheck {
  let schema: [String: Any]

  /// Loads a schema committed under `Sources/kadr-doc/Schemas/`.
  static func committed(_ name: String) throws -> JSONSchemaCheck {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources/kadr-doc/Schemas/\(name)")
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
    guard let schema = object as? [String: Any] else {
      throw CocoaError(.coderReadCorrupt)
    }
    return JSONSchemaCheck(schema: schema)
  }

  /// Every way `value` breaks the schema, as `pointer: problem`; empty when it conforms.
  func problems(of value: Any) -> [String] {
    var problems: [String] = []
    check(value, against: schema, at: "", into: &problems)
    return problems
  }

  private static let understood: Set<String> = [
    "$schema", "$id", "title", "description", "type", "required", "properties",
    "additionalProperties", "items", "enum", "minimum",
  ]

  private func check(
    _ value: Any, against schema: [String: Any], at pointer: String, into problems: inout [String]
  ) {
    for keyword in schema.keys where !Self.understood.contains(keyword) {
      problems.append("\(pointer): the schema uses '\(keyword)', which this check does not know")
    }
    if let type = schema["type"] as? String, !Self.value(value, is: type) {
      problems.append("\(pointer): expected \(type), found \(Swift.type(of: value))")
      return
    }
    if let options = schema["enum"] as? [String] {
      if !options.contains(where: { $0 == value as? String }) {
        problems.append("\(pointer): \(value) is not one of \(options)")
      }
    }
    if let minimum = schema["minimum"] as? Int, let number = value as? Int, number < minimum {
      problems.append("\(pointer): \(number) is less than \(minimum)")
    }
    if let object = value as? [String: Any] {
      for key in schema["required"] as? [String] ?? [] where object[key] == nil {
        problems.append("\(pointer): missing required '\(key)'")
      }
      let properties = schema["properties"] as? [String: [String: Any]] ?? [:]
      for (key, member) in object {
        if let memberSchema = properties[key] {
          check(member, against: memberSchema, at: pointer + "/" + key, into: &problems)
        } else if schema["additionalProperties"] as? Bool == false {
          problems.append("\(pointer): '\(key)' is not in the schema")
        }
      }
    }
    if let array = value as? [Any], let items = schema["items"] as? [String: Any] {
      for (index, element) in array.enumerated() {
        check(element, against: items, at: pointer + "/\(index)", into: &problems)
      }
    }
  }

  private static func value(_ value: Any, is type: String) -> Bool {
    switch type {
    case "object": return value is [String: Any]
    case "array": return value is [Any]
    case "string": return value is String
    // JSONSerialization gives booleans a type of their own, and numbers an NSNumber.
    case "boolean":
      return "\(Swift.type(of: value))".contains("Boolean") || Swift.type(of: value) == Bool.self
    case "integer": return value is Int && !Self.value(value, is: "boolean")
    case "number": return value is Double && !Self.value(value, is: "boolean")
    default: return false
    }
  }
}
