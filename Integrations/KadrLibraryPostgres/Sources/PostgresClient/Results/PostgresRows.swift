// The PostgreSQL trait of kadr-persistence builds this module; without it, it is empty.
#if PostgreSQL
  /// The rows a statement returned, copied out of libpq, with what the statement did.
  ///
  /// A value: nothing in it refers to the connection, so it can be kept, sent to another task or
  /// read after the connection is closed. Index it like an array, or iterate it.
  public struct PostgresRows: Sendable, RandomAccessCollection {
    /// The result's columns, in order.
    public var columns: [PostgresColumn] { table.columns }

    /// The server's command tag: `SELECT 3`, `INSERT 0 1`, `CREATE TABLE`.
    public let commandTag: String

    /// The number of rows the statement inserted, updated, deleted, selected or copied (from the
    /// command tag), or `0` for a statement that touches no rows.
    public let affectedRowCount: Int

    let table: ColumnTable
    let rows: [PostgresRow]

    init(table: ColumnTable, rows: [PostgresRow], commandTag: String, affectedRowCount: Int) {
      self.table = table
      self.rows = rows
      self.commandTag = commandTag
      self.affectedRowCount = affectedRowCount
    }

    /// The index of the first row.
    public var startIndex: Int { rows.startIndex }

    /// The index after the last row.
    public var endIndex: Int { rows.endIndex }

    /// The row at an index.
    ///
    /// - Parameter position: An index from `startIndex` up to, not including, `endIndex`.
    public subscript(position: Int) -> PostgresRow { rows[position] }
  }
#endif
