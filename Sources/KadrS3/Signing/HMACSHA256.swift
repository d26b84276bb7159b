import Foundation
import KadrPersistence

/// HMAC-SHA256 (RFC 2104) on the package's own SHA-256, for the signing keys and signatures of
/// AWS Signature Version 4.
///
/// The package takes no dependency and CryptoKit is not on Linux, so the one SHA-256 of
/// `KadrPersistence` is used here too; RFC 4231's test cases check it.
package enum HMACSHA256 {
  /// The block size of SHA-256, in bytes.
  private static let blockSize = 64

  /// Returns the HMAC-SHA256 of `message` under `key`.
  ///
  /// - Parameters:
  ///   - key: The key, of any length (a key longer than a block is hashed first).
  ///   - message: The message.
  /// - Returns: The 32-byte authentication code.
  package static func authenticationCode(key: [UInt8], message: [UInt8]) -> [UInt8] {
    var block = key.count > blockSize ? SHA256.hash(Data(key)).bytes : key
    block += [UInt8](repeating: 0, count: blockSize - block.count)
    var inner = SHA256()
    inner.update(Data(block.map { $0 ^ 0x36 }))
    inner.update(Data(message))
    var outer = SHA256()
    outer.update(Data(block.map { $0 ^ 0x5C }))
    outer.update(Data(inner.finalize().bytes))
    return outer.finalize().bytes
  }

  /// Returns the HMAC-SHA256 of the UTF-8 bytes of `message` under `key`.
  package static func authenticationCode(key: [UInt8], message: String) -> [UInt8] {
    authenticationCode(key: key, message: Array(message.utf8))
  }
}

extension Array where Element == UInt8 {
  /// The bytes as lowercase hexadecimal digits, two a byte.
  package var lowercaseHex: String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(count * 2)
    for byte in self {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
  }
}
