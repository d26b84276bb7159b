import Foundation

/// `Inf`, `Infinity`, `-Inf`, `-Infinity` and `NaN` as values, which OpenTimelineIO's reader
/// accepts (and its writer writes for non-finite metadata) but JSON does not: rewritten as
/// `null` before the strict reader sees the file. Only the OpenTimelineIO importer does this;
/// kadr documents stay strict.
enum NonFiniteNumbers {
  private static let tokens: [[UInt8]] = ["-Infinity", "Infinity", "-Inf", "Inf", "NaN"].map {
    Array($0.utf8)
  }

  /// The bytes with every non-finite value replaced.
  struct Replaced {
    /// The bytes, each non-finite value now `null` (padded with spaces when the token is
    /// longer, so what follows stays put; `NaN` and `Inf` are one byte shorter than `null`).
    var data: Data
    /// How many values were replaced.
    var count = 0
    /// The line of the first.
    var firstLine: Int?
    /// The offset in `data` of each byte a three-letter token's `null` added (its `l`), in
    /// order: what moves a place in `data` back to the same place in the file.
    var addedBytes: [Int] = []

    /// The offset in the original bytes of the byte at `offset` in ``data`` (the added `l` of a
    /// `null` maps to the token's last letter).
    func originalOffset(of offset: Int) -> Int {
      var low = 0
      var high = addedBytes.count
      while low < high {
        let middle = (low + high) / 2
        if addedBytes[middle] <= offset { low = middle + 1 } else { high = middle }
      }
      return offset - low
    }
  }

  /// The bytes with every non-finite value replaced by `null`, how many there were, and how to
  /// find a place in the file from a place in the result.
  static func replacing(in data: Data) -> Replaced {
    let bytes = [UInt8](data)
    guard bytes.contains(UInt8(ascii: "I")) || bytes.contains(UInt8(ascii: "N")) else {
      return Replaced(data: data)
    }
    var addedBytes: [Int] = []
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
        if token.count < 4 { addedBytes.append(output.count + 3) }
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
    return Replaced(data: Data(output), count: count, firstLine: firstLine, addedBytes: addedBytes)
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
