import Foundation

extension LUT {
  /// The smallest `LUT_3D_SIZE` accepted.
  public static let minimumDimension = 2
  /// The largest `LUT_3D_SIZE` accepted (256³ entries).
  public static let maximumDimension = 256

  /// Parses the text of a `.cube` file.
  ///
  /// `LUT_3D_SIZE N` (N from 2 to 256) is required before the data; `TITLE`, `DOMAIN_MIN`,
  /// `DOMAIN_MAX`, `LUT_3D_INPUT_RANGE`, blank lines and `#` comments are ignored; `LUT_1D_SIZE`
  /// is rejected. Exactly N³ data lines of three finite numbers must follow. If `LUT_3D_SIZE`
  /// appears more than once before the data, the last one wins.
  /// - Parameters:
  ///   - text: The file's text.
  ///   - url: The file's URL, named in errors.
  /// - Returns: The parsed table.
  /// - Throws: ``LUTError`` naming `url` and the 1-based line of the first problem.
  public static func parse(_ text: String, url: URL) throws -> Cube {
    var dimension: Int?
    var expected = 0
    var values: [Float] = []
    var found = 0
    var firstExtraLine: Int?
    var lineNumber = 0
    var lastContentLine = 1
    for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      lineNumber += 1
      let content = rawLine.prefix { $0 != "#" }
      let tokens = content.split { $0 == " " || $0 == "\t" || $0 == "\r" }
      guard let first = tokens.first else { continue }
      lastContentLine = lineNumber
      if isNumeric(first) {
        guard dimension != nil else { throw LUTError.missingSize(url: url, line: lineNumber) }
        guard tokens.count == 3, let triple = finiteTriple(tokens) else {
          throw LUTError.badDataLine(url: url, line: lineNumber, text: display(rawLine))
        }
        found += 1
        if found <= expected {
          values.append(contentsOf: triple)
        } else if firstExtraLine == nil {
          firstExtraLine = lineNumber
        }
        continue
      }
      // A keyword line; keywords belong before the data.
      guard found == 0 else {
        throw LUTError.badDataLine(url: url, line: lineNumber, text: display(rawLine))
      }
      switch first {
      case "LUT_3D_SIZE":
        guard tokens.count == 2, let size = Int(tokens[1]),
          (minimumDimension...maximumDimension).contains(size)
        else { throw LUTError.badSize(url: url, line: lineNumber, text: display(rawLine)) }
        dimension = size
        expected = size * size * size
        values.reserveCapacity(min(expected * 3, 3 * 65_536))
      case "LUT_1D_SIZE":
        throw LUTError.oneDimensional(url: url, line: lineNumber)
      case "TITLE", "DOMAIN_MIN", "DOMAIN_MAX", "LUT_3D_INPUT_RANGE":
        continue
      default:
        throw LUTError.badDataLine(url: url, line: lineNumber, text: display(rawLine))
      }
    }
    guard let dimension else { throw LUTError.missingSize(url: url, line: lastContentLine) }
    guard found == expected else {
      throw LUTError.wrongCount(
        url: url, line: firstExtraLine ?? lastContentLine, expected: expected, found: found)
    }
    return Cube(dimension: dimension, values: values)
  }

  /// Whether a token starts like a number (a digit, a sign or a point), so the line is data.
  private static func isNumeric(_ token: Substring) -> Bool {
    guard let first = token.first else { return false }
    return first.isNumber || first == "-" || first == "+" || first == "."
  }

  /// The line as an error shows it: trimmed, and cut to 80 characters.
  private static func display(_ line: Substring) -> String {
    let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
    return trimmed.count > 80 ? String(trimmed.prefix(80)) + "…" : trimmed
  }

  private static func finiteTriple(_ tokens: [Substring]) -> [Float]? {
    var triple: [Float] = []
    for token in tokens {
      guard let value = Float(token), value.isFinite else { return nil }
      triple.append(value)
    }
    return triple
  }
}
