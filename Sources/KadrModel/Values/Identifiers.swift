import Foundation

/// The identity of a clip, set with `id(_:)`, used by editors to find a clip again.
public struct ClipID: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// The identifier's text.
  public let rawValue: String

  /// Creates an identifier from its text.
  ///
  /// - Parameter rawValue: The identifier's text.
  public init(_ rawValue: String) { self.rawValue = rawValue }

  /// Creates an identifier from a string literal.
  public init(stringLiteral value: String) { self.rawValue = value }

  /// The identifier's text.
  public var description: String { rawValue }
}

/// The identity of an overlay layer, set with `id(_:)` on overlays.
public struct LayerID: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// The identifier's text.
  public let rawValue: String

  /// Creates an identifier from its text.
  ///
  /// - Parameter rawValue: The identifier's text.
  public init(_ rawValue: String) { self.rawValue = rawValue }

  /// Creates an identifier from a string literal.
  public init(stringLiteral value: String) { self.rawValue = value }

  /// The identifier's text.
  public var description: String { rawValue }
}

/// The identity of one filter in a clip's filter list, stable while filters are reordered.
public struct FilterID: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// The identifier's text.
  public let rawValue: String

  /// Creates an identifier from its text.
  ///
  /// - Parameter rawValue: The identifier's text.
  public init(_ rawValue: String) { self.rawValue = rawValue }

  /// Creates an identifier from a string literal.
  public init(stringLiteral value: String) { self.rawValue = value }

  /// Returns a fresh identifier (a UUID string).
  public static func generate() -> FilterID { FilterID(UUID().uuidString) }

  /// The identifier's text.
  public var description: String { rawValue }
}
