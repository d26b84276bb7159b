// The PostgreSQL trait of kadr-persistence builds this module; without it, it is empty.
#if PostgreSQL
  import Foundation

  /// One row of a result, read column by column with a typed accessor.
  ///
  /// Each accessor takes a column's index (from 0) or name and returns `nil` for SQL `NULL`. It
  /// checks the column's type first, so a mistake shows as a ``PostgresError`` of kind
  /// ``PostgresError/Kind/typeMismatch`` rather than as a wrong value:
  ///
  /// - ``string(_:)-(Int)`` reads the text of any column except `bytea`;
  /// - ``int64(_:)-(Int)`` reads `smallint`, `integer` and `bigint`;
  /// - ``bool(_:)-(Int)`` reads `boolean`;
  /// - ``data(_:)-(Int)`` reads `bytea`.
  ///
  /// By name, the first column of that name is read.
  public struct PostgresRow: Sendable {
    private let table: ColumnTable
    /// Each column's value as the server sent it in text format, `nil` for `NULL`.
    private let cells: [[UInt8]?]

    init(table: ColumnTable, cells: [[UInt8]?]) {
      self.table = table
      self.cells = cells
    }

    /// The result's columns, in order.
    public var columns: [PostgresColumn] { table.columns }

    /// The text of a column, or `nil` for `NULL`.
    ///
    /// - Parameter column: The column's index, from 0.
    /// - Returns: The value's text (`42`, `t`, `2024-05-01`), as PostgreSQL writes it.
    /// - Throws: ``PostgresError`` of kind ``PostgresError/Kind/noSuchColumn`` for an index out
    ///   of range, ``PostgresError/Kind/typeMismatch`` for a `bytea` column (read it with
    ///   ``data(_:)-(Int)``).
    public func string(_ column: Int) throws -> String? {
      try text(at: try check(column), as: "String")
    }

    /// The text of the first column of a name, or `nil` for `NULL`.
    ///
    /// - Parameter column: The column's name.
    /// - Returns: The value's text, as PostgreSQL writes it.
    /// - Throws: ``PostgresError`` of kind ``PostgresError/Kind/noSuchColumn`` for an unknown
    ///   name, ``PostgresError/Kind/typeMismatch`` for a `bytea` column.
    public func string(_ column: String) throws -> String? {
      try text(at: try index(of: column), as: "String")
    }

    /// An integer column's value, or `nil` for `NULL`.
    ///
    /// - Parameter column: The column's index, from 0.
    /// - Returns: The value of a `smallint`, `integer` or `bigint` column.
    /// - Throws: ``PostgresError`` of kind ``PostgresError/Kind/noSuchColumn`` for an index out
    ///   of range, ``PostgresError/Kind/typeMismatch`` for a column of another type.
    public func int64(_ column: Int) throws -> Int64? {
      try integer(at: try check(column))
    }

    /// The value of the first integer column of a name, or `nil` for `NULL`.
    ///
    /// - Parameter column: The column's name.
    /// - Returns: The value of a `smallint`, `integer` or `bigint` column.
    /// - Throws: ``PostgresError`` of kind ``PostgresError/Kind/noSuchColumn`` for an unknown
    ///   name, ``PostgresError/Kind/typeMismatch`` for a column of another type.
    public func int64(_ column: String) throws -> Int64? {
      try integer(at: try index(of: column))
    }

    /// A `boolean` column's value, or `nil` for `NULL`.
    ///
    /// - Parameter column: The column's index, from 0.
    /// - Returns: The value.
    /// - Throws: ``PostgresError`` of kind ``PostgresError/Kind/noSuchColumn`` for an index out
    ///   of range, ``PostgresError/Kind/typeMismatch`` for a column of another type.
    public func bool(_ column: Int) throws -> Bool? {
      try boolean(at: try check(column))
    }

    /// The value of the first `boolean` column of a name, or `nil` for `NULL`.
    ///
    /// - Parameter column: The column's name.
    /// - Returns: The value.
    /// - Throws: ``PostgresError`` of kind ``PostgresError/Kind/noSuchColumn`` for an unknown
    ///   name, ``PostgresError/Kind/typeMismatch`` for a column of another type.
    public func bool(_ column: String) throws -> Bool? {
      try boolean(at: try index(of: column))
    }

    /// A `bytea` column's bytes, or `nil` for `NULL`.
    ///
    /// - Parameter column: The column's index, from 0.
    /// - Returns: The bytes.
    /// - Throws: ``PostgresError`` of kind ``PostgresError/Kind/noSuchColumn`` for an index out
    ///   of range, ``PostgresError/Kind/typeMismatch`` for a column of another type.
    public func data(_ column: Int) throws -> Data? {
      try bytes(at: try check(column))
    }

    /// The bytes of the first `bytea` column of a name, or `nil` for `NULL`.
    ///
    /// - Parameter column: The column's name.
    /// - Returns: The bytes.
    /// - Throws: ``PostgresError`` of kind ``PostgresError/Kind/noSuchColumn`` for an unknown
    ///   name, ``PostgresError/Kind/typeMismatch`` for a column of another type.
    public func data(_ column: String) throws -> Data? {
      try bytes(at: try index(of: column))
    }
  }

  extension PostgresRow {
    private func check(_ index: Int) throws -> Int {
      guard cells.indices.contains(index) else {
        throw PostgresError(
          kind: .noSuchColumn,
          message: "The result has no column number \(index): it has \(cells.count) "
            + "(numbered from 0).")
      }
      return index
    }

    private func index(of name: String) throws -> Int {
      guard let index = table.indexByName[name] else {
        let names = table.columns.map { "'\($0.name)'" }.joined(separator: ", ")
        throw PostgresError(
          kind: .noSuchColumn,
          message: "The result has no column named '\(name)'; its columns are \(names).")
      }
      return index
    }

    /// The cell at a valid index, after checking that the column's type is one of `types`.
    private func cell(at index: Int, types: Set<UInt32>, as swiftType: String) throws
      -> [UInt8]?
    {
      guard types.contains(table.columns[index].typeOID) else {
        throw mismatch(at: index, as: swiftType)
      }
      return cells[index]
    }

    private func mismatch(at index: Int, as swiftType: String, value: [UInt8]? = nil)
      -> PostgresError
    {
      let column = table.columns[index]
      let what = "Column '\(column.name)' (number \(index)) is \(PostgresType.name(column.typeOID))"
      guard let value else {
        return PostgresError(
          kind: .typeMismatch, message: "\(what); it cannot be read as \(swiftType).")
      }
      let shown = String(decoding: value.prefix(40), as: UTF8.self)
      return PostgresError(
        kind: .typeMismatch,
        message: "\(what), but its value '\(shown)' cannot be read as \(swiftType).")
    }

    private func text(at index: Int, as swiftType: String) throws -> String? {
      guard table.columns[index].typeOID != PostgresType.bytea else {
        throw mismatch(at: index, as: swiftType)
      }
      return cells[index].map { String(decoding: $0, as: UTF8.self) }
    }

    private func integer(at index: Int) throws -> Int64? {
      guard let value = try cell(at: index, types: PostgresType.integers, as: "Int64") else {
        return nil
      }
      guard let number = Int64(String(decoding: value, as: UTF8.self)) else {
        throw mismatch(at: index, as: "Int64", value: value)
      }
      return number
    }

    private func boolean(at index: Int) throws -> Bool? {
      guard let value = try cell(at: index, types: [PostgresType.bool], as: "Bool") else {
        return nil
      }
      switch value {
      case [UInt8(ascii: "t")]: return true
      case [UInt8(ascii: "f")]: return false
      default: throw mismatch(at: index, as: "Bool", value: value)
      }
    }

    private func bytes(at index: Int) throws -> Data? {
      guard let value = try cell(at: index, types: [PostgresType.bytea], as: "Data") else {
        return nil
      }
      guard let decoded = ByteaText.decode(value) else {
        throw mismatch(at: index, as: "Data", value: value)
      }
      return Data(decoded)
    }
  }
#endif
