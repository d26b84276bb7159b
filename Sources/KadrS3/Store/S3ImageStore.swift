import Foundation
import KadrModel
import KadrPersistence
import KadrPersistenceCore

/// An image store that keeps each image as a content-addressed object in an S3-compatible
/// bucket (Amazon S3, Cloudflare R2, Backblaze B2, MinIO, Ceph, SeaweedFS).
///
/// Tokens are `s3:<sha256>.<ext>`, and the object key is the same name under the configured
/// prefix (`images/<sha256>.png`), so the same image is stored once and a token names its key
/// wherever the bucket is.
///
/// ```swift
/// let store = try S3ImageStore(
///   configuration: .fromEnvironment(bucket: "team-media", prefix: "images/"))
/// let data = try KadrCoding.data(for: video, images: store)
/// ```
///
/// ## Writes
///
/// A write is conditional (`If-None-Match: *`): a 412 means the image is already there, so a
/// duplicate costs one round trip and two uploaders never overwrite each other. It carries
/// `x-amz-checksum-sha256`, so the server refuses bytes damaged on the way. From
/// ``S3Configuration/multipartThreshold`` on, it goes in parts; a failed multipart upload is
/// aborted. The store proves at start that the server honours conditional writes (some S3 clones
/// accept the header and ignore it) and refuses one that does not.
///
/// ## Reads
///
/// A read is bounded in size (``S3Configuration/maximumImageBytes``, checked while receiving)
/// and time (``S3Configuration/timeout``), and the bytes must hash to the digest in the key.
/// ``presignedURL(for:expiresIn:)`` hands an app a URL that downloads an image with no
/// credentials.
///
/// ## Failures and secrets
///
/// A 5xx or `SlowDown` answer is retried with backoff, at most
/// ``S3Configuration/maximumAttempts`` tries within the call's time limit; a 4xx never is.
/// Errors are ``S3ImageStoreError`` values (wrapped in `PersistenceError` by the
/// `ImageStore` methods). No error, description or log names the secret key or session token.
public final class S3ImageStore: ImageStore, Sendable, CustomStringConvertible {
  /// The scheme of this store's tokens: `s3`.
  public static let scheme = S3ImageName.scheme

  /// Where the images are and how the store talks to the server.
  public var configuration: S3Configuration { client.configuration }

  /// The signing and sending of requests.
  let client: S3Client

  /// Creates a store and, unless told not to, proves that the server honours conditional
  /// writes: it puts a probe object under the prefix twice with `If-None-Match: *`, expects 412
  /// the second time, and deletes it.
  ///
  /// - Parameters:
  ///   - configuration: The bucket, credentials and limits.
  ///   - checksConditionalWrites: Whether to run the probe (it writes; a read-only key fails it).
  /// - Throws: ``S3ImageStoreError``: ``S3ImageStoreError/Reason/conditionalWritesIgnored(status:)``
  ///   when the server accepted the second write, or the error of the probe's requests
  ///   (``S3ImageStoreError/Reason/accessDenied(code:message:)`` for a key that may not write).
  public init(configuration: S3Configuration, checksConditionalWrites: Bool = true) throws {
    client = S3Client(configuration: configuration)
    if checksConditionalWrites { try proveConditionalWrites() }
  }

  /// The endpoint, bucket, prefix and access key id; never the secret.
  public var description: String { "S3ImageStore(\(configuration))" }

  /// Whether `token` is a well-formed token of this store (the object may still be missing).
  ///
  /// - Parameter token: Any string.
  public static func isToken(_ token: String) -> Bool {
    (try? S3ImageName(token: token)) != nil
  }

  /// The object key of `token` in the bucket, or `nil` when it is not one of this store's.
  ///
  /// - Parameter token: Any string.
  public func key(for token: String) -> String? {
    (try? S3ImageName(token: token)).map(key(of:))
  }

  /// The key of `name`: the prefix, then the name.
  func key(of name: S3ImageName) -> String {
    configuration.prefix + name.objectName
  }

  /// The deadline of a call starting now.
  func deadline() -> Date {
    Date(timeIntervalSinceNow: configuration.timeout)
  }

  /// Returns the token of `image`, uploading it unless the bucket has it.
  ///
  /// - Parameter image: The image to save.
  /// - Returns: `s3:<sha256>.<ext>`.
  /// - Throws: `PersistenceError` whose underlying error is an ``S3ImageStoreError``.
  public func token(for image: PlatformImage) throws -> String {
    let name = S3ImageName(data: image.data, format: image.format)
    do {
      try store(image.data, as: name)
    } catch {
      throw PersistenceError.imageStore(error)
    }
    return name.token
  }

  /// Returns the image under `token`, after checking its bytes against the digest.
  ///
  /// - Parameter token: An `s3:` token written by this store.
  /// - Returns: The image.
  /// - Throws: `PersistenceError`: `PersistenceError/imageUnresolvable(token:)` when the
  ///   bucket has no such object; otherwise a failure whose underlying ``S3ImageStoreError``
  ///   says why.
  public func image(for token: String) throws -> PlatformImage {
    do {
      return try fetch(token)
    } catch  where error.isNotFound {
      throw PersistenceError.imageUnresolvable(token: token)
    } catch {
      throw PersistenceError.imageStore(error, token: token, reading: true)
    }
  }

  /// A URL that downloads the image of `token` with no credentials, for `seconds`.
  ///
  /// - Parameters:
  ///   - token: An `s3:` token.
  ///   - seconds: How long the URL works: 1 second to 7 days (S3's limits; clamped).
  /// - Returns: The URL.
  /// - Throws: ``S3ImageStoreError`` with ``S3ImageStoreError/Reason/invalidToken(detail:)``.
  public func presignedURL(for token: String, expiresIn seconds: Int = 3600) throws -> URL {
    let name = try S3ImageName(token: token)
    let expiry = min(max(1, seconds), 604_800)
    guard let url = client.presignedURL(key: key(of: name), expiresIn: expiry, at: Date()) else {
      throw S3ImageStoreError(
        .invalidEndpoint(configuration.endpoint.absoluteString), operation: .get, token: token)
    }
    return url
  }

  /// Reads and checks the object of `token`.
  func fetch(_ token: String) throws(S3ImageStoreError) -> PlatformImage {
    let name = try S3ImageName(token: token)
    let key = key(of: name)
    let response = try client.send(
      .init(method: "GET", key: key), operation: .get, token: token,
      limit: configuration.maximumImageBytes, deadline: deadline())
    guard response.status == 200 else {
      throw client.failure(response, operation: .get, token: token, key: key)
    }
    func failure(_ reason: S3ImageStoreError.Reason) -> S3ImageStoreError {
      S3ImageStoreError(reason, operation: .get, token: token, location: client.location(key))
    }
    let actual = SHA256Hex.of(response.body)
    guard actual == name.hash else { throw failure(.contentMismatch(actualHash: actual)) }
    let image: PlatformImage
    do {
      image = try PlatformImage.decoded(response.body)
    } catch {
      throw failure(.notAnImage(detail: "\(error)"))
    }
    guard image.format == name.format else {
      throw failure(.notAnImage(detail: "it is \(image.format.name), not \(name.format.name)"))
    }
    return image
  }

  /// Uploads `data` as `name` unless the bucket has it: one conditional `PUT`, or parts.
  func store(_ data: Data, as name: S3ImageName) throws(S3ImageStoreError) {
    let key = key(of: name)
    guard data.count <= configuration.maximumImageBytes else {
      throw S3ImageStoreError(
        .tooLarge(size: data.count, limit: configuration.maximumImageBytes), operation: .put,
        token: name.token, location: client.location(key))
    }
    if data.count >= configuration.multipartThreshold {
      try uploadInParts(data, key: key, name: name, deadline: deadline())
      return
    }
    try putOnce(
      data, key: key, contentType: name.contentType, token: name.token, hexDigest: name.hash)
  }

  /// One conditional `PUT` with its checksum: 200 stored, 412 already there.
  ///
  /// - Parameters:
  ///   - hexDigest: The SHA-256 of `data` as hex, when known (the image's name).
  ///   - checksum: A checksum to send instead of the right one (for the tests).
  /// - Returns: Whether the object was written (`false`: it was there).
  @discardableResult
  func putOnce(
    _ data: Data, key: String, contentType: String, token: String?,
    operation: S3ImageStoreError.Operation = .put, hexDigest: String? = nil,
    checksum: String? = nil
  ) throws(S3ImageStoreError) -> Bool {
    let hex = hexDigest ?? SHA256Hex.of(data)
    let request = S3Client.Request(
      method: "PUT", key: key,
      headers: [
        .init("Content-Type", contentType), .init("If-None-Match", "*"),
        .init("x-amz-checksum-sha256", checksum ?? SHA256Hex.base64(hex: hex)),
      ], body: data, payloadHash: hex)
    let end = deadline()
    // A 409 is S3's answer to two conditional writes of one key at the same moment: AWS says to
    // try again, and the next answer is 412 (already there) or 200.
    for _ in 0..<max(1, configuration.maximumAttempts) {
      let response = try client.send(
        request, operation: operation, token: token, limit: 1024 * 1024, deadline: end)
      switch response.status {
      case 200...299: return true
      case 412: return false
      case 409: Thread.sleep(forTimeInterval: Double.random(in: 0.05...0.2))
      default: throw client.failure(response, operation: operation, token: token, key: key)
      }
    }
    throw S3ImageStoreError(
      .refused(status: 409, code: "ConditionalRequestConflict", message: ""),
      operation: operation, token: token, location: client.location(key))
  }
}
