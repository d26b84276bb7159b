import Foundation

/// `Inf`, `Infinity`, `-Inf`, `-Infinity` and `NaN` as values, which OpenTimelineIO's reader
/// accepts (and its writer writes for non-finite metadata) but JSON does not: rewritten as
/// `null` before the strict reader sees the file. Only the OpenTimelineIO importer does this;
/// kadr documents stay strict.
enum NonFiniteNumbers {
  private static let tokens: [[UInt8]] = ["-Infinity", "Infinity", "-Inf", "Inf", "NaN"].map {
    Array($0.utf8)
  }

  /// The bytes with every non-finite value replaced by `null` (padded with spaces when the
  /// token is longer, so columns after it stay put), how many there were, and the line of the
  /// first.
  static func replacing(in data: Data) -> (data: Data, count: Int, firstLine: Int?) {
    let bytes = [UInt8](data)
    guard bytes.contains(UInt8(ascii: "I")) || bytes.contains(UInt8(ascii: "N")) else {
      return (data, 0, nil)
    }
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var inString = false
    var escaped = false
    var count = 0
    var firstLine: Int?
    var line = 1
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\n") { line += 1 }
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        output.append(byte)
        index += 1
        continue
      }
      if byte == UInt8(ascii: "\"") {
        inString = true
      } else if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "I") || byte == UInt8(ascii: "N"),
        let token = tokens.first(where: { matches($0, in: bytes, at: index) })
      {
        output +=
          Array("null".utf8) + Array(repeating: UInt8(ascii: " "), count: max(0, token.count - 4))
        count += 1
        if firstLine == nil { firstLine = line }
        index += token.count
        continue
      }
      output.append(byte)
      index += 1
    }
    return (Data(output), count, firstLine)
  }

  /// Whether `token` is at `index` and ends there (not a prefix of a longer word).
  private static func matches(_ token: [UInt8], in bytes: [UInt8], at index: Int) -> Bool {
    guard index + token.count <= bytes.count,
      bytes[index..<index + token.count].elementsEqual(token)
    else { return false }
    let next = index + token.count
    guard next < bytes.count else { return true }
    let after = bytes[next]
    return !(after.isLetterOrDigit)
  }
}

extension UInt8 {
  fileprivate var isLetterOrDigit: Bool {
    (self >= UInt8(ascii: "a") && self <= UInt8(ascii: "z"))
      || (self >= UInt8(ascii: "A") && self <= UInt8(ascii: "Z"))
      || (self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9"))
  }
}
