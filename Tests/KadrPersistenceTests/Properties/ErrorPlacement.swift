import Foundation
import KadrPersistence

/// Checks that an error from opening a document says where the problem is, and that the place
/// is in the document: a line and column within its text, or a JSON pointer whose value (or,
/// for a missing field, whose parent) exists in its tree.
///
/// Shared by the mutation property tests and the fuzz harness.
enum ErrorPlacement {
  /// `nil` when `error` points inside `document`; otherwise a sentence saying what is wrong.
  static func problem(with error: PersistenceError, in document: [UInt8]) -> String? {
    problem(with: error, in: document) { try? PublicJSON.read(document) }
  }

  /// `nil` when `error` points inside `document`; otherwise a sentence saying what is wrong.
  ///
  /// - Parameters:
  ///   - error: The error opening `document` threw.
  ///   - document: The bytes.
  ///   - tree: The bytes read as JSON, or `nil` when they are not JSON; asked for only when the
  ///     error has a pointer.
  static func problem(
    with error: PersistenceError, in document: [UInt8], tree: () -> JSONValue?
  ) -> String? {
    if let (line, column) = error.lineAndColumn {
      return problem(line: line, column: column, in: document)
    }
    guard let pointer = error.pointer else { return "no pointer and no line:column: \(error)" }
    guard let json = tree() else {
      // Refused before a tree existed (too deep, too large): the pointer is all there is.
      return nil
    }
    let path = pointer.components
    if DocumentMutator.value(at: path[...], in: json) != nil
      || DocumentMutator.value(at: path.dropLast(), in: json) != nil
    {
      return nil
    }
    return "the pointer \(pointer) is not in the document: \(error)"
  }

  /// Whether `line:column` (from 1; columns count UTF-8 sequences, as the reader does) is a place
  /// in `document` or just after its last character.
  static func problem(line: Int, column: Int, in document: [UInt8]) -> String? {
    var lineLengths = [0]
    for byte in document {
      if byte == UInt8(ascii: "\n") {
        lineLengths.append(0)
      } else if byte & 0xC0 != 0x80 {
        lineLengths[lineLengths.count - 1] += 1
      }
    }
    guard line >= 1, line <= lineLengths.count else {
      return "line \(line) is outside the document's \(lineLengths.count) line(s)"
    }
    guard column >= 1, column <= lineLengths[line - 1] + 1 else {
      return "column \(column) is outside line \(line) of \(lineLengths[line - 1]) character(s)"
    }
    return nil
  }
}
