import Foundation

// The one place that turns a PostgresError's fields into sentences.
extension PostgresError {
  /// What went wrong, in the user's terms, with the server's own words and SQLSTATE.
  var problem: String {
    let said = sentence(message)
    let server = [
      said, detail.map { "Detail: \(sentence($0))" }, sqlState.map { "(SQLSTATE \($0))" },
    ]
    .compactMap { $0 }.joined(separator: " ")
    switch kind {
    case .connectionFailed:
      return "Could not connect to the PostgreSQL server: \(said)"
    case .connectionLost:
      return "The connection to the PostgreSQL server was lost: \(server)"
    case .connectionClosed:
      return "The PostgreSQL connection was closed with close() and cannot be used again."
    case .insufficientPrivilege:
      return "The database role \(roleName) may not do this: \(server)"
    case .uniqueViolation:
      return "A row with the same key already exists: \(server)"
    case .serializationFailure:
      return "The transaction conflicted with a concurrent one and was rolled back: \(server)"
    case .deadlockDetected:
      return "The transaction was rolled back to break a deadlock: \(server)"
    case .undefinedTable:
      return "A table the statement names does not exist: \(server)"
    case .queryCanceled:
      return "The statement was canceled before it finished: \(server)"
    case .transactionAborted:
      return "The transaction was aborted because a statement in it failed: \(server)"
    case .lockTimeout:
      return "Another session held what the statement needed for longer than the lock "
        + "timeout, so it gave up and changed nothing: \(server)"
    case .timedOut:
      return "The PostgreSQL server did not answer in time: \(said)"
    case .outcomeUnknown:
      return "The connection failed while the transaction was committing, so whether it was "
        + "committed is unknown: \(said)"
    case .typeMismatch, .noSuchColumn, .invalidRequest:
      return said
    default:
      return "PostgreSQL reported an error: \(server)"
    }
  }

  /// How to fix it, or `nil` when there is nothing to add.
  var fix: String? {
    let serverHint = hint.map { "The server's hint: \(sentence($0))" }
    switch kind {
    case .connectionFailed:
      return "Check that the server is running and that the connection string (or PGHOST, "
        + "PGPORT, PGDATABASE, PGUSER and PGPASSWORD when it leaves them out) names it and a "
        + "role that may log in."
    case .connectionLost:
      return "Open a new connection and run the work again: a statement that was running may "
        + "or may not have been committed."
    case .connectionClosed:
      return "Open a new PostgresConnection."
    case .insufficientPrivilege:
      let grantee = role ?? "the_role"
      return "Grant it the privilege, for example GRANT SELECT, INSERT, UPDATE, DELETE ON ALL "
        + "TABLES IN SCHEMA your_schema TO \(grantee), or connect as a role that has it (see "
        + "\"Privileges\" in the KadrLibraryPostgres README)."
    case .uniqueViolation:
      return "Use another key, or update the row that has it."
    case .serializationFailure, .deadlockDetected:
      return "Run the whole transaction again; such conflicts are expected under concurrency."
    case .undefinedTable:
      return "Create the schema first, or check the table's name and the search_path."
    case .queryCanceled:
      return "If statement_timeout stopped it, raise the timeout or make the statement cheaper."
    case .lockTimeout:
      return "Try again in a moment; if it persists, find the session holding the lock "
        + "(pg_locks, pg_stat_activity) and end it, or raise the lock timeout."
    case .timedOut:
      return "Check the server and the network; the next call opens a new connection."
    case .outcomeUnknown:
      return "Read the data again to see whether the change is there before doing it again."
    case .transactionAborted:
      return "Let the first error propagate out of transaction { } (which rolls back), or send "
        + "ROLLBACK yourself, then run the transaction again."
    case .typeMismatch:
      return "Read the column with the accessor for its type (string, int64, bool, or data for "
        + "bytea), or cast it in SQL."
    case .noSuchColumn:
      return "Check the statement's column list against the names in PostgresRows.columns."
    default:
      return serverHint
    }
  }

  /// The role, quoted, or a phrase standing for it when it is not known.
  private var roleName: String {
    role.map { "'\($0)'" } ?? "of this connection"
  }

  /// The text trimmed and ended with a full stop, so that sentences can follow it.
  private func sentence(_ text: String) -> String {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard let last = trimmed.last else { return "(no message)." }
    return ".!?".contains(last) ? trimmed : trimmed + "."
  }
}
