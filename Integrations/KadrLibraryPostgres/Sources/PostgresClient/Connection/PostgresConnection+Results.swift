// The PostgreSQL trait of kadr-persistence builds this module; without it, it is empty.
#if PostgreSQL
  import CLibPQ
  import Foundation

  // Reading libpq's results (PGresult) into values and errors.
  extension PostgresConnection {
    /// The rows of a result, which this consumes (clears); throws its failure instead.
    ///
    /// - Parameters:
    ///   - result: A result from `PQexec` or `PQexecParams` (`nil` when libpq could not send).
    ///   - connection: The connection it came from, for errors and for leaving a `COPY`.
    /// - Returns: The result's rows.
    /// - Throws: ``PostgresError`` for a failed statement or a `COPY`.
    func rows(of result: OpaquePointer?, on connection: OpaquePointer) throws -> PostgresRows {
      defer { PQclear(result) }
      guard let result else { throw error(of: nil, on: connection) }
      let status = PQresultStatus(result)
      if status == PGRES_COPY_IN || status == PGRES_COPY_OUT || status == PGRES_COPY_BOTH {
        leaveCopy(status, on: connection)
        throw PostgresError(
          kind: .invalidRequest,
          message: "COPY statements are not supported by PostgresClient; use INSERT or SELECT "
            + "with parameters.", role: role)
      }
      guard status == PGRES_TUPLES_OK || status == PGRES_COMMAND_OK || status == PGRES_EMPTY_QUERY
      else { throw error(of: result, on: connection) }
      return Self.read(result)
    }

    /// The error a failed result (or, for `nil`, the connection) reports, with its password
    /// masked; ``PostgresError/Kind/connectionLost`` whenever the connection broke.
    func error(of result: OpaquePointer?, on connection: OpaquePointer) -> PostgresError {
      func field(_ code: Int32) -> String? {
        guard let result, let value = PQresultErrorField(result, code) else { return nil }
        return redaction.redact(BoundedText.copy(value, limit: limits.maximumErrorFieldBytes))
      }
      let sqlState = field(CLIBPQ_DIAG_SQLSTATE)
      let message =
        field(CLIBPQ_DIAG_MESSAGE_PRIMARY)
        ?? redaction.redact(Self.errorMessage(of: connection, limit: limits.maximumErrorFieldBytes))
      var kind = sqlState.map(PostgresError.Kind.forSQLState) ?? .other
      if PQstatus(connection) != CONNECTION_OK { kind = .connectionLost }
      return PostgresError(
        kind: kind, message: Self.oneLine(message), sqlState: sqlState,
        detail: field(CLIBPQ_DIAG_MESSAGE_DETAIL), hint: field(CLIBPQ_DIAG_MESSAGE_HINT),
        role: role)
    }

    /// Copies a successful result's columns, rows and command tag out of libpq.
    static func read(_ result: OpaquePointer) -> PostgresRows {
      let columnCount = PQnfields(result)
      let rowCount = PQntuples(result)
      let table = ColumnTable(
        (0..<columnCount).map { column in
          PostgresColumn(
            name: PQfname(result, column).map { String(cString: $0) } ?? "",
            typeOID: PQftype(result, column))
        })
      let rows = (0..<rowCount).map { row in
        PostgresRow(
          table: table,
          cells: (0..<columnCount).map { column -> [UInt8]? in
            guard PQgetisnull(result, row, column) == 0, let value = PQgetvalue(result, row, column)
            else { return nil }
            let length = Int(PQgetlength(result, row, column))
            return [UInt8](UnsafeRawBufferPointer(start: value, count: length))
          })
      }
      let commandTag = PQcmdStatus(result).map { String(cString: $0) } ?? ""
      let affected = PQcmdTuples(result).flatMap { Int(String(cString: $0)) } ?? 0
      return PostgresRows(
        table: table, rows: rows, commandTag: commandTag, affectedRowCount: affected)
    }

    /// Brings the connection out of a `COPY` the statement started, so that it stays usable:
    /// ends a `COPY FROM STDIN` with a failure, reads and drops a `COPY TO STDOUT`'s data, then
    /// drops the results that follow.
    private func leaveCopy(_ status: ExecStatusType, on connection: OpaquePointer) {
      if status == PGRES_COPY_IN {
        _ = PQputCopyEnd(connection, "COPY is not supported by PostgresClient")
      } else if status == PGRES_COPY_OUT {
        var length: Int32 = 0
        repeat {
          var buffer: UnsafeMutablePointer<CChar>?
          length = PQgetCopyData(connection, &buffer, 0)
          if let buffer { PQfreemem(buffer) }
        } while length >= 0
      }
      while let next = PQgetResult(connection) {
        let nextStatus = PQresultStatus(next)
        PQclear(next)
        // A COPY BOTH (replication only) never ends by itself: stop rather than loop forever.
        if nextStatus == PGRES_COPY_BOTH || nextStatus == PGRES_COPY_IN { break }
      }
    }
  }
#endif
