import Foundation
import PostgresClient

/// The PostgreSQL server the package's tests run against: the libpq connection string in the
/// environment variable `KADR_POSTGRES`, shared by the client's tests and the store's.
///
/// Without it the suites are skipped, with a sentence saying how to start a server, unless the
/// run requires PostgreSQL (`CI` or `KADR_REQUIRE_POSTGRES=1` is set, as `Scripts/test` does):
/// then they run and fail, each with the same sentence.
public enum PostgresTestServer {
  /// Why no server is at hand.
  public struct Missing: Error, CustomStringConvertible {
    public let description: String
  }

  /// How to get a server, for the skip notice and the failure alike.
  public static let howToStart = """
    KADR_POSTGRES is not set, so there is no PostgreSQL server to test against. Run \
    Integrations/KadrLibraryPostgres/Scripts/test (it starts a throwaway server and runs these \
    tests), or start one with 'Scripts/postgres-server start DIR' and set KADR_POSTGRES to the \
    connection string it prints.
    """

  /// The server's connection string, `nil` when the variable is not set (an empty value is a
  /// connection string too: everything from PGHOST, PGUSER, …).
  public static let connectionString = ProcessInfo.processInfo.environment["KADR_POSTGRES"]

  /// Whether this run must test against PostgreSQL: `CI` or `KADR_REQUIRE_POSTGRES=1` is set.
  public static var isRequired: Bool {
    let environment = ProcessInfo.processInfo.environment
    return !(environment["CI"] ?? "").isEmpty || environment["KADR_REQUIRE_POSTGRES"] == "1"
  }

  /// Whether the suites run: a server is named, or the run requires one (and then fails).
  /// When they are skipped, one sentence (once per test process) says why and how to run them.
  public static let testsRun: Bool = {
    if connectionString != nil || isRequired { return true }
    FileHandle.standardError.write(
      Data(
        ("KadrLibraryPostgres tests: SKIPPING every test that needs a server. \(howToStart) "
          + "Set KADR_REQUIRE_POSTGRES=1 to make a missing server a failure.\n").utf8))
    return false
  }()

  /// The connection string, or the failure that says how to get one.
  ///
  /// - Throws: ``Missing`` when no server is named.
  public static func required() throws -> String {
    guard let connectionString else { throw Missing(description: howToStart) }
    return connectionString
  }

  /// A new connection to the server as its configured role.
  ///
  /// - Throws: ``Missing`` when no server is named, or the connection's error.
  public static func connect() throws -> PostgresConnection {
    try PostgresConnection(connectionString: try required())
  }

  /// A new connection to the server as another role (which must be able to log in).
  ///
  /// - Parameter role: The role's name: letters, digits and underscores.
  /// - Throws: ``Missing`` when no server is named, or the connection's error.
  public static func connect(as role: String) throws -> PostgresConnection {
    try PostgresConnection(connectionString: connectionString(as: role))
  }

  /// The server's connection string with another role.
  ///
  /// - Parameter role: The role's name: letters, digits and underscores.
  /// - Throws: ``Missing`` when no server is named.
  public static func connectionString(as role: String) throws -> String {
    let base = try required()
    let isURI = base.hasPrefix("postgresql://") || base.hasPrefix("postgres://")
    return isURI
      ? base + (base.contains("?") ? "&" : "?") + "user=" + role
      : base + " user=" + role
  }

  /// A name no other test (or earlier run) uses, for tables, schemas, roles and channels.
  ///
  /// - Parameter prefix: What the name is for (`kadr_unique`).
  /// - Returns: The prefix and twelve random hexadecimal digits.
  public static func uniqueName(_ prefix: String) -> String {
    let random = UUID().uuidString.lowercased().filter { $0 != "-" }.prefix(12)
    return "\(prefix)_\(random)"
  }
}
