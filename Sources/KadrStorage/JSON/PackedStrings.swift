import Foundation

/// Strings kept as their UTF-8 bytes one after another, matched byte for byte against a tape's
/// strings with no `String` made: the raw values of an enumeration the decoders read.
package final class PackedStrings: Sendable {
  /// Every string's bytes, one after another.
  private let bytes: [UInt8]
  /// Where each string starts in ``bytes``, and (last) where they end.
  private let starts: [Int]

  /// Packs `strings`, in order.
  ///
  /// - Parameter strings: The strings.
  package init(_ strings: some Sequence<String>) {
    var bytes: [UInt8] = []
    var starts: [Int] = []
    for string in strings {
      starts.append(bytes.count)
      bytes.append(contentsOf: string.utf8)
    }
    starts.append(bytes.count)
    self.bytes = bytes
    self.starts = starts
  }

  /// The position of the string whose bytes are exactly those of the plain string (one with no
  /// escapes) at `index` on `tape`, or `nil`.
  ///
  /// - Parameters:
  ///   - index: The word of a string on `tape`.
  ///   - tape: The tape.
  package func position(ofStringAt index: Int, on tape: JSONTapeView) -> Int? {
    guard tape.tag(at: index) == .string else { return nil }
    return tape.owner._withUnsafeGuaranteedRef {
      $0.withStringBytes(at: index) { text -> Int? in
        guard let target = text.baseAddress, !text.isEmpty else { return nil }
        return bytes.withUnsafeBufferPointer { all -> Int? in
          guard let base = all.baseAddress else { return nil }
          for position in 0..<(starts.count - 1)
          where starts[position + 1] - starts[position] == text.count {
            if memcmp(base + starts[position], target, text.count) == 0 { return position }
          }
          return nil
        }
      }
    }
  }
}
