// The PostgreSQL trait of kadr-persistence builds this module; without it, it is empty.
#if PostgreSQL
  import CLibPQ
  import Foundation

  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #elseif canImport(Darwin)
    import Darwin
  #endif

  // Sending a statement and waiting for its answer within the connection's time limit.
  extension PostgresConnection {
    /// Sends a statement with `send` (libpq's `PQsend…`), then reads every result until the
    /// server is done, waiting at most ``PostgresTimeouts/answer``; returns the last result's
    /// rows, or throws the first failure. Called with the connection's lock held.
    ///
    /// A server that does not answer in time gets the connection closed: libpq cannot tell
    /// where in the protocol it stopped, so the connection is never used again.
    func answer(to send: (OpaquePointer) -> Int32, on connection: OpaquePointer) throws
      -> PostgresRows
    {
      guard send(connection) == 1 else { throw error(of: nil, on: connection) }
      let clock = ContinuousClock()
      let deadline = timeouts.answer.map { clock.now.advanced(by: $0) }
      // Sending: a large parameter may not fit the socket's buffer at once.
      while true {
        let flushed = PQflush(connection)
        if flushed == 0 { break }
        guard flushed > 0 else { throw error(of: nil, on: connection) }
        try wait(for: Int16(POLLOUT), on: connection, until: deadline, clock: clock)
        guard PQconsumeInput(connection) == 1 else { throw error(of: nil, on: connection) }
      }
      // Row by row: libpq would otherwise hold the whole answer before handing over any of it,
      // so a server sending gigabytes of rows filled memory until the time limit. Each row's
      // bytes are counted as it arrives, against the limit.
      let singleRows = PQsetSingleRowMode(connection) == 1
      var last: PostgresRows?
      var firstError: (any Error)?
      var arrived: [PostgresRow] = []
      var received = 0
      while true {
        while PQisBusy(connection) == 1 {
          try wait(for: Int16(POLLIN), on: connection, until: deadline, clock: clock)
          guard PQconsumeInput(connection) == 1 else { throw error(of: nil, on: connection) }
        }
        guard let result = PQgetResult(connection) else { break }
        if singleRows, PQresultStatus(result) == PGRES_SINGLE_TUPLE {
          received += Self.valueBytes(of: result)
          guard received <= limits.maximumAnswerBytes else {
            PQclear(result)
            let message =
              "The server's answer passed \(limits.maximumAnswerBytes) bytes; the connection "
              + "was closed without reading the rest."
            abandon(message)
            throw PostgresError(kind: .answerTooLarge, message: message, role: role)
          }
          arrived += Self.read(result).rows
          PQclear(result)
          continue
        }
        do {
          let final = try rows(of: result, on: connection)
          // In single-row mode the rows came one by one; the last result has none, and the
          // command tag.
          last =
            arrived.isEmpty
            ? final
            : PostgresRows(
              table: final.table, rows: arrived, commandTag: final.commandTag,
              affectedRowCount: final.affectedRowCount)
        } catch {
          firstError = firstError ?? error
        }
        arrived = []
        received = 0
      }
      if let firstError { throw firstError }
      return last
        ?? PostgresRows(table: ColumnTable([]), rows: [], commandTag: "", affectedRowCount: 0)
    }

    /// The bytes of a result's field values.
    private static func valueBytes(of result: OpaquePointer) -> Int {
      var total = 0
      for row in 0..<PQntuples(result) {
        for column in 0..<PQnfields(result) { total += Int(PQgetlength(result, row, column)) }
      }
      return total
    }

    /// Waits until the connection's socket is ready for `events`, or throws
    /// ``PostgresError/Kind/timedOut`` (closing the connection) once `deadline` has passed.
    private func wait(
      for events: Int16, on connection: OpaquePointer, until deadline: ContinuousClock.Instant?,
      clock: ContinuousClock
    ) throws {
      let socket = PQsocket(connection)
      guard socket >= 0 else { throw error(of: nil, on: connection) }
      var milliseconds: Int32 = -1
      if let deadline {
        let remaining = clock.now.duration(to: deadline)
        guard remaining > .zero else {
          let limit = timeouts.answer.map { "\($0)" } ?? ""
          let message =
            "The server did not answer within \(limit) (the statement limit and its grace); "
            + "the connection was closed."
          abandon(message)
          throw PostgresError(kind: .timedOut, message: message, role: role)
        }
        milliseconds = Int32(clamping: PostgresTimeouts.milliseconds(remaining))
      }
      var descriptor = pollfd(fd: socket, events: events, revents: 0)
      if poll(&descriptor, 1, milliseconds) < 0, errno != EINTR {
        let reason = String(cString: strerror(errno))
        throw PostgresError(
          kind: .connectionLost, message: "Waiting on the connection's socket failed: \(reason).",
          role: role)
      }
    }
  }
#endif
