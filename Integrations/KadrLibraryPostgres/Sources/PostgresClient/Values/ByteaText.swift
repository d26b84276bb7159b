// The PostgreSQL trait of kadr-persistence builds this module; without it, it is empty.
#if PostgreSQL
  /// Reads `bytea` values from PostgreSQL's text result format.
  ///
  /// Results come back in text format, where `bytea` is written either in hex (`\x0aff…`, the
  /// default since PostgreSQL 9.0) or, when the session sets `bytea_output = escape`, in the
  /// escape format (printable bytes as themselves, a backslash doubled, any other byte as three
  /// octal digits `\ooo`). Both are read, so the setting never changes what a caller gets.
  enum ByteaText {
    /// The bytes a `bytea` value's text stands for, or `nil` when the text is in neither format.
    ///
    /// - Parameter text: The value's bytes as the server sent them.
    /// - Returns: The decoded bytes.
    static func decode(_ text: [UInt8]) -> [UInt8]? {
      if text.count >= 2, text[0] == UInt8(ascii: "\\"), text[1] == UInt8(ascii: "x") {
        return decodeHex(text.dropFirst(2))
      }
      return decodeEscape(text)
    }

    private static func decodeHex(_ digits: ArraySlice<UInt8>) -> [UInt8]? {
      guard digits.count.isMultiple(of: 2) else { return nil }
      var bytes: [UInt8] = []
      bytes.reserveCapacity(digits.count / 2)
      var index = digits.startIndex
      while index < digits.endIndex {
        guard let high = hexValue(digits[index]), let low = hexValue(digits[index + 1]) else {
          return nil
        }
        bytes.append(high << 4 | low)
        index += 2
      }
      return bytes
    }

    private static func decodeEscape(_ text: [UInt8]) -> [UInt8]? {
      var bytes: [UInt8] = []
      bytes.reserveCapacity(text.count)
      var index = 0
      while index < text.count {
        let byte = text[index]
        guard byte == UInt8(ascii: "\\") else {
          bytes.append(byte)
          index += 1
          continue
        }
        if index + 1 < text.count, text[index + 1] == UInt8(ascii: "\\") {
          bytes.append(byte)
          index += 2
          continue
        }
        guard index + 3 < text.count,
          let first = octalValue(text[index + 1]), first <= 3,
          let second = octalValue(text[index + 2]), let third = octalValue(text[index + 3])
        else { return nil }
        bytes.append(first << 6 | second << 3 | third)
        index += 4
      }
      return bytes
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
      switch digit {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
      default: nil
      }
    }

    private static func octalValue(_ digit: UInt8) -> UInt8? {
      (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(digit) ? digit - UInt8(ascii: "0") : nil
    }
  }
#endif
