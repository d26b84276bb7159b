import Foundation

/// An HTTP request as the signer sees it: a method, a path, a raw query, headers in order and a
/// body.
///
/// The path is not percent-encoded (`/example space/`, an object key as it is); the signer encodes
/// it for the canonical request. The query is the raw text after `?`, kept as it is in the
/// signed request and decoded then re-encoded for the canonical one. Header names keep their case
/// and values their spacing: the signed request repeats them as given, and only the canonical
/// request lowercases, trims and folds them.
package struct SignableRequest: Sendable, Hashable {
  /// The method, such as `GET` or `PUT`.
  package var method: String
  /// The path, starting with `/`, not percent-encoded.
  package var path: String
  /// The raw query, without `?` (empty when there is none).
  package var query: String
  /// The headers, in order, names as given; a name may repeat.
  package var headers: [Header]
  /// The body (empty when there is none).
  package var body: Data

  /// One header line: a name and its raw value.
  package struct Header: Sendable, Hashable {
    /// The name, as given.
    package var name: String
    /// The value, as given (spaces and folded lines kept).
    package var value: String

    /// Creates a header.
    package init(_ name: String, _ value: String) {
      self.name = name
      self.value = value
    }
  }

  /// Creates a request.
  package init(
    method: String, path: String, query: String = "", headers: [Header], body: Data = Data()
  ) {
    self.method = method
    self.path = path
    self.query = query
    self.headers = headers
    self.body = body
  }
}
