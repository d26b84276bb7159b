import Foundation

/// Why a `.cube` file could not be used as a ``LUT``.
///
/// Every case carries the file's URL; every case about the file's contents names the 1-based
/// line. The messages name the file by its name alone (`grade.cube`), never by its whole path, as
/// ``KadrError`` does.
public enum LUTError: Error, Sendable, Hashable, LocalizedError {
  /// The file could not be read.
  case unreadable(url: URL, reason: String)
  /// A data line came before any `LUT_3D_SIZE` line (or the file has neither); `line` is that
  /// data line, or the last line that is not blank or a comment.
  case missingSize(url: URL, line: Int)
  /// A `LUT_3D_SIZE` line whose size is not a whole number from 2 to 256.
  case badSize(url: URL, line: Int, text: String)
  /// A `LUT_1D_SIZE` line: 1-D tables are not supported.
  case oneDimensional(url: URL, line: Int)
  /// A line that is neither a known keyword nor three finite numbers.
  case badDataLine(url: URL, line: Int, text: String)
  /// The number of data lines is not `size³`; `line` is the first extra data line, or the last
  /// line that is not blank or a comment when lines are missing.
  case wrongCount(url: URL, line: Int, expected: Int, found: Int)

  /// The file the error is about.
  public var url: URL {
    switch self {
    case .unreadable(let url, _), .missingSize(let url, _), .badSize(let url, _, _),
      .oneDimensional(let url, _), .badDataLine(let url, _, _), .wrongCount(let url, _, _, _):
      url
    }
  }

  /// The 1-based line the error is about, or `nil` when the file could not be read.
  public var line: Int? {
    switch self {
    case .unreadable: nil
    case .missingSize(_, let line), .badSize(_, let line, _), .oneDimensional(_, let line),
      .badDataLine(_, let line, _), .wrongCount(_, let line, _, _):
      line
    }
  }

  /// What is wrong, naming the file (by its name alone) and the line.
  public var errorDescription: String? {
    let file = "'\(url.nameForMessages)'"
    switch self {
    case .unreadable(_, let reason):
      return "The LUT file \(file) cannot be read: \(reason.endingAsSentence)"
    case .missingSize(_, let line):
      return "The LUT file \(file) has no LUT_3D_SIZE line before its data (line \(line))."
    case .badSize(_, let line, let text):
      return "The LUT file \(file) has an invalid size at line \(line): '\(text)'. "
        + "LUT_3D_SIZE must be a whole number from 2 to 256."
    case .oneDimensional(_, let line):
      return "The LUT file \(file) is a 1-D LUT (LUT_1D_SIZE at line \(line)); "
        + "only 3-D LUTs are supported."
    case .badDataLine(_, let line, let text):
      return "The LUT file \(file) has an unreadable line \(line): '\(text)'. "
        + "A data line holds three numbers."
    case .wrongCount(_, let line, let expected, let found):
      return "The LUT file \(file) has \(found) data lines where its size needs \(expected) "
        + "(line \(line))."
    }
  }

  /// How to fix it.
  public var recoverySuggestion: String? {
    switch self {
    case .unreadable:
      "Check that the file exists at this location and can be read, or relink the LUT."
    case .oneDimensional:
      "Convert the LUT to a 3-D .cube file."
    default:
      "Re-export the LUT as a 3-D .cube file from the application that made it."
    }
  }
}

extension LUTError: CustomStringConvertible {
  /// The error's sentence (its `errorDescription`), so that `print(error)` and string
  /// interpolation show what happened rather than the case's name.
  public var description: String { errorDescription ?? String(reflecting: Self.self) }
}
