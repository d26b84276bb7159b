// The PostgreSQL trait of kadr-persistence builds this module; without it, it is empty.
#if PostgreSQL
  /// A column of a result: its name and its type.
  public struct PostgresColumn: Sendable, Hashable {
    /// The column's name as the statement gave it (`id`, or `count` for `count(*)`).
    public let name: String

    /// The OID of the column's type in `pg_type` (`23` for `integer`, `17` for `bytea`).
    public let typeOID: UInt32

    /// Creates a column description.
    ///
    /// - Parameters:
    ///   - name: The column's name.
    ///   - typeOID: The OID of its type.
    public init(name: String, typeOID: UInt32) {
      self.name = name
      self.typeOID = typeOID
    }
  }

  /// The columns of one result, shared by all its rows, with a lookup by name.
  struct ColumnTable: Sendable {
    let columns: [PostgresColumn]
    /// The first column of each name (a result may repeat a name: `SELECT 1 AS a, 2 AS a`).
    let indexByName: [String: Int]

    init(_ columns: [PostgresColumn]) {
      self.columns = columns
      var indexByName: [String: Int] = [:]
      for (index, column) in columns.enumerated() where indexByName[column.name] == nil {
        indexByName[column.name] = index
      }
      self.indexByName = indexByName
    }
  }
#endif
