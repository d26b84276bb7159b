// The PostgreSQL trait of kadr-persistence builds this module; without it, it is empty.
#if PostgreSQL
  import CLibPQ

  extension PostgresConnection {
    /// Runs `body` in a transaction: commits when it returns, rolls back when it throws.
    ///
    /// The connection is held for the whole transaction, so statements other threads send on it
    /// wait until the transaction ends instead of slipping into it. `body` runs on the calling
    /// thread and uses the connection it is given (the same one) as usual; it must not wait for
    /// another thread that uses this connection, which would wait forever.
    ///
    /// If a statement fails and `body` catches the error and returns anyway, the server has
    /// already aborted the transaction: it is rolled back and
    /// ``PostgresError/Kind/transactionAborted`` is thrown, so a transaction never half-commits.
    /// Under ``PostgresIsolationLevel/serializable`` or ``PostgresIsolationLevel/repeatableRead``,
    /// a ``PostgresError/Kind/serializationFailure`` means: run the whole transaction again.
    ///
    /// ```swift
    /// try connection.transaction(isolation: .serializable) { connection in
    ///   try connection.query("UPDATE projects SET revision = revision + 1 WHERE id = $1", [id])
    ///   try connection.query("INSERT INTO history (project) VALUES ($1)", [id])
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - isolation: The isolation level, or `nil` for the session's default (normally
    ///     ``PostgresIsolationLevel/readCommitted``).
    ///   - body: The transaction's work, given this connection.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws (after the rollback); ``PostgresError`` when `BEGIN` or
    ///   `COMMIT` fails, of kind ``PostgresError/Kind/transactionAborted`` as above,
    ///   ``PostgresError/Kind/outcomeUnknown`` when the connection failed during `COMMIT`, or
    ///   ``PostgresError/Kind/invalidRequest`` when a transaction is already open on this
    ///   connection (transactions do not nest).
    public func transaction<T>(
      isolation: PostgresIsolationLevel? = nil, _ body: (PostgresConnection) throws -> T
    ) throws -> T {
      try holdingLock {
        guard try transactionStatus() == PQTRANS_IDLE else {
          throw PostgresError(
            kind: .invalidRequest,
            message: "A transaction is already open on this connection; transaction { } does not "
              + "nest (use SAVEPOINT inside the outer one instead).", role: role)
        }
        try execute(isolation.map { "BEGIN ISOLATION LEVEL \($0.sql)" } ?? "BEGIN")
        let value: T
        do {
          value = try body(self)
        } catch {
          rollBackIfOpen()
          throw error
        }
        if try transactionStatus() == PQTRANS_INERROR {
          rollBackIfOpen()
          throw PostgresError(
            kind: .transactionAborted,
            message: "the body caught the statement's error and returned normally.", role: role)
        }
        do {
          try execute("COMMIT")
        } catch let error as PostgresError
          where error.kind == .connectionLost || error.kind == .timedOut
        {
          // COMMIT was sent, and no answer came back: it may have been applied.
          throw PostgresError(
            kind: .outcomeUnknown, message: error.message, sqlState: error.sqlState,
            detail: error.detail, hint: error.hint, role: role)
        } catch {
          rollBackIfOpen()
          throw error
        }
        return value
      }
    }

    /// Whether the session is in a transaction, and whether that transaction failed.
    private func transactionStatus() throws -> PGTransactionStatusType {
      try withConnection { PQtransactionStatus($0) }
    }

    /// Rolls back an open transaction, ignoring failures: it runs while another error is on its
    /// way out, and a connection that broke has no transaction left to roll back.
    private func rollBackIfOpen() {
      guard let status = try? transactionStatus(),
        status == PQTRANS_INTRANS || status == PQTRANS_INERROR
      else { return }
      try? execute("ROLLBACK")
    }
  }
#endif
