// The PostgreSQL trait of kadr-persistence builds this module; without it, it is empty.
#if PostgreSQL
  import Foundation

  /// A statement parameter, sent to the server apart from the statement's text.
  ///
  /// Parameters never become part of the SQL: ``PostgresConnection/query(_:_:)`` passes them
  /// out-of-line (`$1`, `$2`, …), so no value can change what a statement does. Text, integers and
  /// booleans travel in PostgreSQL's text format, `Data` in binary format as `bytea`. A `nil` in
  /// the parameter list is SQL `NULL`. Literals work directly: `["name", 42, true, nil]`.
  public enum PostgresValue: Sendable, Hashable {
    /// Text, of a type the server infers from the statement (`text` when nothing says
    /// otherwise), so that it fits `varchar`, `json`, `uuid` or `timestamptz` columns alike.
    /// It must not contain a NUL character, which PostgreSQL text cannot hold.
    case string(String)
    /// A `bigint`. Where a function wants an `integer`, cast the parameter: `$1::int`.
    case int(Int64)
    /// A `boolean`.
    case bool(Bool)
    /// A `bytea`, sent in binary format: any bytes, NUL included.
    case data(Data)
  }

  extension PostgresValue: ExpressibleByStringLiteral {
    /// Creates a ``string(_:)`` parameter from a literal.
    ///
    /// - Parameter value: The text.
    public init(stringLiteral value: String) {
      self = .string(value)
    }
  }

  extension PostgresValue: ExpressibleByIntegerLiteral {
    /// Creates an ``int(_:)`` parameter from a literal.
    ///
    /// - Parameter value: The integer.
    public init(integerLiteral value: Int64) {
      self = .int(value)
    }
  }

  extension PostgresValue: ExpressibleByBooleanLiteral {
    /// Creates a ``bool(_:)`` parameter from a literal.
    ///
    /// - Parameter value: The boolean.
    public init(booleanLiteral value: Bool) {
      self = .bool(value)
    }
  }
#endif
