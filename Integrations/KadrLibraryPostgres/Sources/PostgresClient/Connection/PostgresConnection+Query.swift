// The PostgreSQL trait of kadr-persistence builds this module; without it, it is empty.
#if PostgreSQL
  import CLibPQ
  import Foundation

  extension PostgresConnection {
    /// Runs one statement with parameters and returns its rows.
    ///
    /// The parameters are sent apart from the statement (`PQexecParams`), referred to in it as
    /// `$1`, `$2`, …: values are never spliced into SQL, so no value can change what the
    /// statement does. A `nil` parameter is SQL `NULL`. Results come back in text format and are
    /// read with ``PostgresRow``'s typed accessors.
    ///
    /// ```swift
    /// try connection.query(
    ///   "INSERT INTO projects (id, name, thumbnail) VALUES ($1, $2, $3)",
    ///   [7, "Holiday '24", .data(png)])
    /// ```
    ///
    /// - Parameters:
    ///   - sql: One SQL statement.
    ///   - parameters: The values of `$1`, `$2`, … in order.
    /// - Returns: The rows, with the command tag and the number of rows affected.
    /// - Throws: ``PostgresError``: the server's failure with its SQLSTATE and kind, or
    ///   ``PostgresError/Kind/invalidRequest`` for a NUL character in the statement or a text
    ///   parameter, or for a `COPY` statement (the connection stays usable).
    @discardableResult
    public func query(_ sql: String, _ parameters: [PostgresValue?] = []) throws -> PostgresRows {
      try Self.checkStatement(sql)
      let buffer = try ParameterBuffer(parameters)
      guard let count = Int32(exactly: parameters.count) else {
        throw PostgresError(kind: .invalidRequest, message: "Too many parameters.")
      }
      return try withConnection { connection in
        try answer(
          to: { connection in
            buffer.withValues { values in
              PQsendQueryParams(
                connection, sql, count, buffer.types, values, buffer.lengths, buffer.formats, 0)
            }
          }, on: connection)
      }
    }

    /// Runs statements without parameters: schema changes, `SET`, and such.
    ///
    /// Several statements may be given, separated by semicolons (`PQexec`); they run in one
    /// implicit transaction unless they contain their own `BEGIN`/`COMMIT`. Use
    /// ``query(_:_:)`` for anything that takes a value.
    ///
    /// - Parameter sql: SQL without parameters.
    /// - Throws: ``PostgresError``: the server's failure with its SQLSTATE and kind, or
    ///   ``PostgresError/Kind/invalidRequest`` for a NUL character or a `COPY` statement.
    public func execute(_ sql: String) throws {
      try Self.checkStatement(sql)
      try withConnection { connection in
        _ = try answer(to: { PQsendQuery($0, sql) }, on: connection)
      }
    }

    /// Refuses a statement with a NUL character: libpq would end the statement there, and run
    /// only the part before it.
    private static func checkStatement(_ sql: String) throws {
      guard !sql.utf8.contains(0) else {
        throw PostgresError(
          kind: .invalidRequest,
          message: "The SQL statement contains a NUL character, where libpq would cut it short; "
            + "pass the value as a parameter instead.")
      }
    }
  }
#endif
