// The PostgreSQL trait of kadr-persistence builds this module; without it, it is empty.
#if PostgreSQL
  /// How a transaction is isolated from the others running at the same time.
  ///
  /// See "Transaction Isolation" in the PostgreSQL documentation. Under ``repeatableRead`` and
  /// ``serializable`` a transaction may fail with ``PostgresError/Kind/serializationFailure`` and
  /// must then be run again as a whole.
  public enum PostgresIsolationLevel: Sendable, Hashable {
    /// Each statement sees the data committed before it began (PostgreSQL's default).
    case readCommitted
    /// Every statement sees the data committed before the transaction's first statement.
    case repeatableRead
    /// The transaction behaves as if the transactions ran one after the other.
    case serializable

    /// The level's name in a `BEGIN ISOLATION LEVEL …` statement.
    var sql: String {
      switch self {
      case .readCommitted: "READ COMMITTED"
      case .repeatableRead: "REPEATABLE READ"
      case .serializable: "SERIALIZABLE"
      }
    }
  }
#endif
