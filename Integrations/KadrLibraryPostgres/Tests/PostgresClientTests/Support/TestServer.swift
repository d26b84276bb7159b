import Foundation
import PostgresClient
import Testing

/// The PostgreSQL server the tests run against: the libpq connection string in the environment
/// variable `KADR_POSTGRES`.
///
/// Without it the suites are skipped, with a sentence saying how to start a server, unless the
/// run requires PostgreSQL (`CI` or `KADR_REQUIRE_POSTGRES=1` is set, as `Scripts/test` does):
/// then they run and fail, each with the same sentence.
enum TestServer {
  /// Why no server is at hand.
  struct Missing: Error, CustomStringConvertible {
    let description: String
  }

  /// How to get a server, for the skip notice and the failure alike.
  static let howToStart = """
    KADR_POSTGRES is not set, so there is no PostgreSQL server to test against. Run \
    Integrations/KadrLibraryPostgres/Scripts/test (it starts a throwaway server and runs these \
    tests), or start one with 'Scripts/postgres-server start DIR' and set KADR_POSTGRES to the \
    connection string it prints.
    """

  /// The server's connection string, `nil` when the variable is not set (an empty value is a
  /// connection string too: everything from PGHOST, PGUSER, …).
  static let connectionString = ProcessInfo.processInfo.environment["KADR_POSTGRES"]

  /// Whether this run must test against PostgreSQL: `CI` or `KADR_REQUIRE_POSTGRES=1` is set.
  static var isRequired: Bool {
    let environment = ProcessInfo.processInfo.environment
    return !(environment["CI"] ?? "").isEmpty || environment["KADR_REQUIRE_POSTGRES"] == "1"
  }

  /// Whether the suites run: a server is named, or the run requires one (and then fails).
  /// When they are skipped, one sentence (once) says why and how to run them.
  static let testsRun: Bool = {
    if connectionString != nil || isRequired { return true }
    FileHandle.standardError.write(
      Data(
        ("PostgresClient tests: SKIPPING every test. \(howToStart) Set KADR_REQUIRE_POSTGRES=1 "
          + "to make a missing server a failure.\n").utf8))
    return false
  }()

  /// A new connection to the server as its configured role.
  ///
  /// - Throws: ``Missing`` when no server is named, or the connection's error.
  static func connect() throws -> PostgresConnection {
    try PostgresConnection(connectionString: try requiredConnectionString())
  }

  /// A new connection to the server as another role (which must be able to log in).
  ///
  /// - Parameter role: The role's name: letters, digits and underscores.
  /// - Throws: ``Missing`` when no server is named, or the connection's error.
  static func connect(as role: String) throws -> PostgresConnection {
    let base = try requiredConnectionString()
    let isURI = base.hasPrefix("postgresql://") || base.hasPrefix("postgres://")
    let combined =
      isURI
      ? base + (base.contains("?") ? "&" : "?") + "user=" + role
      : base + " user=" + role
    return try PostgresConnection(connectionString: combined)
  }

  /// A name no other test (or earlier run) uses, for tables, roles and channels.
  ///
  /// - Parameter prefix: What the name is for (`kadr_unique`).
  /// - Returns: The prefix and twelve random hexadecimal digits.
  static func uniqueName(_ prefix: String) -> String {
    let random = UUID().uuidString.lowercased().filter { $0 != "-" }.prefix(12)
    return "\(prefix)_\(random)"
  }

  private static func requiredConnectionString() throws -> String {
    guard let connectionString else { throw Missing(description: howToStart) }
    return connectionString
  }
}

/// Expects `body` to throw a ``PostgresError`` of a kind, and returns it for more checks.
///
/// - Parameters:
///   - kind: The kind the error must have.
///   - sourceLocation: Where a failure is reported (the caller).
///   - body: What must fail.
/// - Returns: The error, or `nil` when there was none of that type.
@discardableResult
func expectPostgresError(
  _ kind: PostgresError.Kind, sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () throws -> Void
) -> PostgresError? {
  let error = #expect(throws: PostgresError.self, sourceLocation: sourceLocation) {
    try body()
  }
  if let error {
    #expect(
      error.kind == kind, "kind \(error.kind), expected \(kind): \(error)",
      sourceLocation: sourceLocation)
  }
  return error
}
