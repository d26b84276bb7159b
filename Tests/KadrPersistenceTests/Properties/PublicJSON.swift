import Foundation
import KadrPersistence

/// The strict JSON reader and canonical writer through the public API only, so these sources
/// also build into the fuzz harness, which sees no `package` declarations.
enum PublicJSON {
  /// Parses strict JSON within the default limits (512 levels deep, as the writer writes).
  static func read(_ bytes: [UInt8]) throws -> JSONValue {
    try KadrCoder().readJSON(Data(bytes)).json
  }

  /// The canonical bytes of `json`.
  static func write(_ json: JSONValue) throws -> [UInt8] {
    Array(try KadrDocument(json: json).data())
  }
}
