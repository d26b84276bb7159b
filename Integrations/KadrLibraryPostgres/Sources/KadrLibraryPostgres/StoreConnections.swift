// The PostgreSQL trait of kadr-persistence builds this module; without it, it is empty.
#if PostgreSQL
  import Foundation
  import PostgresClient

  /// What runs a statement: a connection, or the store's connections (which lend one).
  protocol StatementRunner {
    /// Runs one statement with parameters.
    @discardableResult
    func query(_ sql: String, _ parameters: [PostgresValue?]) throws -> PostgresRows
  }

  extension PostgresConnection: StatementRunner {}

  /// The store's connections: a few, lent one per call, so that a call stuck on a lock (or on a
  /// server that went quiet) holds up only itself, and every call ends within the timeouts.
  ///
  /// A connection that broke (the server restarted, the session was killed, it timed out) is
  /// dropped, and the next call opens a new one; a transaction that failed on a broken
  /// connection before its `COMMIT` was sent is run again once on a new one, and so is a lone
  /// `SELECT`. A transaction's body and the store's helpers it calls use the transaction's
  /// connection: the connection lent to a thread is kept in the thread's dictionary until the
  /// outermost call returns.
  final class StoreConnections: StatementRunner, @unchecked Sendable {
    // @unchecked Sendable: `idle`, `open` and `backends` are read and written only under `lock`;
    // each PostgresConnection is itself Sendable, and is lent to one thread at a time.
    let connectionString: String
    let timeouts: PostgresTimeouts
    /// The most connections open at once.
    let limit: Int
    private let lock = NSCondition()
    private var idle: [PostgresConnection] = []
    private var open = 0
    /// The server processes of this store's connections, newest last (a few hundred at most).
    private var backends: [Int32] = []
    /// The key of the lent connection in a thread's dictionary.
    private let threadKey = "kadr.postgres.lent.\(UUID().uuidString)"

    /// Opens the first connection, so that a wrong connection string fails at once.
    init(connectionString: String, timeouts: PostgresTimeouts, limit: Int) throws {
      self.connectionString = connectionString
      self.timeouts = timeouts
      self.limit = max(1, limit)
      let first = try connect()
      idle.append(first)
      open = 1
    }

    /// Whether `processID` is a server process of one of this store's connections.
    func isOwn(_ processID: Int32) -> Bool {
      lock.withLock { backends.contains(processID) }
    }

    /// How many connections are open now (lent or idle).
    var openCount: Int { lock.withLock { open } }

    @discardableResult
    func query(_ sql: String, _ parameters: [PostgresValue?] = []) throws -> PostgresRows {
      let retryable = sql.hasPrefix("SELECT") && !sql.contains("pg_notify")
      return try withConnection(retryingLost: retryable) { try $0.query(sql, parameters) }
    }

    func execute(_ sql: String) throws {
      try withConnection(retryingLost: false) { try $0.execute(sql) }
    }

    /// Runs `body` in a transaction on one connection; run again once on a new connection when
    /// the first broke before `COMMIT` was sent.
    func transaction<T>(
      isolation: PostgresIsolationLevel? = nil, _ body: (PostgresConnection) throws -> T
    ) throws -> T {
      try withConnection(retryingLost: true) { try $0.transaction(isolation: isolation, body) }
    }

    /// Runs `body` with the connection lent to this thread, or lends one for the call.
    func withConnection<T>(retryingLost: Bool, _ body: (PostgresConnection) throws -> T) throws
      -> T
    {
      if let lent = Thread.current.threadDictionary[threadKey] as? PostgresConnection {
        return try body(lent)
      }
      var tries = 0
      while true {
        tries += 1
        let connection = try borrow()
        Thread.current.threadDictionary[threadKey] = connection
        do {
          let value = try body(connection)
          Thread.current.threadDictionary.removeObject(forKey: threadKey)
          giveBack(connection)
          return value
        } catch let error as PostgresError
          where retryingLost && tries == 1 && error.kind == .connectionLost
        {
          Thread.current.threadDictionary.removeObject(forKey: threadKey)
          giveBack(connection)
        } catch {
          Thread.current.threadDictionary.removeObject(forKey: threadKey)
          giveBack(connection)
          throw error
        }
      }
    }

    /// Closes the connections no call holds now; the next call opens a new one. libpq keeps a
    /// connection's buffers as large as the largest statement it sent or answer it read, for
    /// as long as it is open: after a call that moved a whole document, this gives that back.
    func closeIdle() {
      let closing: [PostgresConnection] = lock.withLock {
        defer {
          open -= idle.count
          idle = []
          lock.signal()
        }
        return idle
      }
      for connection in closing { connection.close() }
    }

    /// An idle usable connection, a new one when fewer than ``limit`` are open, or the first to
    /// come back within the answer limit.
    private func borrow() throws -> PostgresConnection {
      let deadline = Date().addingTimeInterval(Self.seconds(timeouts.answer ?? .seconds(3600)))
      lock.lock()
      while true {
        while let connection = idle.popLast() {
          if connection.isUsable {
            lock.unlock()
            return connection
          }
          open -= 1
          connection.close()
        }
        if open < limit {
          open += 1
          lock.unlock()
          do {
            return try connect()
          } catch {
            lock.withLock {
              open -= 1
              lock.signal()
            }
            throw error
          }
        }
        guard lock.wait(until: deadline) else {
          lock.unlock()
          throw PostgresError(
            kind: .timedOut,
            message: "All \(limit) connections of the project store stayed busy for the "
              + "statement limit; the calls holding them are waiting on the server.")
        }
      }
    }

    /// Returns a connection after a call: kept when usable, closed when not.
    private func giveBack(_ connection: PostgresConnection) {
      let usable = connection.isUsable
      if !usable { connection.close() }
      lock.withLock {
        if usable { idle.append(connection) } else { open -= 1 }
        lock.signal()
      }
    }

    /// Opens a connection and records its server process.
    private func connect() throws -> PostgresConnection {
      let connection = try PostgresConnection(
        connectionString: connectionString, timeouts: timeouts)
      lock.withLock {
        backends.append(connection.backendProcessID)
        if backends.count > 256 { backends.removeFirst(backends.count - 256) }
      }
      return connection
    }

    private static func seconds(_ duration: Duration) -> TimeInterval {
      let (seconds, attoseconds) = duration.components
      return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
  }
#endif
