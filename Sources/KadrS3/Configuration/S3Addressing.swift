/// How a bucket is named in a request's URL.
public enum S3Addressing: String, Sendable, Hashable, CaseIterable {
  /// `https://<bucket>.<endpoint host>/<key>`: what AWS prefers (and requires for new buckets).
  case virtualHosted
  /// `https://<endpoint host>/<bucket>/<key>`: what local servers (SeaweedFS, MinIO) and many
  /// S3 clones expect, and what a bucket name with dots needs over TLS.
  case pathStyle
}
