import Foundation
import KadrPersistenceCore

/// A pass over the raw bytes before any parser sees them: it refuses what makes XML dangerous
/// (a DTD inside the file, entity declarations, an external DTD) and checks the reading limits,
/// in one linear scan that allocates nothing and reads the bytes where they lie (through
/// the core's bounds-checked ``ByteText``, the package's one place for raw memory).
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
    // The bytes are scanned where they lie (a copy of a 64 MiB attribute cost 2.3 s in debug).
    let result: FCPXMLError? = ByteText.withBytes(of: data) { bytes in
      encodingProblem(bytes) ?? scan(bytes)
    }
    if let result { throw result }
  }

  /// Where a scan is: the byte and the line.
  private struct Cursor {
    var index = 0
    var line = 1
  }

  private func scan(_ bytes: borrowing ByteText) -> FCPXMLError? {
    var at = Cursor()
    var depth = 0
    var elements = 0
    var sawRoot = false
    let count = bytes.count
    let newline = UInt8(ascii: "\n")

    while at.index < count {
      if bytes[at.index] != UInt8(ascii: "<") {
        // A run of text, to the next tag.
        let next = bytes.firstIndex(of: UInt8(ascii: "<"), in: at.index..<count) ?? count
        if next - at.index > limits.maximumValueBytes {
          let end = at.index + limits.maximumValueBytes + 1
          at.line += bytes.count(of: newline, in: at.index..<end)
          return tooLong("text", at.line)
        }
        at.line += bytes.count(of: newline, in: at.index..<next)
        at.index = next
        continue
      }
      if bytes.starts(with: "<!--", at: at.index) {
        at.index += 4
        guard let run = skip(bytes, past: "-->", from: &at) else {
          return malformed("an unclosed comment", at.line)
        }
        if run > Self.parserRunLimit { return tooLongForParser("comment", at.line) }
        continue
      }
      if bytes.starts(with: "<![CDATA[", at: at.index) {
        at.index += 9
        guard let run = skip(bytes, past: "]]>", from: &at) else {
          return malformed("an unclosed CDATA", at.line)
        }
        if run > valueLimit { return valueTooLong("text", at.line) }
        continue
      }
      if bytes.starts(with: "<?", at: at.index) {
        at.index += 2
        guard let run = skip(bytes, past: "?>", from: &at) else {
          return malformed("an unclosed processing instruction", at.line)
        }
        if run > Self.parserRunLimit { return tooLongForParser("processing instruction", at.line) }
        continue
      }
      if bytes.starts(with: "<!DOCTYPE", at: at.index) {
        guard !sawRoot else { return unsafe("a DOCTYPE after the root element", at.line) }
        if let problem = checkDoctype(bytes, from: &at.index, line: &at.line) { return problem }
        continue
      }
      if bytes.starts(with: "<!", at: at.index) {
        // <!ENTITY, <!ELEMENT, <!ATTLIST … outside a DOCTYPE: never valid, always refused.
        return unsafe("a markup declaration (<!…>) outside a document type", at.line)
      }
      let isEnd = at.index + 1 < count && bytes[at.index + 1] == UInt8(ascii: "/")
      at.index += 1
      let tag = readTag(bytes, from: &at)
      switch tag {
      case .problem(let problem):
        return problem
      case .closed(let selfClosing):
        if isEnd {
          depth -= 1
          continue
        }
        sawRoot = true
        elements += 1
        if elements > limits.maximumElements {
          return FCPXMLError(
            .limitExceeded(limit: "element count", value: limits.maximumElements), line: at.line)
        }
        if !selfClosing {
          depth += 1
          if depth > limits.maximumDepth {
            return FCPXMLError(
              .limitExceeded(limit: "nesting depth", value: limits.maximumDepth), line: at.line)
          }
        }
      }
    }
    return nil
  }

  private enum Tag {
    case closed(selfClosing: Bool)
    case problem(FCPXMLError)
  }

  /// Reads a tag from after its `<` to after its `>`, measuring its attribute values.
  private func readTag(_ bytes: borrowing ByteText, from at: inout Cursor) -> Tag {
    let count = bytes.count
    let newline = UInt8(ascii: "\n")
    while at.index < count {
      let current = bytes[at.index]
      if current == UInt8(ascii: "\"") || current == UInt8(ascii: "'") {
        // A value: to its closing quote, found in one search.
        let start = at.index + 1
        guard let close = bytes.firstIndex(of: current, in: start..<count) else {
          if count - start > valueLimit {
            return .problem(valueTooLong("attribute", at.line))
          }
          at.line += bytes.count(of: newline, in: start..<count)
          at.index = count
          break
        }
        if close - start > valueLimit {
          let end = start + valueLimit + 1
          at.line += bytes.count(of: newline, in: start..<end)
          return .problem(valueTooLong("attribute", at.line))
        }
        at.line += bytes.count(of: newline, in: start..<close)
        at.index = close + 1
        continue
      }
      if current == newline { at.line += 1 }
      if current == UInt8(ascii: ">") {
        let selfClosing = at.index > 0 && bytes[at.index - 1] == UInt8(ascii: "/")
        at.index += 1
        return .closed(selfClosing: selfClosing)
      }
      if current == UInt8(ascii: "<") {
        return .problem(malformed("a '<' inside a tag", at.line))
      }
      at.index += 1
    }
    return .problem(malformed("an unclosed tag", at.line))
  }

  /// Moves past `terminator`, counting lines: the bytes before it, or `nil` when the file ends
  /// first.
  private func skip(
    _ bytes: borrowing ByteText, past terminator: StaticString, from at: inout Cursor
  ) -> Int? {
    let start = at.index
    let first = terminator.utf8Start[0]
    var search = start
    while let found = bytes.firstIndex(of: first, in: search..<bytes.count) {
      if bytes.starts(with: terminator, at: found) {
        at.line += bytes.count(of: UInt8(ascii: "\n"), in: start..<found)
        at.index = found + terminator.utf8CodeUnitCount
        return found - start
      }
      search = found + 1
    }
    at.line += bytes.count(of: UInt8(ascii: "\n"), in: start..<bytes.count)
    at.index = bytes.count
    return nil
  }

  /// The longest attribute value, CDATA section, comment or processing instruction the
  /// platform's XML parser reads: libxml2's own limit (without its "huge" option, which
  /// FoundationXML does not set). Longer ones are refused here, naming that limit, instead of
  /// by the parser as a damaged file. (It delivers a longer run of plain text in pieces.)
  static let parserRunLimit = 10_000_000

  /// The longest attribute value or CDATA section: the package's limit, or the parser's when
  /// that is lower.
  private var valueLimit: Int { min(limits.maximumValueBytes, Self.parserRunLimit) }

  /// The error for a run of text past the package's limit.
  private func tooLong(_ what: String, _ line: Int) -> FCPXMLError {
    FCPXMLError(
      .limitExceeded(limit: "\(what) length (bytes)", value: limits.maximumValueBytes),
      line: line)
  }

  /// The error for a value past ``valueLimit``, naming the limit it passed: the package's, or
  /// the parser's when that is the lower.
  private func valueTooLong(_ what: String, _ line: Int) -> FCPXMLError {
    limits.maximumValueBytes <= Self.parserRunLimit
      ? tooLong(what, line) : tooLongForParser(what, line)
  }

  private func tooLongForParser(_ what: String, _ line: Int) -> FCPXMLError {
    FCPXMLError(
      .limitExceeded(
        limit: "\(what) length the XML parser reads (bytes)", value: Self.parserRunLimit),
      line: line)
  }

  /// Refuses a document that is not UTF-8 (or ASCII): this scan reads bytes as ASCII, and a
  /// parser that decodes UTF-16 or EBCDIC would see declarations this scan cannot.
  private func encodingProblem(_ bytes: borrowing ByteText) -> FCPXMLError? {
    var start = 0
    // The UTF-8 byte-order mark, compared as bytes: a string literal of U+00EF U+00BB U+00BF
    // would be their own UTF-8 (C3 AF C2 BB C2 BF), never the mark.
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
    while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
    guard start < bytes.count, bytes[start] == UInt8(ascii: "<") else {
      return FCPXMLError(.malformed("the document does not start with '<' in UTF-8"), line: 1)
    }
    if bytes.contains(0) {
      return FCPXMLError(.malformed("a NUL byte (FCPXML is UTF-8 text)"))
    }
    // FoundationXML's parser recovers from bytes that are not UTF-8 and then traps on them in
    // an element's attributes: they are refused here, with their line.
    if let invalid = bytes.firstInvalidUTF8Index() {
      return FCPXMLError(
        .malformed("bytes that are not UTF-8 (FCPXML is UTF-8 text), at byte \(invalid)"),
        line: 1 + bytes.count(of: UInt8(ascii: "\n"), in: 0..<invalid))
    }
    // The XML declaration's encoding, when it names one, must be UTF-8 or ASCII.
    let head = bytes.string(in: start..<min(bytes.count, start + 200))
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
    _ bytes: borrowing ByteText, from index: inout Int, line: inout Int
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
