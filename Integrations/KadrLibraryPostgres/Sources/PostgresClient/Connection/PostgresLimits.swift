// The PostgreSQL trait of kadr-persistence builds this module; without it, it is empty.
#if PostgreSQL
  /// How much a connection accepts from the server, so that a misbehaving or hostile server
  /// cannot fill the client's memory.
  ///
  /// An answer is read row by row, its bytes counted as they arrive; past ``maximumAnswerBytes``
  /// the connection is closed without reading the rest, and the call throws
  /// ``PostgresError/Kind/answerTooLarge``. Each text field of an error the server sends (its
  /// message, detail, hint) is kept to ``maximumErrorFieldBytes``.
  ///
  /// ```swift
  /// var limits = PostgresLimits()
  /// limits.maximumAnswerBytes = 64 << 20  // a client that lists and never downloads images
  /// let connection = try PostgresConnection(connectionString: "dbname=kadr", limits: limits)
  /// ```
  public struct PostgresLimits: Sendable, Hashable {
    /// The most bytes of field values one statement's answer may carry; 1 GiB by default, room
    /// for the largest value PostgreSQL itself stores in a field.
    public var maximumAnswerBytes: Int
    /// The most bytes kept of each text field of a server's error; 4 KiB by default.
    public var maximumErrorFieldBytes: Int

    /// Limits for an app: answers up to 1 GiB, error fields up to 4 KiB.
    ///
    /// - Parameters:
    ///   - maximumAnswerBytes: The most bytes of one statement's rows.
    ///   - maximumErrorFieldBytes: The most bytes kept of each field of an error.
    public init(maximumAnswerBytes: Int = 1 << 30, maximumErrorFieldBytes: Int = 4096) {
      self.maximumAnswerBytes = max(1, maximumAnswerBytes)
      self.maximumErrorFieldBytes = max(64, maximumErrorFieldBytes)
    }
  }
#endif
