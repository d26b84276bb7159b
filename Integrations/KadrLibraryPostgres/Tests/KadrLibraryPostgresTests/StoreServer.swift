import Foundation
import KadrLibraryPostgres
import KadrProjectLibraryTesting
import PostgresClient
import PostgresTestServer
import Testing

/// The PostgreSQL server of the store's tests (``PostgresTestServer``: `KADR_POSTGRES`, skipped
/// without it unless the run requires it), and the stores, schemas and executables they use.
enum StoreServer {
  /// Whether the suites run.
  static var testsRun: Bool { PostgresTestServer.testsRun }

  /// The connection string, or the failure that says how to get one.
  static func required() throws -> String { try PostgresTestServer.required() }

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

  /// A schema name no other test uses.
  static func freshSchema() -> String { PostgresTestServer.uniqueName("kadr_test") }

  /// A store of `ContractMetadata` projects in a schema of its own (`schema`, or a new one).
  static func store(schema: String = freshSchema()) throws
    -> PostgresProjectStore<ContractMetadata>
  {
    try PostgresProjectStore<ContractMetadata>(
      connectionString: try required(), schema: schema, autosaveDelay: .milliseconds(50))
  }
}
