import Foundation

/// A canonical JSON writer whose bytes equal what Foundation's `JSONEncoder` with
/// `outputFormatting = [.sortedKeys]` writes for the same tree.
///
/// The output is compact UTF-8. Object keys are sorted by their UTF-8 bytes, as `JSONEncoder`
/// sorts them (`utf8.lexicographicallyPrecedes`; for ASCII keys also Swift's `String` order,
/// `"B" < "_0" < "a"`, but not for every non-ASCII key: a decomposed `"e\u{301}"` sorts before
/// `"f"`); keys already in order are not sorted again. Strings escape `"`, `\` and `/` (as `\/`),
/// write `\b \f \n \r \t`, other control characters as `\u00xx` in lowercase hex, and everything
/// else (DEL, U+2028, emoji) as raw UTF-8. ``JSONValue/integer(_:)`` prints as an integer;
/// ``JSONValue/number(_:)`` as Swift's shortest round-tripping `description` without a trailing
/// `.0`: `1`, `0.1`, `1e-07`, `1e+21`, `-0`, `0.10000000149011612`.
///
/// Unlike `JSONEncoder`, which refuses 512 levels, it takes trees ``Options/maximumDepth`` deep
/// (512 by default, as the ``JSONReader``), so whatever the reader accepts can be written back.
package struct JSONWriter: Sendable {
  /// Limits the writer enforces.
  package struct Options: Sendable, Equatable {
    /// How many arrays and objects may be nested: `[[1]]` is 2 deep. Default 512.
    public var maximumDepth: Int

    /// Creates writer options.
    ///
    /// - Parameter maximumDepth: How many arrays and objects may be nested. Default 512.
    public init(maximumDepth: Int = 512) {
      self.maximumDepth = maximumDepth
    }
  }

  /// The limits this writer enforces.
  package var options: Options

  /// Creates a writer.
  ///
  /// - Parameter options: The limits to enforce.
  package init(options: Options = Options()) {
    self.options = options
  }

  /// Writes a tree as canonical JSON bytes.
  ///
  /// - Parameter value: The tree.
  /// - Returns: The UTF-8 bytes, without a trailing newline.
  /// - Throws: ``JSONWriteError/nonFiniteNumber(pointer:)`` for a NaN or an infinity, or
  ///   ``JSONWriteError/tooDeep(limit:pointer:)`` for nesting past the limit; each names where.
  package func write(_ value: JSONValue) throws(JSONWriteError) -> [UInt8] {
    var output = JSONOutput(maximumDepth: options.maximumDepth)
    do {
      try output.write(value)
    } catch {
      throw error.resolved
    }
    return output.bytes.makeArray()
  }

  /// Writes a tree as canonical JSON, in `Data`.
  ///
  /// - Parameter value: The tree.
  /// - Returns: The UTF-8 bytes, without a trailing newline.
  /// - Throws: ``JSONWriteError`` as ``write(_:)`` does.
  package func writeData(_ value: JSONValue) throws(JSONWriteError) -> Data {
    Data(try write(value))
  }
}

/// A write failure, with the pointer to where it happened.
package struct JSONWriteFailure: Error {
  package enum Kind {
    case nonFiniteNumber
    case tooDeep(limit: Int)
  }

  package var kind: Kind
  package var components: [JSONPointer.Component]

  /// The public error.
  package var resolved: JSONWriteError {
    let pointer = JSONPointer(components)
    switch kind {
    case .nonFiniteNumber: return .nonFiniteNumber(pointer: pointer)
    case .tooDeep(let limit): return .tooDeep(limit: limit, pointer: pointer)
    }
  }
}
