// The PostgreSQL trait of kadr-persistence builds this module; without it, it is empty.
#if PostgreSQL
  extension PostgresError {
    /// What kind of failure a ``PostgresError`` is.
    ///
    /// A struct of constants rather than an enum so that kinds can be added without breaking a
    /// client's `switch`: compare with `==`, or switch with a `default`. Server failures are
    /// sorted by SQLSTATE; the SQLSTATE itself is always in ``PostgresError/sqlState``.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
      /// The kinds there are; private so that adding one is not a breaking change.
      private enum Base: String, Hashable, Sendable {
        case connectionFailed, connectionLost, connectionClosed, insufficientPrivilege
        case uniqueViolation, serializationFailure, deadlockDetected, undefinedTable
        case queryCanceled, transactionAborted, typeMismatch, noSuchColumn, invalidRequest, other
        case lockTimeout, timedOut, outcomeUnknown, answerTooLarge
      }

      private let base: Base

      private init(_ base: Base) {
        self.base = base
      }

      /// The connection could not be made: no server at that address, authentication refused,
      /// no such database, a malformed connection string.
      public static let connectionFailed = Kind(.connectionFailed)
      /// The connection broke while in use: the server ended the session (SQLSTATE class 08,
      /// `57P01` and its kin) or the socket closed. Open a new connection.
      public static let connectionLost = Kind(.connectionLost)
      /// The connection was used after ``PostgresConnection/close()``.
      public static let connectionClosed = Kind(.connectionClosed)
      /// The role lacks a privilege the statement needs (SQLSTATE `42501`).
      public static let insufficientPrivilege = Kind(.insufficientPrivilege)
      /// A row with the same key already exists (SQLSTATE `23505`).
      public static let uniqueViolation = Kind(.uniqueViolation)
      /// A serializable or repeatable-read transaction conflicted with another and was rolled
      /// back (SQLSTATE `40001`); running it again may succeed.
      public static let serializationFailure = Kind(.serializationFailure)
      /// The transaction was chosen as a deadlock's victim (SQLSTATE `40P01`); running it again
      /// may succeed.
      public static let deadlockDetected = Kind(.deadlockDetected)
      /// A table the statement names does not exist (SQLSTATE `42P01`).
      public static let undefinedTable = Kind(.undefinedTable)
      /// The statement was canceled, by `statement_timeout` or a cancel request (SQLSTATE
      /// `57014`).
      public static let queryCanceled = Kind(.queryCanceled)
      /// A statement waited for a lock another session holds longer than `lock_timeout`
      /// (SQLSTATE 55P03): a stalled client, or someone holding the row in an open transaction.
      /// Nothing was changed; try again later.
      public static let lockTimeout = Kind(.lockTimeout)
      /// The server did not answer within the connection's limit
      /// (``PostgresTimeouts/statement`` plus ``PostgresTimeouts/grace``), so the connection was
      /// closed; a statement that was running may or may not have been committed.
      public static let timedOut = Kind(.timedOut)
      /// The server's answer passed ``PostgresLimits/maximumAnswerBytes`` (a misbehaving or
      /// hostile server, or a statement that asks for too much), so the connection was closed
      /// without reading the rest.
      public static let answerTooLarge = Kind(.answerTooLarge)
      /// The connection broke or timed out while `COMMIT` was on its way: the transaction may or
      /// may not have been committed. Read the data again before repeating the work.
      public static let outcomeUnknown = Kind(.outcomeUnknown)
      /// A statement inside the transaction failed, so the server aborted the transaction:
      /// SQLSTATE `25P02` for a statement sent after that, or a failure inside
      /// ``PostgresConnection/transaction(isolation:_:)`` that its body caught (the transaction
      /// is then rolled back).
      public static let transactionAborted = Kind(.transactionAborted)
      /// A column was read with an accessor for another type (an `int4` read as `Data`), or its
      /// text could not be read as that type.
      public static let typeMismatch = Kind(.typeMismatch)
      /// A row was read by a column name or index the result does not have.
      public static let noSuchColumn = Kind(.noSuchColumn)
      /// The call cannot be made as asked: a NUL character in a statement or text parameter, a
      /// transaction begun inside another, a `COPY` statement.
      public static let invalidRequest = Kind(.invalidRequest)
      /// Any other failure; ``PostgresError/sqlState`` says which (`42601` for a syntax error).
      public static let other = Kind(.other)

      /// The kind for a SQLSTATE the server reported.
      ///
      /// - Parameter sqlState: A five-character SQLSTATE.
      /// - Returns: The kind it belongs to, ``other`` when no kind names it.
      static func forSQLState(_ sqlState: String) -> Kind {
        switch sqlState {
        case "42501": .insufficientPrivilege
        case "23505": .uniqueViolation
        case "40001": .serializationFailure
        case "40P01": .deadlockDetected
        case "42P01": .undefinedTable
        case "57014": .queryCanceled
        case "55P03": .lockTimeout
        case "25P02": .transactionAborted
        // admin_shutdown (pg_terminate_backend), crash_shutdown, cannot_connect_now, and the
        // whole connection-exception class.
        case "57P01", "57P02", "57P03": .connectionLost
        case _ where sqlState.hasPrefix("08"): .connectionLost
        default: .other
        }
      }

      /// The kind's name (`uniqueViolation`).
      public var description: String { base.rawValue }
    }
  }
#endif
