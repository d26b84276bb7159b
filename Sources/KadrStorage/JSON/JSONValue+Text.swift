import Foundation

extension JSONValue {
  /// Reads a value from strict JSON text, with the core's reader and its default limits.
  ///
  /// For a module outside the core that keeps a small piece of JSON as text (an interchange
  /// format's media reference) and needs it as a value; documents are read by the coder.
  ///
  /// - Parameter text: The JSON text.
  /// - Throws: The reader's error (a `LocalizedError`) saying what is wrong and where:
  ///   duplicate keys, a number outside JSON's grammar, trailing text, nesting past 512 levels.
  public init(jsonText text: String) throws {
    self = try JSONReader().read(Data(text.utf8))
  }

  /// The value as compact canonical JSON text, keys sorted by their UTF-8 bytes: the bytes
  /// Foundation's `JSONEncoder` with `.sortedKeys` writes for the same tree.
  ///
  /// - Throws: The writer's error (a `LocalizedError`) for a NaN or an infinity, or for
  ///   nesting past 512 levels.
  public func jsonText() throws -> String {
    String(decoding: try JSONWriter().write(self), as: UTF8.self)
  }

  /// The same value with every object's keys in the order the canonical writer writes them
  /// (by their UTF-8 bytes), as a value read back from its text has them.
  public var sortedKeys: JSONValue {
    switch self {
    case .object(let object):
      var sorted = JSONObject()
      for key in object.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
        sorted[key] = object[key]?.sortedKeys
      }
      return .object(sorted)
    case .array(let elements):
      return .array(elements.map(\.sortedKeys))
    default:
      return self
    }
  }
}
