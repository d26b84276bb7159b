import Foundation

/// The JSON of one value, already written canonically into the save's output.
///
/// Values are written in place, in the order they are encoded, so saving builds no tree (a
/// session that builds one, for a single value, holds the value at `start` of its stack). A
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
  /// The number of bytes written so far (for a tree, of values on the stack).
  var position: Int { sink == .bytes ? output.bytes.count : tree.count }

  /// Marks what was written since `start` as one value.
  func written(since start: Int) -> WrittenJSON {
    WrittenJSON(start: start, end: output.bytes.count)
  }

  /// Forgets what was written since `start` (a value that turned out to be lossy).
  func discard(since start: Int) {
    if sink == .bytes {
      output.bytes.truncate(to: start)
    } else if start < tree.count {
      tree.removeSubrange(start...)
    }
  }

  /// The bytes written since `start`, as `Data`.
  func data(since start: Int) -> Data {
    output.bytes.makeData(start..<output.bytes.count)
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
