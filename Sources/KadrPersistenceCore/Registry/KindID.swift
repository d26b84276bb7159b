import Foundation

/// The stable name of a kind of content, written in files: `"video"`, `"com.example.countdown"`.
///
/// A kind id is always given explicitly by the codec that owns it; it is never derived from a type
/// name, so renaming a Swift type never breaks a saved project. Plugins should use reverse-DNS ids;
/// the built-in ids (`video`, `image`, `title`, …) are reserved.
public struct KindID: Hashable, Sendable, Codable, Comparable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The id as written in files.
  public let rawValue: String

  /// Creates a kind id.
  ///
  /// - Parameter rawValue: The id as written in files.
  public init(_ rawValue: String) { self.rawValue = rawValue }

  /// Creates a kind id from a string literal.
  public init(stringLiteral value: String) { self.rawValue = value }

  /// Decodes a kind id from a single string.
  public init(from decoder: any Decoder) throws {
    rawValue = try decoder.singleValueContainer().decode(String.self)
  }

  /// Encodes a kind id as a single string.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  public static func < (lhs: KindID, rhs: KindID) -> Bool { lhs.rawValue < rhs.rawValue }

  /// The id as written in files.
  public var description: String { rawValue }
}

/// The places where a registry accepts codecs.
public enum ExtensionPoint: String, Sendable, Codable, CaseIterable, CustomStringConvertible {
  /// Kinds of clip: `{"<kind>": {"_0": payload}}` in a clip list.
  case clip
  /// Kinds of overlay: `{"<kind>": {"_0": payload}}` in the overlay list.
  case overlay
  /// Kinds of filter: `{"kind": "<kind>", …}` in a video clip's filter list.
  case filter
  /// Kinds of text animation: `{"kind": "<kind>", …}` on a text overlay.
  case textAnimation
  /// Model types at a fixed place in the document (the composition, audio tracks, captions, the
  /// preset, …): a plain object.
  case model

  /// The extension point's name for messages, such as `"clip"` or `"text animation"`.
  public var description: String {
    switch self {
    case .clip: "clip"
    case .overlay: "overlay"
    case .filter: "filter"
    case .textAnimation: "text animation"
    case .model: "model"
    }
  }
}
