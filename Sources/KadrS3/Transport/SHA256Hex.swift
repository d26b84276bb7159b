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
    both(data).base64
  }

  /// The digest as hex and in base64, from one pass over `data`.
  static func both(_ data: Data) -> (hex: String, base64: String) {
    let digest = SHA256.hash(data)
    return (digest.hexString, Data(digest.bytes).base64EncodedString())
  }

  /// The base64 of a digest given as 64 hex digits.
  static func base64(hex: String) -> String {
    let digits = Array(hex.utf8)
    var bytes: [UInt8] = []
    var index = 0
    while index + 1 < digits.count {
      bytes.append(UInt8(value(digits[index]) << 4 | value(digits[index + 1])))
      index += 2
    }
    return Data(bytes).base64EncodedString()
  }

  /// The value of a lowercase hex digit.
  private static func value(_ digit: UInt8) -> UInt8 {
    digit >= UInt8(ascii: "a") ? digit - UInt8(ascii: "a") + 10 : digit - UInt8(ascii: "0")
  }
}
