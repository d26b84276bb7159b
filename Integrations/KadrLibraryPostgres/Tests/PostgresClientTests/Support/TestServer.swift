import Foundation
import PostgresClient
import PostgresTestServer
import Testing

/// The PostgreSQL server the client's tests run against (`KADR_POSTGRES`; see
/// ``PostgresTestServer``).
typealias TestServer = PostgresTestServer

/// Expects `body` to throw a ``PostgresError`` of a kind, and returns it for more checks.
///
/// - Parameters:
///   - kind: The kind the error must have.
///   - sourceLocation: Where a failure is reported (the caller).
///   - body: What must fail.
/// - Returns: The error, or `nil` when there was none of that type.
@discardableResult
func expectPostgresError(
  _ kind: PostgresError.Kind, sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () throws -> Void
) -> PostgresError? {
  let error = #expect(throws: PostgresError.self, sourceLocation: sourceLocation) {
    try body()
  }
  if let error {
    #expect(
      error.kind == kind, "kind \(error.kind), expected \(kind): \(error)",
      sourceLocation: sourceLocation)
  }
  return error
}
