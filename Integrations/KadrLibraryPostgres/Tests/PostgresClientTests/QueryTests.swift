import Foundation
import PostgresClient
import Testing

@Suite(
  "Statements with parameters",
  .enabled(if: TestServer.testsRun, "No PostgreSQL server: set KADR_POSTGRES (see README)"))
struct QueryTests {
  /// Strings that would break a statement built by splicing text into SQL.
  @Test(arguments: [
    "",  // empty, which must not become NULL
    "it's",  // a quote
    "'; DROP TABLE hostile; --",  // the classic injection
    "\\",  // a lone backslash
    "\\x41 \\000 E'\\n'",  // what looks like bytea or escape-string syntax
    "$1 $2 ?",  // what looks like placeholders
    "\"double\" `back` ${}",  // other quoting characters
    "line\nbreak\ttab\r",  // control characters
    "Ünïcödé 🎬 中文 \u{202E}",  // non-ASCII, an emoji, a right-to-left override
    String(repeating: "ab'\\🎬", count: 50_000),  // very long (350 KB)
  ])
  func hostileStringsRoundTripUnchanged(text: String) throws {
    let connection = try TestServer.connect()
    try connection.execute("CREATE TEMP TABLE hostile (id int PRIMARY KEY, body text)")
    let inserted = try connection.query(
      "INSERT INTO hostile (id, body) VALUES ($1, $2)", [1, .string(text)])
    #expect(inserted.affectedRowCount == 1)
    let rows = try connection.query("SELECT id, body FROM hostile WHERE body = $1", [.string(text)])
    #expect(rows.count == 1)
    #expect(try rows.first?.string("body") == text)
    #expect(try connection.query("SELECT count(*) FROM hostile").first?.int64(0) == 1)
  }

  @Test func byteaWithEveryByteValueRoundTripsInBothOutputFormats() throws {
    let connection = try TestServer.connect()
    let everyByte = Data((0...255).map { UInt8($0) } + (0...255).reversed().map { UInt8($0) })
    try connection.execute("CREATE TEMP TABLE blobs (id int PRIMARY KEY, body bytea)")
    try connection.query("INSERT INTO blobs VALUES ($1, $2)", [1, .data(everyByte)])
    try connection.query("INSERT INTO blobs VALUES ($1, $2)", [2, .data(Data())])
    #expect(
      try connection.query("SELECT length(body) FROM blobs WHERE id = 1").first?.int64(0) == 512)
    for format in ["hex", "escape"] {
      try connection.execute("SET bytea_output = \(format)")
      let rows = try connection.query("SELECT body FROM blobs ORDER BY id")
      #expect(try rows[0].data("body") == everyByte, "bytea_output = \(format)")
      #expect(try rows[1].data("body") == Data(), "bytea_output = \(format)")
    }
  }

  @Test func integersBooleansAndNullsRoundTrip() throws {
    let connection = try TestServer.connect()
    try connection.execute(
      "CREATE TEMP TABLE scalars (id serial, number bigint, small smallint, flag boolean, "
        + "body text, blob bytea)")
    let values: [(Int64?, Bool?)] = [(.min, true), (.max, false), (0, nil), (-1, true), (nil, nil)]
    for (number, flag) in values {
      try connection.query(
        "INSERT INTO scalars (number, small, flag) VALUES ($1, $2::smallint, $3)",
        [number.map { .int($0) }, number.map { .int($0 % 1000) }, flag.map { .bool($0) }])
    }
    let rows = try connection.query(
      "SELECT number, small, flag, body, blob FROM scalars ORDER BY id")
    #expect(rows.count == values.count)
    for (row, (number, flag)) in zip(rows, values) {
      #expect(try row.int64("number") == number)
      #expect(try row.int64("small") == number.map { $0 % 1000 })
      #expect(try row.bool("flag") == flag)
      #expect(try row.string("body") == nil)
      #expect(try row.data("blob") == nil)
    }
  }

  @Test func literalsAndNilMakeParameters() throws {
    let connection = try TestServer.connect()
    let row = try #require(
      try connection.query(
        "SELECT $1::text AS a, $2::bigint AS b, $3::boolean AS c, $4::text AS d",
        ["text", 42, true, nil]
      ).first)
    #expect(try row.string("a") == "text")
    #expect(try row.int64("b") == 42)
    #expect(try row.bool("c") == true)
    #expect(try row.string("d") == nil)
  }

  @Test func readingAColumnAsAnotherTypeIsATypeMismatch() throws {
    let connection = try TestServer.connect()
    let row = try #require(
      try connection.query(
        "SELECT 1::int AS number, 'one'::text AS word, '\\x01'::bytea AS blob, true AS flag"
      ).first)
    let asData = expectPostgresError(.typeMismatch) { _ = try row.data("number") }
    #expect(asData?.errorDescription?.contains("'number'") == true)
    #expect(asData?.errorDescription?.contains("integer") == true)
    expectPostgresError(.typeMismatch) { _ = try row.int64("word") }
    expectPostgresError(.typeMismatch) { _ = try row.string("blob") }
    expectPostgresError(.typeMismatch) { _ = try row.bool(0) }
    expectPostgresError(.typeMismatch) { _ = try row.int64("flag") }
    #expect(try row.string("number") == "1")
    #expect(try row.string("flag") == "t")
  }

  @Test func unknownColumnsAreReportedByNameAndNumber() throws {
    let connection = try TestServer.connect()
    let row = try #require(try connection.query("SELECT 1 AS one, 2 AS two").first)
    let byName = expectPostgresError(.noSuchColumn) { _ = try row.int64("three") }
    #expect(byName?.errorDescription?.contains("'one', 'two'") == true)
    expectPostgresError(.noSuchColumn) { _ = try row.int64(2) }
    expectPostgresError(.noSuchColumn) { _ = try row.int64(-1) }
    #expect(row.columns.map(\.name) == ["one", "two"])
  }

  @Test func nulCharactersAreRefusedBeforeAnythingRuns() throws {
    let connection = try TestServer.connect()
    try connection.execute("CREATE TEMP TABLE victims (id int)")
    try connection.query("INSERT INTO victims VALUES (1)")
    expectPostgresError(.invalidRequest) {
      try connection.query("DELETE FROM victims\0 WHERE id = 2")
    }
    expectPostgresError(.invalidRequest) {
      try connection.execute("DELETE FROM victims\0 WHERE id = 2")
    }
    expectPostgresError(.invalidRequest) {
      try connection.query("SELECT $1::text", ["before\0after"])
    }
    #expect(try connection.query("SELECT count(*) FROM victims").first?.int64(0) == 1)
  }

  @Test func copyIsRefusedAndTheConnectionStaysUsable() throws {
    let connection = try TestServer.connect()
    try connection.execute("CREATE TEMP TABLE copied (id int)")
    expectPostgresError(.invalidRequest) {
      try connection.query("COPY (SELECT generate_series(1, 1000)) TO STDOUT")
    }
    expectPostgresError(.invalidRequest) { try connection.query("COPY copied FROM STDIN") }
    #expect(try connection.query("SELECT count(*) FROM copied").first?.int64(0) == 0)
    #expect(try connection.query("SELECT 7").first?.int64(0) == 7)
  }

  @Test func commandTagAndAffectedRowsDescribeTheStatement() throws {
    let connection = try TestServer.connect()
    try connection.execute("CREATE TEMP TABLE counted (id int); CREATE TEMP TABLE other (id int)")
    try connection.query("INSERT INTO counted SELECT generate_series(1, 5)")
    let updated = try connection.query("UPDATE counted SET id = id + 10 WHERE id > $1", [2])
    #expect(updated.commandTag == "UPDATE 3")
    #expect(updated.affectedRowCount == 3)
    #expect(updated.isEmpty)
    let selected = try connection.query("SELECT id FROM counted ORDER BY id")
    #expect(try selected.map { try $0.int64(0) } == [1, 2, 13, 14, 15])
  }
}
