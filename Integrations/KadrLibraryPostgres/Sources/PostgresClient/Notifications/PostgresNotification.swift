// The PostgreSQL trait of kadr-persistence builds this module; without it, it is empty.
#if PostgreSQL
  /// A notification sent with `NOTIFY` or `pg_notify` on a channel the connection listens to.
  public struct PostgresNotification: Sendable, Hashable {
    /// The channel it was sent on.
    public let channel: String

    /// The text sent with it (empty when there was none).
    public let payload: String

    /// The server process of the session that sent it: compare with
    /// ``PostgresConnection/backendProcessID`` to tell a connection's own notifications apart.
    public let processID: Int32

    /// Creates a notification.
    ///
    /// - Parameters:
    ///   - channel: The channel it was sent on.
    ///   - payload: The text sent with it.
    ///   - processID: The server process of the session that sent it.
    public init(channel: String, payload: String, processID: Int32) {
      self.channel = channel
      self.payload = payload
      self.processID = processID
    }
  }
#endif
