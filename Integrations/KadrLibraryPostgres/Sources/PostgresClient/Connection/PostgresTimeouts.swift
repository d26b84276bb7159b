// The PostgreSQL trait of kadr-persistence builds this module; without it, it is empty.
#if PostgreSQL
  /// How long a connection waits for the server before it gives up with an error.
  ///
  /// Every call on a ``PostgresConnection`` ends within a bounded time: connecting within
  /// ``connect``, a statement within ``statement`` (the server cancels it, SQLSTATE 57014), a
  /// wait for another session's row lock within ``lock`` (SQLSTATE 55P03). A server that stops
  /// answering altogether (a stalled host, a dropped network) is given ``statement`` plus
  /// ``grace``; then the connection is closed and the call throws
  /// ``PostgresError/Kind/timedOut``. TCP keepalives are on, so a dead peer is noticed on an idle
  /// connection too.
  ///
  /// ```swift
  /// var timeouts = PostgresTimeouts()
  /// timeouts.lock = .seconds(2)  // give up on a project another client holds sooner
  /// let connection = try PostgresConnection(connectionString: "dbname=kadr", timeouts: timeouts)
  /// ```
  ///
  /// A `connect_timeout` in the connection string (or `PGCONNECT_TIMEOUT`) wins over
  /// ``connect``. A zero duration turns a limit off, as in PostgreSQL.
  public struct PostgresTimeouts: Sendable, Hashable {
    /// The longest wait for a connection to be made (libpq's `connect_timeout`, at least 2 s).
    public var connect: Duration
    /// The longest a statement may run on the server (`statement_timeout`).
    public var statement: Duration
    /// The longest a statement waits for a lock another session holds (`lock_timeout`).
    public var lock: Duration
    /// How much longer than ``statement`` the client waits for an answer before it closes a
    /// connection whose server has gone quiet.
    public var grace: Duration

    /// Limits for an interactive app: connect 10 s, statement 30 s, lock 5 s, grace 5 s.
    ///
    /// - Parameters:
    ///   - connect: The longest wait for a connection.
    ///   - statement: The longest a statement may run.
    ///   - lock: The longest wait for another session's lock.
    ///   - grace: The client's extra wait for a quiet server.
    public init(
      connect: Duration = .seconds(10), statement: Duration = .seconds(30),
      lock: Duration = .seconds(5), grace: Duration = .seconds(5)
    ) {
      self.connect = connect
      self.statement = statement
      self.lock = lock
      self.grace = grace
    }

    /// How long the client waits for a statement's answer (``statement`` plus ``grace``), or
    /// `nil` when statements have no limit.
    public var answer: Duration? {
      statement > .zero ? statement + grace : nil
    }

    /// A duration in whole milliseconds, rounded up, for the server's settings.
    static func milliseconds(_ duration: Duration) -> Int64 {
      let (seconds, attoseconds) = duration.components
      let whole = seconds * 1000 + attoseconds / 1_000_000_000_000_000
      return attoseconds % 1_000_000_000_000_000 > 0 ? whole + 1 : whole
    }
  }
#endif
