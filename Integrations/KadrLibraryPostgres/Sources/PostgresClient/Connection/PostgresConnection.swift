// The PostgreSQL trait of kadr-persistence builds this module; without it, it is empty.
#if PostgreSQL
  import CLibPQ
  import Foundation

  /// A connection to a PostgreSQL server, through libpq.
  ///
  /// Statements run one at a time: each call holds the connection until its result is read, so
  /// one connection can be shared by threads and tasks, which then take turns. For work in
  /// parallel, open several connections. Every statement is synchronous and blocks its thread
  /// until the server answers.
  ///
  /// ```swift
  /// let connection = try PostgresConnection(connectionString: "host=/run/postgresql dbname=kadr")
  /// let rows = try connection.query("SELECT name FROM projects WHERE id = $1", [42])
  /// let name = try rows.first?.string("name")
  /// ```
  ///
  /// The connection speaks UTF-8 with the server (it sets `client_encoding`), and the server's
  /// notices and warnings (`NOTICE: table … does not exist, skipping`) are dropped rather than
  /// printed.
  public final class PostgresConnection: @unchecked Sendable {
    // @unchecked Sendable: the mutable state (`handle`, libpq's PGconn) is read and written only
    // while `lock` is held, and libpq lets a PGconn move between threads as long as one uses it
    // at a time. The lock is recursive so that a transaction can hold it from BEGIN to COMMIT
    // (keeping other threads' statements out of it) while its body runs statements on the same
    // thread through the same methods.
    private let lock = NSRecursiveLock()
    private var handle: OpaquePointer?
    /// Why the connection was given up (a statement the server never answered), when it was.
    private var abandoned: String?

    /// The passwords of the connection string and of libpq's other sources, masked in every
    /// message.
    let redaction: SecretRedaction

    /// The database role the connection is made as.
    public let role: String

    /// The process ID of the connection's server process (`pg_backend_pid()`), which
    /// ``PostgresNotification/processID`` names for notifications this connection sent.
    public let backendProcessID: Int32

    /// How long the connection waits for the server (see ``PostgresTimeouts``).
    public let timeouts: PostgresTimeouts

    /// How much the connection accepts from the server (see ``PostgresLimits``).
    public let limits: PostgresLimits

    /// Opens a connection.
    ///
    /// The connection string is libpq's, exactly as `psql` takes it: key/value pairs
    /// (`host=/tmp user=kadr dbname=projects sslmode=require`) or a URI
    /// (`postgresql://kadr@db.example.com/projects`). Whatever it leaves out comes from the
    /// environment (`PGHOST`, `PGPORT`, `PGDATABASE`, `PGUSER`, `PGPASSWORD`, `PGSSLMODE`, …) and
    /// `~/.pgpass`; the empty string takes everything from there.
    ///
    /// Every call ends within the limits of `timeouts`, and TCP keepalives are on.
    ///
    /// - Parameters:
    ///   - connectionString: A libpq connection string or URI.
    ///   - timeouts: How long to wait for the server.
    ///   - limits: How much to accept from the server.
    /// - Throws: ``PostgresError`` of kind ``PostgresError/Kind/connectionFailed`` when no
    ///   connection can be made within `timeouts.connect`; its message never holds the password.
    public init(
      connectionString: String, timeouts: PostgresTimeouts = PostgresTimeouts(),
      limits: PostgresLimits = PostgresLimits()
    ) throws {
      var redaction = SecretRedaction(connectionString: connectionString)
      guard !connectionString.utf8.contains(0) else {
        throw PostgresError(
          kind: .connectionFailed, message: "The connection string contains a NUL character.")
      }
      if let problem = SecretRedaction.ambiguousURI(connectionString) {
        throw PostgresError(kind: .connectionFailed, message: problem)
      }
      guard let connection = Self.connect(connectionString, timeouts: timeouts) else {
        throw PostgresError(
          kind: .connectionFailed, message: "libpq could not allocate a connection.")
      }
      redaction = redaction.adding(PQpass(connection).map { String(cString: $0) })
      guard PQstatus(connection) == CONNECTION_OK else {
        let message = redaction.redact(Self.errorMessage(of: connection))
        PQfinish(connection)
        throw PostgresError(kind: .connectionFailed, message: message)
      }
      // Notices go to stderr by default; a library has no business printing there.
      PQsetNoticeProcessor(connection, { _, _ in }, nil)
      let encoding = pg_encoding_to_char(PQclientEncoding(connection)).map { String(cString: $0) }
      if encoding != "UTF8", PQsetClientEncoding(connection, "UTF8") != 0 {
        let message = redaction.redact(Self.errorMessage(of: connection))
        PQfinish(connection)
        throw PostgresError(
          kind: .connectionFailed,
          message: "The server cannot send text as UTF-8 (setting client_encoding failed: "
            + "\(message)).")
      }
      self.handle = connection
      self.redaction = redaction
      self.timeouts = timeouts
      self.limits = limits
      self.role = PQuser(connection).map { String(cString: $0) } ?? ""
      self.backendProcessID = PQbackendPID(connection)
      var settings: [String] = []
      if timeouts.statement > .zero {
        settings.append("statement_timeout = \(PostgresTimeouts.milliseconds(timeouts.statement))")
      }
      if timeouts.lock > .zero {
        settings.append("lock_timeout = \(PostgresTimeouts.milliseconds(timeouts.lock))")
      }
      if !settings.isEmpty {
        try execute(settings.map { "SET " + $0 }.joined(separator: "; "))
      }
    }

    /// Starts libpq's connection with the library's defaults (a connect timeout, TCP keepalives)
    /// placed before the caller's string, so that whatever the string says wins.
    private static func connect(_ connectionString: String, timeouts: PostgresTimeouts)
      -> OpaquePointer?
    {
      var settings: [(String, String)] = [
        ("keepalives", "1"), ("keepalives_idle", "30"), ("keepalives_interval", "10"),
        ("keepalives_count", "3"),
      ]
      let seconds = (PostgresTimeouts.milliseconds(timeouts.connect) + 999) / 1000
      if timeouts.connect > .zero, ProcessInfo.processInfo.environment["PGCONNECT_TIMEOUT"] == nil {
        settings.append(("connect_timeout", String(max(2, seconds))))
      }
      // With expand_dbname, a dbname that is a connection string or URI is expanded in place.
      settings.append(("dbname", connectionString))
      let keywords = settings.map { strdup($0.0) }
      let values = settings.map { strdup($0.1) }
      defer { for pointer in keywords + values { free(pointer) } }
      let keywordArray = keywords.map { UnsafePointer($0) } + [nil]
      let valueArray = values.map { UnsafePointer($0) } + [nil]
      return PQconnectdbParams(keywordArray, valueArray, 1)
    }

    deinit {
      if let handle { PQfinish(handle) }
    }

    /// Closes the connection, ending its session on the server.
    ///
    /// Waits for a statement running on another thread to finish first. Closing twice does
    /// nothing; any other use afterwards throws ``PostgresError`` of kind
    /// ``PostgresError/Kind/connectionClosed``. A transaction left open is rolled back by the
    /// server.
    public func close() {
      lock.lock()
      defer { lock.unlock() }
      if let handle {
        PQfinish(handle)
        self.handle = nil
      }
    }

    /// Runs `body` with the live connection, holding the lock: the only way in to libpq's
    /// connection.
    ///
    /// - Parameter body: What to do with libpq's PGconn; it must not keep the pointer.
    /// - Returns: What `body` returns.
    /// - Throws: ``PostgresError`` of kind ``PostgresError/Kind/connectionClosed`` after
    ///   ``close()``, ``PostgresError/Kind/connectionLost`` when the connection broke earlier,
    ///   and whatever `body` throws.
    func withConnection<T>(_ body: (OpaquePointer) throws -> T) throws -> T {
      lock.lock()
      defer { lock.unlock() }
      if let abandoned {
        throw PostgresError(kind: .connectionLost, message: abandoned, role: role)
      }
      guard let handle else {
        throw PostgresError(
          kind: .connectionClosed, message: "The connection was closed.", role: role)
      }
      guard PQstatus(handle) == CONNECTION_OK else {
        throw PostgresError(
          kind: .connectionLost,
          message: redaction.redact(Self.errorMessage(of: handle)), role: role)
      }
      return try body(handle)
    }

    /// Whether the connection can still run statements: not closed, not given up, not broken.
    public var isUsable: Bool {
      lock.withLock { abandoned == nil && handle.map { PQstatus($0) == CONNECTION_OK } ?? false }
    }

    /// Closes a connection whose server did not answer in time; every later use throws
    /// ``PostgresError/Kind/connectionLost`` with `reason`. Called with the lock held.
    func abandon(_ reason: String) {
      if let handle { PQfinish(handle) }
      handle = nil
      abandoned = reason
    }

    /// Takes the connection's lock for the whole of `body`, so that no other thread's
    /// statement runs in between (the lock is recursive: `body` may use the connection).
    func holdingLock<T>(_ body: () throws -> T) rethrows -> T {
      lock.lock()
      defer { lock.unlock() }
      return try body()
    }

    /// libpq's latest message for a connection, on one line.
    static func errorMessage(of connection: OpaquePointer, limit: Int = 16_384) -> String {
      let text = PQerrorMessage(connection).map { BoundedText.copy($0, limit: limit) } ?? ""
      return oneLine(text)
    }

    /// A libpq message on one line: its lines (libpq breaks them with a newline and a tab) joined
    /// as sentences, without the severity (`FATAL:  `) the server's messages start with.
    static func oneLine(_ text: String) -> String {
      let lines = text.split(whereSeparator: \.isNewline).map { line -> String in
        var trimmed = line.trimmingCharacters(in: .whitespaces)
        for severity in ["FATAL:", "ERROR:", "PANIC:"] where trimmed.hasPrefix(severity) {
          trimmed = trimmed.dropFirst(severity.count).trimmingCharacters(in: .whitespaces)
        }
        return trimmed
      }
      .filter { !$0.isEmpty }
      guard lines.count > 1 else { return lines.first ?? "" }
      return lines.map { line in
        guard let last = line.last, !".!?".contains(last) else { return line }
        return line + "."
      }
      .joined(separator: " ")
    }
  }
#endif
