import Foundation
import KadrPersistence

/// The strict JSON reader and canonical writer through the public API only, so these sources
/// also build into the fuzz harness, which sees no `package` declarations.
enum PublicJSON {
  /// Parses strict JSON, with no depth or size limit a test would meet.
  static func read(_ bytes: [UInt8]) throws -> JSONValue {
    var options = CodingOptions()
    options.limits.maximumDepth = .max
    return try KadrCoder(options: options).readJSON(Data(bytes)).json
  }

  /// The canonical bytes of `json`.
  static func write(_ json: JSONValue) throws -> [UInt8] {
    Array(try KadrDocument(json: json).data())
  }
}
