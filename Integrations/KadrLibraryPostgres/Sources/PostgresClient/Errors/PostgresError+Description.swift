// The PostgreSQL trait of kadr-persistence builds this module; without it, it is empty.
#if PostgreSQL
  import Foundation

  // The one place that turns a PostgresError's fields into sentences.
  extension PostgresError {
    /// What went wrong, in a person's terms: one sentence, without the server's or libpq's own
    /// words (those are ``serverText``, the error's `failureReason`), so that an alert never
    /// shows a socket path or a protocol message.
    var problem: String {
      switch kind {
      case .connectionFailed:
        return "Could not connect to the project server."
      case .connectionLost:
        return "The connection to the project server was lost."
      case .connectionClosed:
        return "The PostgreSQL connection was closed with close() and cannot be used again."
      case .insufficientPrivilege:
        return "The database role \(roleName) may not do this."
      case .uniqueViolation:
        return "A row with the same key already exists."
      case .serializationFailure:
        return "The transaction conflicted with a concurrent one and was rolled back."
      case .deadlockDetected:
        return "The transaction was rolled back to break a deadlock."
      case .undefinedTable:
        return "A table the statement names does not exist."
      case .queryCanceled:
        return "The statement was canceled before it finished."
      case .transactionAborted:
        return "The transaction was aborted because a statement in it failed."
      case .lockTimeout:
        return "Another session held what the statement needed for longer than the lock "
          + "timeout, so it gave up and changed nothing."
      case .timedOut:
        return "The project server did not answer in time."
      case .outcomeUnknown:
        return "The connection failed while the transaction was committing, so whether it was "
          + "committed is unknown."
      case .answerTooLarge:
        return "The project server sent a larger answer than the connection accepts, so it was "
          + "closed."
      case .typeMismatch, .noSuchColumn, .invalidRequest:
        return sentence(message)
      default:
        return "The database reported an error."
      }
    }

    /// The server's or libpq's own words: its message, detail and SQLSTATE; `nil` for the
    /// failures this library describes itself.
    var serverText: String? {
      switch kind {
      case .connectionClosed, .typeMismatch, .noSuchColumn, .invalidRequest: return nil
      default:
        return [
          sentence(message), detail.map { "Detail: \(sentence($0))" },
          sqlState.map { "(SQLSTATE \($0))" },
        ]
        .compactMap { $0 }.joined(separator: " ")
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
      case .answerTooLarge:
        return "Ask for fewer rows at a time, or raise PostgresLimits.maximumAnswerBytes if the "
          + "answer is expected; a server that sends more than asked is misbehaving."
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
#endif
