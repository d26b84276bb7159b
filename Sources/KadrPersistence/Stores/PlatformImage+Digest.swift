import Foundation

extension PlatformImage {
  /// The SHA-256 digest of ``data``, as 64 lowercase hex digits: the name a content-addressed
  /// image store gives the image (this package's file, S3 and PostgreSQL stores do).
  ///
  /// Computed in Swift on every platform, without a server or CryptoKit; read it once, as it
  /// hashes the whole image each time.
  public var sha256: String { SHA256.hash(data).hexString }
}
