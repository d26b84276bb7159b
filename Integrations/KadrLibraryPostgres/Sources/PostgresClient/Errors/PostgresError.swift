// The PostgreSQL trait of kadr-persistence builds this module; without it, it is empty.
#if PostgreSQL
  import Foundation

  /// Why a PostgreSQL connection, statement or read of a result failed.
  ///
  /// Match on ``kind`` in one line (`error.kind == .uniqueViolation`); kinds may be added, so a
  /// `switch` over it needs a `default`. A failure the server reported carries its SQLSTATE in
  /// ``sqlState`` and its own ``message``, ``detail`` and ``hint``; ``errorDescription`` turns them
  /// into a sentence that says what to do. No message ever holds the password of the connection
  /// string: it is replaced with `********` before the error is made.
  public struct PostgresError: Error, Sendable, Hashable, LocalizedError {
    /// What kind of failure this is.
    public let kind: Kind

    /// The five-character SQLSTATE the server reported (`42501`, `23505`, …), or `nil` when the
    /// failure did not come from the server (no connection, a type mismatch in a result, …).
    public let sqlState: String?

    /// The server's primary message, or libpq's, or this library's when the failure is local.
    public let message: String

    /// The server's detail message (`Key (id)=(7) already exists.`), if it sent one.
    public let detail: String?

    /// The server's hint, if it sent one.
    public let hint: String?

    /// The database role the connection was made as, when known: the role a privilege must be
    /// granted to.
    public let role: String?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: What kind of failure this is.
    ///   - message: What happened, without any password in it.
    ///   - sqlState: The SQLSTATE the server reported, if any.
    ///   - detail: The server's detail message, if any.
    ///   - hint: The server's hint, if any.
    ///   - role: The database role of the connection, if known.
    public init(
      kind: Kind, message: String, sqlState: String? = nil, detail: String? = nil,
      hint: String? = nil, role: String? = nil
    ) {
      self.kind = kind
      self.message = message
      self.sqlState = sqlState
      self.detail = detail
      self.hint = hint
      self.role = role
    }

    /// What went wrong, in one sentence a person can act on (no socket path, no protocol text);
    /// ``failureReason`` has the server's own words and ``recoverySuggestion`` says how to fix
    /// it (a tool that prints all three prints each once).
    public var errorDescription: String? { problem }

    /// The server's or libpq's own words (message, detail, SQLSTATE), for a log or a developer;
    /// `nil` for failures this library describes itself (a type mismatch, a closed connection).
    public var failureReason: String? { serverText }

    /// How to fix it, when there is something to do.
    public var recoverySuggestion: String? { fix }
  }

  extension PostgresError: CustomStringConvertible {
    /// The error's sentences (what happened, the server's words, then the fix), so that
    /// `print(error)` and string interpolation show them rather than the fields.
    public var description: String {
      [problem, serverText, fix].compactMap { $0 }.joined(separator: " ")
    }
  }
#endif
