import Foundation

/// Where an ``S3ImageStore`` keeps its images and how it talks to the server: endpoint, region,
/// bucket, key prefix, credentials, addressing and limits.
///
/// Build one in code, or read the usual AWS variables and files with
/// ``fromEnvironment(bucket:prefix:environment:homeDirectory:)``.
///
/// ```swift
/// let configuration = S3Configuration(
///   endpoint: URL(string: "https://<account>.r2.cloudflarestorage.com")!, region: "auto",
///   bucket: "team-media", prefix: "images/", credentials: keys)
/// ```
public struct S3Configuration: Sendable, Hashable, CustomStringConvertible {
  /// The server's base URL (`https://s3.eu-west-1.amazonaws.com`, `http://127.0.0.1:8333`).
  public var endpoint: URL
  /// The region the requests are signed for (`us-east-1`; R2 takes `auto`).
  public var region: String
  /// The bucket.
  public var bucket: String
  /// What every object key starts with (`images/`); empty for the bucket's root.
  public var prefix: String
  /// The keys that sign the requests.
  public var credentials: S3Credentials
  /// Whether the bucket is in the host name or in the path.
  public var addressing: S3Addressing
  /// The largest image read or written, in bytes.
  public var maximumImageBytes: Int
  /// The time limit of one call (a read, or a whole write with its parts and retries), in
  /// seconds.
  public var timeout: TimeInterval
  /// Images of at least this many bytes are uploaded in parts; at least 5 MiB.
  public var multipartThreshold: Int
  /// The size of each part of a multipart upload but the last; at least 5 MiB (S3's minimum).
  public var partSize: Int
  /// How many times a request is tried in all when the server answers 5xx or `SlowDown`.
  public var maximumAttempts: Int
  /// The most images a prefetch reads at once.
  public var maximumConcurrentRequests: Int

  /// S3's smallest part but the last: 5 MiB.
  public static let minimumPartSize = 5 * 1024 * 1024
  /// The default largest image: 256 MiB, as the file store's.
  public static let defaultMaximumImageBytes = 256 * 1024 * 1024

  /// Creates a configuration.
  ///
  /// - Parameters:
  ///   - endpoint: The server's base URL; `nil` for AWS's endpoint of `region`.
  ///   - region: The signing region.
  ///   - bucket: The bucket.
  ///   - prefix: What every object key starts with.
  ///   - credentials: The signing keys.
  ///   - addressing: `nil` for virtual-hosted on AWS's own endpoint, path-style elsewhere.
  ///   - maximumImageBytes: The largest image read or written.
  ///   - timeout: The time limit of one call, in seconds.
  ///   - multipartThreshold: The size from which images are uploaded in parts (at least 5 MiB).
  ///   - partSize: The size of each part (at least 5 MiB).
  ///   - maximumAttempts: Tries of a request in all (at least 1).
  ///   - maximumConcurrentRequests: The most images a prefetch reads at once (at least 1).
  public init(
    endpoint: URL? = nil, region: String, bucket: String, prefix: String = "",
    credentials: S3Credentials, addressing: S3Addressing? = nil,
    maximumImageBytes: Int = S3Configuration.defaultMaximumImageBytes, timeout: TimeInterval = 60,
    multipartThreshold: Int = 16 * 1024 * 1024, partSize: Int = 8 * 1024 * 1024,
    maximumAttempts: Int = 4, maximumConcurrentRequests: Int = 8
  ) {
    let awsEndpoint = URL(string: "https://s3.\(region).amazonaws.com")
    self.endpoint = endpoint ?? awsEndpoint ?? URL(fileURLWithPath: "/")
    self.region = region
    self.bucket = bucket
    self.prefix = prefix
    self.credentials = credentials
    self.addressing = addressing ?? (endpoint == nil ? .virtualHosted : .pathStyle)
    self.maximumImageBytes = max(1, maximumImageBytes)
    self.timeout = max(0.1, timeout)
    self.multipartThreshold = max(Self.minimumPartSize, multipartThreshold)
    self.partSize = max(Self.minimumPartSize, partSize)
    self.maximumAttempts = max(1, maximumAttempts)
    self.maximumConcurrentRequests = max(1, maximumConcurrentRequests)
  }

  /// The endpoint, bucket, prefix and access key id; never the secret.
  public var description: String {
    "S3Configuration(endpoint: \(endpoint.absoluteString), region: \(region), bucket: \(bucket), "
      + "prefix: \(prefix), addressing: \(addressing.rawValue), credentials: \(credentials))"
  }
}
