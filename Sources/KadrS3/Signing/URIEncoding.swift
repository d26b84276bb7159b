/// The percent-encoding of AWS Signature Version 4: every byte but the unreserved characters of
/// RFC 3986 (`A–Z a–z 0–9 - . _ ~`) as `%XY` with uppercase hex digits.
///
/// Stricter than Foundation's query encoding (which leaves `/`, `?`, `+` and more as they are),
/// so the canonical request is built from this alone.
package enum URIEncoding {
  /// Encodes every byte of `text` that is not unreserved; `/` too unless `keepingSlashes`.
  ///
  /// - Parameters:
  ///   - text: The text, whose UTF-8 bytes are encoded.
  ///   - keepingSlashes: Whether `/` stays as it is (a path) or becomes `%2F` (a query).
  package static func encode(_ text: String, keepingSlashes: Bool = false) -> String {
    encode(bytes: Array(text.utf8), keepingSlashes: keepingSlashes)
  }

  /// Encodes every byte of `bytes` that is not unreserved; `/` too unless `keepingSlashes`.
  package static func encode(bytes: [UInt8], keepingSlashes: Bool = false) -> String {
    let digits = Array("0123456789ABCDEF".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    for byte in bytes {
      if isUnreserved(byte) || (keepingSlashes && byte == UInt8(ascii: "/")) {
        out.append(byte)
      } else {
        out += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Decodes the `%XY` escapes of `text` to bytes; a `%` not followed by two hex digits stays.
  package static func decode(_ text: String) -> [UInt8] {
    let bytes = Array(text.utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
        let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
      {
        out.append(high << 4 | low)
        index += 3
      } else {
        out.append(bytes[index])
        index += 1
      }
    }
    return out
  }

  /// Whether `byte` is an unreserved character of RFC 3986.
  static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: "_"), UInt8(ascii: "~"):
      return true
    default:
      return false
    }
  }

  /// The value of one hex digit, either case.
  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
