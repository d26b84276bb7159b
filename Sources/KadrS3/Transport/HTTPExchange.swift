import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One HTTP request and its answer, as the S3 client sends them.
struct HTTPExchange: Sendable {
  /// What went wrong before an answer arrived.
  enum Failure: Error, Sendable {
    /// The body passed `limit` bytes (or `Content-Length` said it would).
    case tooLarge(size: Int, limit: Int)
    /// The deadline passed.
    case timedOut
    /// The connection failed.
    case transport(String)
  }

  /// An answer: status, headers (names lowercased) and body.
  struct Response: Sendable {
    /// The HTTP status.
    let status: Int
    /// The headers, names lowercased.
    let headers: [String: String]
    /// The body.
    let body: Data
  }
}
