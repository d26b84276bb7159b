import Foundation
import KadrLibraryPostgres
import KadrProjectLibraryTesting
import PostgresClient
import Testing

/// The PostgreSQL server of the store's tests: `KADR_POSTGRES`, as for the client's tests.
/// Without it the suites are skipped with a sentence saying how to run them, unless `CI` or
/// `KADR_REQUIRE_POSTGRES=1` is set: then they fail.
enum StoreServer {
  static let connectionString = ProcessInfo.processInfo.environment["KADR_POSTGRES"]

  static var isRequired: Bool {
    let environment = ProcessInfo.processInfo.environment
    return !(environment["CI"] ?? "").isEmpty || environment["KADR_REQUIRE_POSTGRES"] == "1"
  }

  /// Whether the suites run.
  static let testsRun: Bool = {
    if connectionString != nil || isRequired { return true }
    FileHandle.standardError.write(
      Data(
        ("KadrLibraryPostgres tests: SKIPPING every test: KADR_POSTGRES is not set. Run "
          + "Integrations/KadrLibraryPostgres/Scripts/test, which starts a throwaway server.\n")
          .utf8))
    return false
  }()

  struct Missing: Error, CustomStringConvertible {
    var description: String {
      "KADR_POSTGRES is not set: run Integrations/KadrLibraryPostgres/Scripts/test"
    }
  }

  /// The probe client is not built.
  struct NotBuilt: Error, CustomStringConvertible {
    var description: String { "PostgresStoreProbe is not built: run swift build --build-tests" }
  }

  /// The server script failed.
  struct ScriptFailed: Error, CustomStringConvertible {
    let command: String
    let status: Int32
    var description: String { "postgres-server \(command) exited \(status)" }
  }

  /// The connection string, or the failure that says how to get one.
  static func required() throws -> String {
    guard let connectionString else { throw Missing() }
    return connectionString
  }

  /// A schema name no other test uses.
  static func freshSchema() -> String {
    "kadr_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
  }

  /// A store of `ContractMetadata` projects in a schema of its own (`schema`, or a new one).
  static func store(schema: String = freshSchema()) throws
    -> PostgresProjectStore<ContractMetadata>
  {
    try PostgresProjectStore<ContractMetadata>(
      connectionString: try required(), schema: schema, autosaveDelay: .milliseconds(50))
  }
}
