import Foundation

/// FNV-1a, 64 bits: a recovery slot's check that its document is whole.
///
/// Not a defence against tampering (the slot is the app's own file); it tells a complete
/// document from a torn or mixed one.
enum Checksum {
  /// The FNV-1a hash of `data` as 16 hex digits.
  static func of(_ data: Data) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in data {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}
