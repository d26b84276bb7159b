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

  /// An executable the tests run is not built.
  struct NotBuilt: Error, CustomStringConvertible {
    var name = "PostgresStoreProbe"
    var description: String {
      "\(name) is not built: run Scripts/test, or swift build --build-tests and "
        + "swift build --product kadr-doc in this package"
    }
  }

  /// The built executable `name` of this package (a probe, a tool), beside the tests.
  static func executable(_ name: String) -> URL? {
    var directories = Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
    directories.append(Bundle.main.bundleURL.deletingLastPathComponent())
    let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    directories.append(package.appendingPathComponent(".build/debug"))
    return directories.map { $0.appendingPathComponent(name) }.first {
      FileManager.default.isExecutableFile(atPath: $0.path)
    }
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
