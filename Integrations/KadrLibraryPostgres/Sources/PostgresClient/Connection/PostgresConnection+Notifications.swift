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

  /// What waiting for a notification found: one, or a socket to wait on.
  private enum WaitStep {
    case delivered(PostgresNotification)
    case wait(socket: Int32)
  }

  extension PostgresConnection {
    /// Starts listening on a channel (`LISTEN`), so that ``waitForNotification(timeout:)``
    /// returns what is sent on it.
    ///
    /// Any text is a valid channel name: it is quoted as an identifier by libpq
    /// (`PQescapeIdentifier`), so it is taken literally, case and all. A name longer than 63
    /// bytes is cut short by the server.
    ///
    /// - Parameter channel: The channel's name.
    /// - Throws: ``PostgresError``, of kind ``PostgresError/Kind/invalidRequest`` for a name with
    ///   a NUL character.
    public func listen(channel: String) throws {
      try withConnection { connection in
        try execute("LISTEN " + quotedIdentifier(channel, on: connection))
      }
    }

    /// Stops listening on a channel (`UNLISTEN`).
    ///
    /// - Parameter channel: The channel's name, as given to ``listen(channel:)``.
    /// - Throws: ``PostgresError``, of kind ``PostgresError/Kind/invalidRequest`` for a name with
    ///   a NUL character.
    public func unlisten(channel: String) throws {
      try withConnection { connection in
        try execute("UNLISTEN " + quotedIdentifier(channel, on: connection))
      }
    }

    /// Sends a notification on a channel (`SELECT pg_notify($1, $2)`), to every session that
    /// listens to it.
    ///
    /// Inside a transaction, the notification is delivered when the transaction commits, and not
    /// at all if it rolls back.
    ///
    /// - Parameters:
    ///   - channel: The channel's name.
    ///   - payload: Text sent with it, shorter than 8000 bytes.
    /// - Throws: ``PostgresError`` when the server refuses it (a payload too long).
    public func notify(channel: String, payload: String = "") throws {
      try query("SELECT pg_notify($1, $2)", [.string(channel), .string(payload)])
    }

    /// Waits for a notification on a channel this connection listens to.
    ///
    /// A notification that arrived earlier (while another statement ran) is returned at once.
    /// While waiting, the connection is free for other threads' statements: it is checked again
    /// at least every 100 milliseconds.
    ///
    /// - Parameter timeout: How long to wait at most; `.zero` only collects what has arrived.
    /// - Returns: The oldest notification not yet returned, or `nil` when none came in time.
    /// - Throws: ``PostgresError`` of kind ``PostgresError/Kind/connectionLost`` when the
    ///   connection breaks, ``PostgresError/Kind/connectionClosed`` after ``close()``.
    public func waitForNotification(timeout: Duration) throws -> PostgresNotification? {
      let clock = ContinuousClock()
      let deadline = clock.now.advanced(by: timeout)
      while true {
        let step = try withConnection { connection -> WaitStep in
          guard PQconsumeInput(connection) == 1 else { throw error(of: nil, on: connection) }
          if let notification = Self.nextNotification(on: connection) {
            return .delivered(notification)
          }
          return .wait(socket: PQsocket(connection))
        }
        switch step {
        case .delivered(let notification):
          return notification
        case .wait(let socket):
          let remaining = clock.now.duration(to: deadline)
          guard remaining > .zero else { return nil }
          try Self.waitUntilReadable(socket, for: min(remaining, .milliseconds(100)))
        }
      }
    }

    /// A name quoted as an SQL identifier by libpq, for statements that take no parameters.
    private func quotedIdentifier(_ name: String, on connection: OpaquePointer) throws -> String {
      guard !name.utf8.contains(0) else {
        throw PostgresError(
          kind: .invalidRequest,
          message: "The channel name contains a NUL character, which no PostgreSQL name can hold.",
          role: role)
      }
      guard let quoted = PQescapeIdentifier(connection, name, name.utf8.count) else {
        throw PostgresError(
          kind: .invalidRequest,
          message: "The channel name '\(name)' cannot be quoted: "
            + redaction.redact(Self.errorMessage(of: connection)), role: role)
      }
      defer { PQfreemem(quoted) }
      return String(cString: quoted)
    }

    /// The next notification libpq has read, if any.
    private static func nextNotification(on connection: OpaquePointer) -> PostgresNotification? {
      guard let notify = PQnotifies(connection) else { return nil }
      defer { PQfreemem(notify) }
      return PostgresNotification(
        channel: notify.pointee.relname.map { String(cString: $0) } ?? "",
        payload: notify.pointee.extra.map { String(cString: $0) } ?? "",
        processID: notify.pointee.be_pid)
    }

    /// Waits until the socket has something to read, or the time is up, or a signal came.
    private static func waitUntilReadable(_ socket: Int32, for duration: Duration) throws {
      guard socket >= 0 else {
        throw PostgresError(kind: .connectionLost, message: "The connection has no socket.")
      }
      let (seconds, attoseconds) = duration.components
      let milliseconds = max(1, seconds * 1000 + attoseconds / 1_000_000_000_000_000)
      var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      if poll(&descriptor, 1, Int32(clamping: milliseconds)) < 0, errno != EINTR {
        let reason = String(cString: strerror(errno))
        throw PostgresError(
          kind: .connectionLost, message: "Waiting on the connection's socket failed: \(reason).")
      }
    }
  }
#endif
