import Foundation
import PostgresClient
import Testing

@Suite(
  "Server errors",
  .enabled(if: TestServer.testsRun, "No PostgreSQL server: set KADR_POSTGRES (see README)"))
struct ErrorTests {
  @Test func syntaxErrorCarriesItsSQLStateAndTheServersMessage() throws {
    let connection = try TestServer.connect()
    let error = try #require(expectPostgresError(.other) { try connection.query("SELEC 1") })
    #expect(error.sqlState == "42601")
    #expect(error.message.contains("syntax error"))
    #expect(error.failureReason?.contains("syntax error") == true)
    #expect(error.failureReason?.contains("42601") == true)
    #expect(error.errorDescription == "The database reported an error.")
    #expect(try connection.query("SELECT 1").count == 1)
  }

  @Test func duplicateKeyIsAUniqueViolationWithTheServersDetail() throws {
    let connection = try TestServer.connect()
    try connection.execute("CREATE TEMP TABLE keyed (id int PRIMARY KEY)")
    try connection.query("INSERT INTO keyed VALUES ($1)", [7])
    let error = expectPostgresError(.uniqueViolation) {
      try connection.query("INSERT INTO keyed VALUES ($1)", [7])
    }
    #expect(error?.sqlState == "23505")
    #expect(error?.detail?.contains("already exists") == true)
  }

  @Test func missingTableIsAnUndefinedTable() throws {
    let connection = try TestServer.connect()
    let name = TestServer.uniqueName("kadr_missing")
    let error = expectPostgresError(.undefinedTable) {
      try connection.query("SELECT * FROM \(name)")
    }
    #expect(error?.sqlState == "42P01")
    #expect(error?.message.contains(name) == true)
  }

  @Test func statementTimeoutIsAQueryCanceled() throws {
    let connection = try TestServer.connect()
    try connection.execute("SET statement_timeout = 100")
    let error = expectPostgresError(.queryCanceled) {
      try connection.query("SELECT pg_sleep(5)")
    }
    #expect(error?.sqlState == "57014")
    #expect(error?.recoverySuggestion?.contains("statement_timeout") == true)
  }

  @Test func roleWithoutPrivilegeGetsInsufficientPrivilegeWithAGrantToRun() throws {
    let admin = try TestServer.connect()
    let role = TestServer.uniqueName("kadr_limited")
    let table = TestServer.uniqueName("kadr_secret")
    try admin.execute("CREATE ROLE \(role) LOGIN; CREATE TABLE \(table) (secret text)")
    defer {
      try? admin.execute("DROP TABLE IF EXISTS \(table); DROP ROLE IF EXISTS \(role)")
    }
    let error: PostgresError? = try {
      let limited = try TestServer.connect(as: role)
      defer { limited.close() }
      #expect(limited.role == role)
      return expectPostgresError(.insufficientPrivilege) {
        try limited.query("SELECT secret FROM \(table)")
      }
    }()
    #expect(error?.sqlState == "42501")
    #expect(error?.role == role)
    let description = try #require(error.map(String.init(describing:)))
    #expect(description.contains("The database role '\(role)' may not do this"))
    #expect(description.contains("GRANT"))
    #expect(description.contains("TO \(role)"))
    #expect(description.contains("README"))
  }

  @Test func writeSkewUnderSerializableIsASerializationFailure() throws {
    let first = try TestServer.connect()
    let second = try TestServer.connect()
    let table = TestServer.uniqueName("kadr_oncall")
    try first.execute("CREATE TABLE \(table) (shift int)")
    defer { try? first.execute("DROP TABLE IF EXISTS \(table)") }
    // Each reads what the other writes: one of them cannot be serialized.
    try first.execute("BEGIN ISOLATION LEVEL SERIALIZABLE")
    try second.execute("BEGIN ISOLATION LEVEL SERIALIZABLE")
    try first.query("SELECT count(*) FROM \(table) WHERE shift = 1")
    try second.query("SELECT count(*) FROM \(table) WHERE shift = 2")
    try first.query("INSERT INTO \(table) VALUES (2)")
    try second.query("INSERT INTO \(table) VALUES (1)")
    try first.execute("COMMIT")
    let error = expectPostgresError(.serializationFailure) { try second.execute("COMMIT") }
    #expect(error?.sqlState == "40001")
    #expect(error?.recoverySuggestion?.contains("Run the whole transaction again") == true)
    try? second.execute("ROLLBACK")
  }
}
