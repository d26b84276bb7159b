import Foundation

/// A pass over the raw bytes before any parser sees them: it refuses what makes XML dangerous
/// (a DTD inside the file, entity declarations, an external DTD) and checks the reading limits,
/// in one linear scan that allocates nothing.
///
/// The platform parser cannot be trusted with these: on Linux, FoundationXML's `XMLParser`
/// always substitutes entities and recovers from malformed input, so an entity bomb or a
/// 100,000-deep nest would reach it whole.
struct XMLPreflight {
  let limits: FCPXMLReadingLimits

  /// Checks `data`.
  ///
  /// - Throws: `FCPXMLError` with the line of the first problem.
  func check(_ data: Data) throws(FCPXMLError) {
    guard data.count <= limits.maximumBytes else {
      throw FCPXMLError(.limitExceeded(limit: "file size (bytes)", value: limits.maximumBytes))
    }
    let result: FCPXMLError? = data.withUnsafeBytes { raw in
      let bytes = raw.bindMemory(to: UInt8.self)
      return encodingProblem(bytes) ?? scan(bytes)
    }
    if let result { throw result }
  }

  private func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> FCPXMLError? {
    var index = 0
    var line = 1
    var depth = 0
    var elements = 0
    var sawRoot = false
    let count = bytes.count
    var textRun = 0

    func starts(with literal: StaticString, at position: Int) -> Bool {
      let length = literal.utf8CodeUnitCount
      guard position + length <= count else { return false }
      for offset in 0..<length
      where bytes[position + offset] != literal.utf8Start[offset] {
        return false
      }
      return true
    }

    /// Moves past `terminator`, counting lines and the run; false when the file ends first.
    func skip(past terminator: StaticString, run: inout Int) -> Bool {
      while index < count {
        if starts(with: terminator, at: index) {
          index += terminator.utf8CodeUnitCount
          return true
        }
        if bytes[index] == UInt8(ascii: "\n") { line += 1 }
        run += 1
        index += 1
      }
      return false
    }

    func tooLong(_ what: String) -> FCPXMLError {
      FCPXMLError(
        .limitExceeded(limit: "\(what) length (bytes)", value: limits.maximumValueBytes),
        line: line)
    }

    while index < count {
      let byte = bytes[index]
      if byte != UInt8(ascii: "<") {
        if byte == UInt8(ascii: "\n") { line += 1 }
        textRun += 1
        if textRun > limits.maximumValueBytes { return tooLong("text") }
        index += 1
        continue
      }
      textRun = 0
      if starts(with: "<!--", at: index) {
        index += 4
        var run = 0
        guard skip(past: "-->", run: &run) else { return malformed("an unclosed comment", line) }
        continue
      }
      if starts(with: "<![CDATA[", at: index) {
        index += 9
        var run = 0
        guard skip(past: "]]>", run: &run) else { return malformed("an unclosed CDATA", line) }
        if run > limits.maximumValueBytes { return tooLong("text") }
        continue
      }
      if starts(with: "<?", at: index) {
        index += 2
        var run = 0
        guard skip(past: "?>", run: &run) else {
          return malformed("an unclosed processing instruction", line)
        }
        continue
      }
      if starts(with: "<!DOCTYPE", at: index) {
        guard !sawRoot else { return unsafe("a DOCTYPE after the root element", line) }
        if let problem = checkDoctype(bytes, from: &index, line: &line) { return problem }
        continue
      }
      if starts(with: "<!", at: index) {
        // <!ENTITY, <!ELEMENT, <!ATTLIST … outside a DOCTYPE: never valid, always refused.
        return unsafe("a markup declaration (<!…>) outside a document type", line)
      }
      // A tag: an end tag, or a start tag with attributes whose values are measured.
      let isEnd = index + 1 < count && bytes[index + 1] == UInt8(ascii: "/")
      index += 1
      var quote: UInt8 = 0
      var run = 0
      var selfClosing = false
      var closed = false
      while index < count {
        let current = bytes[index]
        if current == UInt8(ascii: "\n") { line += 1 }
        if quote != 0 {
          if current == quote {
            quote = 0
          } else {
            run += 1
            if run > limits.maximumValueBytes { return tooLong("attribute") }
          }
        } else if current == UInt8(ascii: "\"") || current == UInt8(ascii: "'") {
          quote = current
          run = 0
        } else if current == UInt8(ascii: ">") {
          selfClosing = index > 0 && bytes[index - 1] == UInt8(ascii: "/")
          closed = true
          index += 1
          break
        } else if current == UInt8(ascii: "<") {
          return malformed("a '<' inside a tag", line)
        }
        index += 1
      }
      guard closed else { return malformed("an unclosed tag", line) }
      if isEnd {
        depth -= 1
        continue
      }
      sawRoot = true
      elements += 1
      if elements > limits.maximumElements {
        return FCPXMLError(
          .limitExceeded(limit: "element count", value: limits.maximumElements), line: line)
      }
      if !selfClosing {
        depth += 1
        if depth > limits.maximumDepth {
          return FCPXMLError(
            .limitExceeded(limit: "nesting depth", value: limits.maximumDepth), line: line)
        }
      }
    }
    return nil
  }

  /// Refuses a document that is not UTF-8 (or ASCII): this scan reads bytes as ASCII, and a
  /// parser that decodes UTF-16 or EBCDIC would see declarations this scan cannot.
  private func encodingProblem(_ bytes: UnsafeBufferPointer<UInt8>) -> FCPXMLError? {
    var start = 0
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
    while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
    guard start < bytes.count, bytes[start] == UInt8(ascii: "<") else {
      return FCPXMLError(.malformed("the document does not start with '<' in UTF-8"), line: 1)
    }
    if bytes.contains(0) {
      return FCPXMLError(.malformed("a NUL byte (FCPXML is UTF-8 text)"))
    }
    // The XML declaration's encoding, when it names one, must be UTF-8 or ASCII.
    let head = String(decoding: bytes[start..<min(bytes.count, start + 200)], as: UTF8.self)
    if head.hasPrefix("<?xml"), let close = head.range(of: "?>") {
      let declaration = head[..<close.lowerBound].lowercased()
      if let range = declaration.range(of: "encoding") {
        let value = declaration[range.upperBound...].drop { $0 == " " || $0 == "=" }
          .dropFirst().prefix { $0 != "\"" && $0 != "'" }
        guard ["utf-8", "utf8", "us-ascii", "ascii"].contains(String(value)) else {
          return FCPXMLError(
            .malformed("the encoding '\(value)' (FCPXML is UTF-8)"), line: 1)
        }
      }
    }
    return nil
  }

  /// Checks a `<!DOCTYPE name>` and moves past it: an internal subset (`[...]`) or an external
  /// identifier (`SYSTEM`, `PUBLIC`) is refused.
  private func checkDoctype(
    _ bytes: UnsafeBufferPointer<UInt8>, from index: inout Int, line: inout Int
  ) -> FCPXMLError? {
    index += 9
    var words: [UInt8] = []
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      switch byte {
      case UInt8(ascii: ">"):
        let text = String(decoding: words, as: UTF8.self)
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
        if parts.count > 1 {
          let keyword = parts[1].uppercased()
          if keyword == "SYSTEM" || keyword == "PUBLIC" {
            return unsafe("an external DTD (\(keyword))", line)
          }
          return unsafe("unexpected content", line)
        }
        return nil
      case UInt8(ascii: "["):
        return unsafe("an internal subset ([...]), where entities are declared", line)
      case UInt8(ascii: "\n"):
        line += 1
        words.append(UInt8(ascii: " "))
      default:
        guard words.count < 256 else { return unsafe("an overlong declaration", line) }
        words.append(byte)
      }
    }
    return malformed("an unclosed DOCTYPE", line)
  }

  private func unsafe(_ detail: String, _ line: Int) -> FCPXMLError {
    FCPXMLError(.unsafeDeclaration(detail), line: line)
  }

  private func malformed(_ detail: String, _ line: Int) -> FCPXMLError {
    FCPXMLError(.malformed(detail), line: line)
  }
}
