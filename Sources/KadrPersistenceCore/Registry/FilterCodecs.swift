import Foundation
import KadrModel

/// The filter codecs of one save, found for a built-in filter by its case, not by hashing its
/// kind id.
///
/// Figure: 2,400 lookups a save of 1,000 clips at about 330 instructions each by hashing the kind
/// id, 0.8 M a save. A class, so that reaching it from the session copies no arrays.
final class FilterCodecs {
  /// The codec of each built-in kind, in the order of `FilterKind.allCases`.
  private let builtIn: [RegisteredCodec<Filter>?]
  /// Bit `i` set when ``builtIn`` has a codec at `i`: whether a built-in filter can be written,
  /// answered with no codec retained and released.
  // Figure: through `codec(for:)`, 0.35 M instructions a save of 1,000 clips (callgrind).
  private let builtInRegistered: UInt64
  private let table: CodecTable<Filter>

  init(_ table: CodecTable<Filter>) {
    self.table = table
    builtIn = FilterKind.allCases.map { table.byKind[KindID($0.rawValue)] }
    builtInRegistered = builtIn.enumerated().reduce(0) { bits, entry in
      entry.element == nil ? bits : bits | 1 << UInt64(entry.offset)
    }
  }

  /// Whether a codec is registered for `filter`'s kind.
  func hasCodec(for filter: Filter) -> Bool {
    if let index = filter.builtInKindIndex { return builtInRegistered & 1 << UInt64(index) != 0 }
    return table.byKind[KindID(filter.kind.rawValue)] != nil
  }

  /// The codec registered for `filter`'s kind, or `nil`.
  func codec(for filter: Filter) -> RegisteredCodec<Filter>? {
    if let index = filter.builtInKindIndex { return builtIn[index] }
    return table.byKind[KindID(filter.kind.rawValue)]
  }
}

extension Filter {
  /// The position of a built-in filter's kind in `FilterKind.allCases`; `nil` for a custom one.
  var builtInKindIndex: Int? {
    switch self {
    case .brightness: 0
    case .contrast: 1
    case .saturation: 2
    case .exposure: 3
    case .sepia: 4
    case .mono: 5
    case .gaussianBlur: 6
    case .vignette: 7
    case .sharpen: 8
    case .zoomBlur: 9
    case .glow: 10
    case .lut: 11
    case .chromaKey: 12
    case .custom: nil
    }
  }
}
