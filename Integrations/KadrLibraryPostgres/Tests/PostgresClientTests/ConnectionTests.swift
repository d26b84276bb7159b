import Dispatch
import Foundation
import PostgresClient
import Testing

@Suite(
  "PostgreSQL connections",
  .enabled(if: TestServer.testsRun, "No PostgreSQL server: set KADR_POSTGRES (see README)"))
struct ConnectionTests {
  @Test func connectsAsItsRoleWithItsServerProcess() throws {
    let connection = try TestServer.connect()
    let row = try #require(
      try connection.query("SELECT current_user AS role, pg_backend_pid() AS pid").first)
    #expect(try row.string("role") == connection.role)
    #expect(try row.int64("pid") == Int64(connection.backendProcessID))
    #expect(try connection.query("SHOW client_encoding").first?.string(0) == "UTF8")
  }

  /// Connection strings whose password libpq's messages may echo: a malformed URI token, a
  /// URI it cannot parse, quoted and unquoted keywords, and a password in a URI's query.
  @Test(arguments: [
    "host=/nonexistent-kadr-socket user=kadr password=secret123 dbname=kadr",
    "host=/nonexistent-kadr-socket user=kadr password = 'secret123' dbname=kadr",
    "host=/nonexistent-kadr-socket user=kadr password=secret123 port=notaport",
    "password=secret123 bogus_option=1",
    "host=/nonexistent-kadr-socket password='secret123",
    "postgresql://kadr:secret123@/kadr?host=/nonexistent-kadr-socket",
    "postgresql://kadr:secret123%zz@/kadr?host=/nonexistent-kadr-socket",
    "postgresql://kadr:secret123@[::1/kadr",
    "postgres://kadr@/kadr?host=/nonexistent-kadr-socket&password=secret123",
  ])
  func connectionErrorsNeverShowThePassword(connectionString: String) throws {
    let error = expectPostgresError(.connectionFailed) {
      _ = try PostgresConnection(connectionString: connectionString)
    }
    let shown = try #require(error)
    #expect(!shown.message.isEmpty)
    for text in [
      shown.errorDescription ?? "", shown.message, "\(shown)", String(reflecting: shown),
    ] {
      #expect(!text.contains("secret123"), "the password shows in: \(text)")
    }
  }

  /// A password with an unencoded "@" or "/" makes libpq split the URI inside the password,
  /// and print a piece of it as a host or database name; no piece of it may show.
  @Test(arguments: [
    "postgres://kadr:se@cr/et123@localhost/kadr",
    "postgresql://kadr:sec/ret@123@127.0.0.1:1/kadr",
    "postgres://kadr:secret/123@127.0.0.1:1/kadr",
  ])
  func anAmbiguousURIPasswordShowsNoPieceOfItself(connectionString: String) throws {
    let error = expectPostgresError(.connectionFailed) {
      _ = try PostgresConnection(connectionString: connectionString)
    }
    let shown = try #require(error)
    let pieces = ["se", "cr", "et123", "sec", "ret", "123", "secret"]
    // The sentence is the person's; the reason (and a log's text) explain the encoding.
    for text in [
      shown.errorDescription ?? "", shown.failureReason ?? "", "\(shown)",
      String(reflecting: shown),
    ] {
      if text != shown.errorDescription {
        #expect(text.contains("%40"), "the fix names the encoding: \(text)")
      }
      for piece in pieces {
        #expect(!text.localizedCaseInsensitiveContains(piece + "@"), "\(piece) shows in: \(text)")
      }
      #expect(!text.contains("et123") && !text.contains("ret@") && !text.contains("cr/"), "\(text)")
    }
  }

  @Test func unreachableServerSaysWhatToCheck() throws {
    let error = expectPostgresError(.connectionFailed) {
      _ = try PostgresConnection(connectionString: "host=/nonexistent-kadr-socket user=kadr")
    }
    let description = try #require(error?.errorDescription)
    #expect(error?.failureReason?.contains("/nonexistent-kadr-socket") == true)
    #expect(error?.recoverySuggestion?.contains("Check that the server is running") == true)
    #expect(!description.contains("Check that the server is running"), "the fix is said once")
  }

  @Test func closedConnectionRefusesStatements() throws {
    let connection = try TestServer.connect()
    connection.close()
    connection.close()
    expectPostgresError(.connectionClosed) { try connection.query("SELECT 1") }
    expectPostgresError(.connectionClosed) { try connection.execute("SELECT 1") }
  }

  @Test func terminatedServerProcessGivesConnectionLostOnNextUse() throws {
    let victim = try TestServer.connect()
    let admin = try TestServer.connect()
    // Waits (up to 5 s) until the process has exited, so the next statement cannot race it.
    let terminated = try admin.query(
      "SELECT pg_terminate_backend($1::int, 5000)", [.int(Int64(victim.backendProcessID))])
    #expect(try terminated.first?.bool(0) == true)
    expectPostgresError(.connectionLost) { try victim.query("SELECT 1") }
    let again = expectPostgresError(.connectionLost) { try victim.query("SELECT 1") }
    #expect(again?.recoverySuggestion?.contains("Open a new connection") == true)
    #expect(try admin.query("SELECT 1").count == 1)
  }

  @Test func sharedConnectionAnswersEveryThreadCorrectly() throws {
    let connection = try TestServer.connect()
    let failures = FailureLog()
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      for step in 0..<25 {
        let number = Int64(thread * 1000 + step)
        do {
          let rows = try connection.query("SELECT $1::bigint * 2 AS twice", [.int(number)])
          let twice = try rows.first?.int64("twice")
          if twice != number * 2 { failures.add("\(number) gave \(String(describing: twice))") }
        } catch {
          failures.add("\(number) threw \(error)")
        }
      }
    }
    #expect(failures.entries.isEmpty)
  }
}
