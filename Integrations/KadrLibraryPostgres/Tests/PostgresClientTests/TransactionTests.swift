import Dispatch
import Foundation
import PostgresClient
import Testing

@Suite(
  "Transactions",
  .enabled(if: TestServer.testsRun, "No PostgreSQL server: set KADR_POSTGRES (see README)"))
struct TransactionTests {
  /// An error a transaction's body throws.
  struct Abandon: Error {}

  /// A table of its own for one test, dropped when `body` ends.
  private func withTable(
    _ body: (_ connection: PostgresConnection, _ observer: PostgresConnection, _ table: String)
      throws -> Void
  ) throws {
    let connection = try TestServer.connect()
    let observer = try TestServer.connect()
    let table = TestServer.uniqueName("kadr_tx")
    try connection.execute("CREATE TABLE \(table) (id int PRIMARY KEY, note text)")
    defer { try? observer.execute("DROP TABLE IF EXISTS \(table)") }
    try body(connection, observer, table)
  }

  private func count(_ table: String, on connection: PostgresConnection) throws -> Int64? {
    try connection.query("SELECT count(*) FROM \(table)").first?.int64(0)
  }

  @Test func returningBodyCommitsForEveryoneToSee() throws {
    try withTable { connection, observer, table in
      let value = try connection.transaction { connection in
        try connection.query("INSERT INTO \(table) VALUES ($1, $2)", [1, "one"])
        try connection.query("INSERT INTO \(table) VALUES ($1, $2)", [2, "two"])
        return "done"
      }
      #expect(value == "done")
      #expect(try count(table, on: observer) == 2)
    }
  }

  @Test func thrownErrorRollsBackEverythingAndPropagates() throws {
    try withTable { connection, observer, table in
      #expect(throws: Abandon.self) {
        try connection.transaction { connection in
          try connection.query("INSERT INTO \(table) VALUES ($1, $2)", [1, "one"])
          try connection.query("INSERT INTO \(table) VALUES ($1, $2)", [2, "two"])
          throw Abandon()
        }
      }
      #expect(try count(table, on: connection) == 0)
      #expect(try count(table, on: observer) == 0)
      // The connection is out of the transaction and usable.
      try connection.query("INSERT INTO \(table) VALUES ($1, $2)", [3, "three"])
      #expect(try count(table, on: observer) == 1)
    }
  }

  @Test func caughtStatementFailureStillAbortsAndRollsBack() throws {
    try withTable { connection, observer, table in
      expectPostgresError(.transactionAborted) {
        try connection.transaction { connection in
          try connection.query("INSERT INTO \(table) VALUES ($1, $2)", [1, "one"])
          _ = try? connection.query("INSERT INTO \(table) VALUES ($1, $2)", [1, "again"])
        }
      }
      let remaining = try count(table, on: observer)
      #expect(remaining == 0)
    }
  }

  @Test func failingStatementPropagatesItsOwnError() throws {
    try withTable { connection, observer, table in
      expectPostgresError(.uniqueViolation) {
        try connection.transaction { connection in
          try connection.query("INSERT INTO \(table) VALUES ($1, $2)", [1, "one"])
          try connection.query("INSERT INTO \(table) VALUES ($1, $2)", [1, "again"])
        }
      }
      let remaining = try count(table, on: observer)
      #expect(remaining == 0)
    }
  }

  @Test(arguments: [
    (PostgresIsolationLevel.serializable, "serializable"),
    (.repeatableRead, "repeatable read"),
    (.readCommitted, "read committed"),
  ])
  func isolationLevelIsTheTransactions(level: PostgresIsolationLevel, shown: String) throws {
    let connection = try TestServer.connect()
    let inside = try connection.transaction(isolation: level) { connection in
      try connection.query("SHOW transaction_isolation").first?.string(0)
    }
    #expect(inside == shown)
  }

  @Test func transactionsDoNotNest() throws {
    try withTable { connection, observer, table in
      expectPostgresError(.invalidRequest) {
        try connection.transaction { connection in
          try connection.query("INSERT INTO \(table) VALUES ($1, $2)", [1, "outer"])
          try connection.transaction { _ in }
        }
      }
      let remaining = try count(table, on: observer)
      #expect(remaining == 0)
    }
  }

  @Test func otherThreadsStatementsWaitUntilTheTransactionEnds() throws {
    try withTable { connection, observer, table in
      let otherThreadDone = DispatchSemaphore(value: 0)
      #expect(throws: Abandon.self) {
        try connection.transaction { connection in
          try connection.query("INSERT INTO \(table) VALUES ($1, $2)", [1, "rolled back"])
          // Another thread's statement on the same connection, sent during the transaction:
          // had it slipped in, the rollback below would undo it too.
          DispatchQueue.global().async {
            _ = try? connection.query("INSERT INTO \(table) VALUES ($1, $2)", [2, "kept"])
            otherThreadDone.signal()
          }
          Thread.sleep(forTimeInterval: 0.3)
          throw Abandon()
        }
      }
      otherThreadDone.wait()
      let notes = try observer.query("SELECT note FROM \(table) ORDER BY id")
      #expect(try notes.map { try $0.string(0) } == ["kept"])
    }
  }
}
