import Foundation
import KadrPersistenceCore

/// Why an ``S3ImageStore`` refused a request: what it was doing, on which token or key, and why.
///
/// The messages never quote a secret access key or a session token (the server's own messages
/// are redacted of them too); they name the bucket, the key and the access key id.
///
/// ## Growing
///
/// New cases may be added to ``Reason`` in any release: match the ones you handle and end a
/// `switch` in `default:`. ``errorDescription`` and ``failureReason`` cover every case.
///
/// ```swift
/// if case .accessDenied = (error as? S3ImageStoreError)?.reason { askForAnotherKey() }
/// ```
public struct S3ImageStoreError: Error, Sendable, Hashable, TokenNamingError {
  /// What the store was doing.
  public enum Operation: String, Sendable, Hashable {
    /// Reading the configuration (variables, files).
    case configure
    /// Proving at start that the server honours conditional writes.
    case probe
    /// Saving an image (one `PUT`, or a multipart upload).
    case put
    /// Reading an image.
    case get
  }

  /// Why the request failed.
  public enum Reason: Sendable, Hashable {
    /// No credentials in the variables nor in the profile of the credentials file.
    case missingCredentials(profile: String, file: String)
    /// An endpoint variable is not an absolute URL.
    case invalidEndpoint(String)
    /// The token is not `s3:<64 lowercase hex digits>.<png|jpg|gif|webp>`.
    case invalidToken(detail: String)
    /// The bucket has no object under the key.
    case notFound
    /// The image is larger than the configured limit.
    case tooLarge(size: Int, limit: Int)
    /// The bytes read do not hash to the digest in the key (a corrupted or replaced object).
    case contentMismatch(actualHash: String)
    /// The bytes read are not an image, or not of the key's format.
    case notAnImage(detail: String)
    /// The server refused the credentials or the action (403: `AccessDenied`,
    /// `InvalidAccessKeyId`, `SignatureDoesNotMatch`).
    case accessDenied(code: String, message: String)
    /// The server refused the bytes: they do not match the SHA-256 sent with them.
    case checksumRejected(code: String, message: String)
    /// The server refused the request for another reason (a 4xx; never retried).
    case refused(status: Int, code: String, message: String)
    /// The server failed (5xx or `SlowDown`) on every try.
    case serverFailed(status: Int, code: String, attempts: Int)
    /// No answer: the connection failed.
    case transport(detail: String)
    /// The call did not finish within the time limit.
    case timedOut(seconds: Double)
    /// A second write with `If-None-Match: *` was accepted instead of answered 412.
    case conditionalWritesIgnored(status: Int)
  }

  /// Why the request failed.
  public let reason: Reason
  /// What the store was doing.
  public let operation: Operation
  /// The image's token, when the request was about one.
  public let token: String?
  /// The bucket and key, when there were some (`bucket/key`).
  public let location: String?

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - reason: Why.
  ///   - operation: What the store was doing.
  ///   - token: The image's token.
  ///   - location: `bucket/key`.
  public init(
    _ reason: Reason, operation: Operation, token: String? = nil, location: String? = nil
  ) {
    self.reason = reason
    self.operation = operation
    self.token = token
    self.location = location
  }

  /// The token the error is about, for the coder's report.
  public var failedToken: String? { token }
}

extension S3ImageStoreError {
  /// Whether the bucket had no object under the key.
  var isNotFound: Bool {
    if case .notFound = reason { return true }
    return false
  }
}
