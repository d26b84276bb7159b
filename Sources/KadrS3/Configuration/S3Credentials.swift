import Foundation

/// The keys that sign requests to an S3-compatible server: an access key id, its secret, and the
/// session token of temporary credentials.
///
/// The secret and the token are never printed: ``description`` and `debugDescription` show the
/// access key id alone, and no error of this module quotes either of them.
///
/// ```swift
/// let keys = S3Credentials(accessKeyID: "AKIDEXAMPLE", secretAccessKey: secret)
/// ```
public struct S3Credentials: Sendable, Hashable, CustomStringConvertible,
  CustomDebugStringConvertible
{
  /// The access key id, which names the key (not a secret; it appears in every request).
  public let accessKeyID: String
  /// The secret access key, which signs requests.
  public let secretAccessKey: String
  /// The session token of temporary credentials (from STS or SSO), or `nil`.
  public let sessionToken: String?

  /// Creates credentials from their parts.
  ///
  /// - Parameters:
  ///   - accessKeyID: The access key id.
  ///   - secretAccessKey: The secret access key.
  ///   - sessionToken: The session token of temporary credentials, or `nil`.
  public init(accessKeyID: String, secretAccessKey: String, sessionToken: String? = nil) {
    self.accessKeyID = accessKeyID
    self.secretAccessKey = secretAccessKey
    self.sessionToken = sessionToken.flatMap { $0.isEmpty ? nil : $0 }
  }

  /// The access key id and whether there is a session token; never the secret or the token.
  public var description: String {
    "S3Credentials(accessKeyID: \(accessKeyID), secretAccessKey: <redacted>"
      + (sessionToken == nil ? ")" : ", sessionToken: <redacted>)")
  }

  /// The same as ``description``: the secret is redacted in debug output too.
  public var debugDescription: String { description }
}
