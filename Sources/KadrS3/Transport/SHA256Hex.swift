import Foundation
import KadrPersistence

/// The SHA-256 of some bytes as S3 wants it: hex for the signature, base64 for the checksum.
enum SHA256Hex {
  /// The digest as 64 lowercase hex digits.
  static func of(_ data: Data) -> String {
    SHA256.hash(data).hexString
  }

  /// The digest in base64, for `x-amz-checksum-sha256`.
  static func base64(_ data: Data) -> String {
    Data(SHA256.hash(data).bytes).base64EncodedString()
  }
}
