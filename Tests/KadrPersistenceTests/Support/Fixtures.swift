import Foundation

/// The committed fixtures, found next to this file.
enum Fixtures {
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

  /// The bytes of a fixture.
  static func data(_ name: String) throws -> Data {
    try Data(contentsOf: directory.appendingPathComponent(name))
  }

  /// `schema-1-broad.json`: a document written by the original package.
  static func broad() throws -> Data { try data("schema-1-broad.json") }
}
