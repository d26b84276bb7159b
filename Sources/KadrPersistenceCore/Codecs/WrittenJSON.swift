import Foundation

/// The JSON of one value, already written canonically into the save's output.
///
/// Values are written in place, in the order they are encoded, so saving builds no tree. A
/// `WrittenJSON` is what a ``PersistableValue`` returns from ``ValueEncoder``'s writers
/// (``ValueEncoder/string(_:)``, ``ValueEncoder/number(_:)``, ``KeyedEncoder/finish()``, …) to
/// say "this is my value"; it is only meaningful to the encoder that produced it.
public struct WrittenJSON: Sendable {
  /// Where the value's bytes start in the output.
  let start: Int
  /// Just past the value's bytes.
  let end: Int
}

extension CodingSession {
  /// The number of bytes written so far.
  var position: Int { output.bytes.count }

  /// Marks what was written since `start` as one value.
  func written(since start: Int) -> WrittenJSON {
    WrittenJSON(start: start, end: output.bytes.count)
  }

  /// Forgets what was written since `start` (a value that turned out to be lossy).
  func discard(since start: Int) {
    output.bytes.truncate(to: start)
  }

  /// The bytes written since `start`, as `Data`.
  func data(since start: Int) -> Data {
    output.bytes.makeData(start..<output.bytes.count)
  }

  /// The value `written` as a tree, read back from its canonical bytes (for callers that want a
  /// value rather than a document: a piece of an export, a single value, a template).
  ///
  /// - Throws: ``PersistenceError`` if the bytes cannot be read back within the reader's limits
  ///   (never for what the writer wrote within the session's depth limit).
  func tree(of written: WrittenJSON) throws -> JSONValue {
    try Self.tree(of: output.bytes.makeData(written.start..<written.end))
  }

  /// The tree of canonical bytes written by a session (see ``tree(of:)``).
  ///
  /// - Throws: ``PersistenceError`` if they cannot be read back.
  static func tree(of bytes: Data) throws -> JSONValue {
    // The writer wrote what the session's depth limit allowed; the reader adds no other.
    let reader = JSONReader(options: JSONReader.Options(maximumDepth: .max))
    do {
      return try reader.read(bytes)
    } catch {
      throw PersistenceError(error)
    }
  }
}

extension CodingSession {
  /// Records a codec's loss findings for the value being written by `encoder`.
  func record(_ findings: [LossFinding], at encoder: ValueEncoder) {
    guard !findings.isEmpty else { return }
    let pointer = encoder.pointer
    for finding in findings {
      recordLoss(finding.kind, at: finding.field.map { pointer.appending(key: $0) } ?? pointer)
    }
  }
}

extension ValueEncoder {
  /// Records a codec's loss findings for the value this encoder writes.
  @usableFromInline
  func record(_ findings: [LossFinding]) {
    guard !findings.isEmpty else { return }
    session.record(findings, at: self)
  }
}
