import Foundation
import PostgresClient
import Testing

/// What a connection accepts from a server that sends too much: answers counted row by row,
/// error fields cut.
@Suite(
  "Answer and error limits",
  .enabled(if: TestServer.testsRun, "No PostgreSQL server: set KADR_POSTGRES (see README)"))
struct LimitTests {
  static func connect(answerBytes: Int) throws -> PostgresConnection {
    try PostgresConnection(
      connectionString: try TestServer.required(),
      limits: PostgresLimits(maximumAnswerBytes: answerBytes))
  }

  @Test func anAnswerPastTheLimitIsRefusedWithoutReadingTheRest() throws {
    let connection = try Self.connect(answerBytes: 1 << 20)
    // 20 MB of rows against a 1 MiB limit.
    let error = expectPostgresError(.answerTooLarge) {
      try connection.query("SELECT repeat('x', 10000) FROM generate_series(1, 2000)")
    }
    #expect(
      error?.errorDescription?.contains("larger answer") == true, "\(String(describing: error))")
    #expect(error?.failureReason?.contains("1048576 bytes") == true)
    // The connection was given up; a new one works, within the limit.
    #expect(throws: PostgresError.self) { try connection.query("SELECT 1") }
    let fresh = try Self.connect(answerBytes: 1 << 20)
    let rows = try fresh.query("SELECT repeat('x', 1000) FROM generate_series(1, 500)")
    #expect(rows.count == 500)
    #expect(rows.commandTag == "SELECT 500")
    #expect(try rows.first?.string(0)?.count == 1000)
  }

  @Test func rowsArriveWholeAndInOrderRowByRow() throws {
    let connection = try TestServer.connect()
    let rows = try connection.query(
      "SELECT n, md5(n::text) FROM generate_series(1, 3000) AS n ORDER BY n")
    #expect(rows.count == 3000)
    #expect(rows.map { try? $0.int64(0) } == (1...3000).map { Int64($0) })
    #expect(rows.columns.map(\.name) == ["n", "md5"])
    // An empty answer keeps its columns.
    let none = try connection.query("SELECT 1 AS one WHERE false")
    #expect(none.isEmpty && none.columns.map(\.name) == ["one"])
  }

  @Test func aHugeErrorMessageIsCutNotCopiedWhole() throws {
    let connection = try TestServer.connect()
    let error = expectPostgresError(.other) {
      try connection.execute(
        "DO $$BEGIN RAISE EXCEPTION '%', repeat('x', 20000000) "
          + "USING DETAIL = repeat('d', 20000000); END$$")
    }
    let shown = try #require(error)
    #expect(shown.message.utf8.count < 4200, "\(shown.message.utf8.count) bytes")
    #expect(shown.message.hasSuffix("(cut at 4096 bytes)"))
    #expect((shown.detail?.utf8.count ?? 0) < 4200)
    #expect("\(shown)".utf8.count < 10_000)
    #expect(try connection.query("SELECT 1").count == 1)
  }

  @Test func theDescriptionIsAPersonsSentenceAndTheServersWordsAreTheReason() throws {
    let error = expectPostgresError(.connectionFailed) {
      _ = try PostgresConnection(connectionString: "host=/nonexistent-kadr-socket user=kadr")
    }
    let shown = try #require(error)
    #expect(shown.errorDescription == "Could not connect to the project server.")
    #expect(shown.localizedDescription == "Could not connect to the project server.")
    #expect(shown.failureReason?.contains("/nonexistent-kadr-socket") == true)
    #expect("\(shown)".contains("/nonexistent-kadr-socket"), "a log still has the detail")
  }
}
