// The PostgreSQL trait of kadr-persistence builds this module; without it, it is empty.
#if PostgreSQL
  /// The type OIDs this library reads and sends, from PostgreSQL's `pg_type` catalog (these
  /// built-in OIDs are fixed across versions).
  enum PostgresType {
    static let bool: UInt32 = 16
    static let bytea: UInt32 = 17
    static let int8: UInt32 = 20
    static let int2: UInt32 = 21
    static let int4: UInt32 = 23
    /// Lets the server infer a parameter's type from the statement.
    static let unspecified: UInt32 = 0

    /// The integer types ``PostgresRow/int64(_:)-(Int)`` reads.
    static let integers: Set<UInt32> = [int2, int4, int8]

    /// A readable name for a type OID, for messages.
    ///
    /// - Parameter oid: A type OID.
    /// - Returns: The type's name for the common built-in types, else `type OID n`.
    static func name(_ oid: UInt32) -> String {
      let names: [UInt32: String] = [
        16: "boolean", 17: "bytea", 18: "char", 19: "name", 20: "bigint", 21: "smallint",
        23: "integer", 25: "text", 26: "oid", 114: "json", 700: "real", 701: "double precision",
        1042: "character", 1043: "character varying", 1082: "date", 1114: "timestamp",
        1184: "timestamp with time zone", 1700: "numeric", 2950: "uuid", 3802: "jsonb",
      ]
      return names[oid] ?? "type OID \(oid)"
    }
  }
#endif
