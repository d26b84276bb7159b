import Foundation

/// The identity of a project in a library: the name of its directory, a lowercase UUID.
///
/// An id never changes, not by renaming and not in the trash, so an app can keep it in its own
/// state (recent projects, open windows). Only ids that are plain UUIDs are accepted, so an id
/// can never name a path outside the library.
public struct ProjectID: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The id as written on disk: a lowercase UUID.
  public let rawValue: String

  /// Reads an id, or returns `nil` when `rawValue` is not a lowercase UUID.
  ///
  /// - Parameter rawValue: The text of the id.
  public init?(rawValue: String) {
    guard rawValue.count == 36, UUID(uuidString: rawValue) != nil,
      rawValue == rawValue.lowercased()
    else { return nil }
    self.rawValue = rawValue
  }

  /// A new, unique id.
  public init() {
    rawValue = UUID().uuidString.lowercased()
  }

  /// The id's text.
  public var description: String { rawValue }

  /// Decodes an id from its text.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError.dataCorrupted` when the text is not a lowercase UUID.
  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    guard let id = ProjectID(rawValue: text) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "'\(text)' is not a project id"))
    }
    self = id
  }

  /// Encodes the id as its text.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: What the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}
