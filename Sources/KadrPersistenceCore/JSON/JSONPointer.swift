import Foundation

/// TEMPORARY minimal pointer; replaced by the JSON layer's full implementation on merge.
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
  /// One reference token.
  public enum Component: Sendable, Hashable {
    /// An object key.
    case key(String)
    /// An array index.
    case index(Int)
  }
  /// The tokens from the root.
  public var components: [Component]
  /// The whole document.
  public static let root = JSONPointer(components: [])
  /// Creates a pointer from tokens.
  public init(components: [Component] = []) { self.components = components }
  /// This pointer plus an object key.
  public func appending(key: String) -> JSONPointer {
    JSONPointer(components: components + [.key(key)])
  }
  /// This pointer plus an array index.
  public func appending(index: Int) -> JSONPointer {
    JSONPointer(components: components + [.index(index)])
  }
  /// The last object key in the pointer, if any.
  public var lastKey: String? {
    for component in components.reversed() { if case .key(let key) = component { return key } }
    return nil
  }
  /// RFC 6901 text.
  public var description: String {
    components.map {
      switch $0 {
      case .key(let k): "/" + k.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
      case .index(let i): "/\(i)"
      }
    }.joined()
  }
}
