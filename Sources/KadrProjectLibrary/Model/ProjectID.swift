import Foundation

/// The identity of a project in a library: the name of its directory, a lowercase UUID.
///
/// An id never changes, not by renaming and not in the trash, so an app can keep it in its own
/// state (scene storage, navigation paths, recent projects). Only ids that are UUIDs are
/// accepted, so an id can never name a path outside the library.
public struct ProjectID: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The id as written on disk: a lowercase UUID.
  public let rawValue: String
  /// The id as a UUID.
  public let uuid: UUID

  /// Reads an id from a UUID's text in either case (`UUID().uuidString` is upper case),
  /// normalised to lower case, or returns `nil` when `rawValue` is not a UUID.
  ///
  /// - Parameter rawValue: The text of the id.
  public init?(rawValue: String) {
    guard rawValue.utf8.count == 36, let uuid = UUID(uuidString: rawValue) else { return nil }
    self.init(uuid)
  }

  /// The id of a UUID, such as the one an app already keeps for a project it adopts.
  ///
  /// - Parameter uuid: The UUID.
  public init(_ uuid: UUID) {
    self.uuid = uuid
    rawValue = uuid.uuidString.lowercased()
  }

  /// A new, unique id.
  public init() {
    self.init(UUID())
  }

  /// The id of a project directory named `name`: only the exact lowercase form, so a folder
  /// named by an upper-case UUID is not taken for a project it is not.
  init?(directoryName name: String) {
    guard let id = ProjectID(rawValue: name), id.rawValue == name else { return nil }
    self = id
  }

  /// The id's text.
  public var description: String { rawValue }

  /// Decodes an id from its text (either case; normalised to lower case).
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError.dataCorrupted` when the text is not a UUID.
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
