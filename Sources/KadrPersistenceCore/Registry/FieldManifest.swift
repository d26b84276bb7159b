import Foundation

/// The JSON keys of one codec's payload: the single place a codec spells each key.
///
/// A codec declares its keys as an enum, and uses the same enum to write, to read, and (through
/// ``FieldManifest``) to prove that every stored property of its model is handled:
///
/// ```swift
/// enum Key: String, PayloadKey {
///   case text, duration
///   case clipID
/// }
/// ```
///
/// A key's ``property`` is the stored property it holds, when the names differ. An enum model's
/// case is covered by a key whose property is ``PayloadKey/enumCase``.
public protocol PayloadKey: RawRepresentable, CaseIterable, Sendable, Hashable
where RawValue == String {
  /// The stored property of the model this key holds; the key's raw value by default.
  var property: String { get }

  /// Whether the key holds an image store's token (so ``CodecRegistry/imageTokens(in:)`` can
  /// list tokens without building the composition); `false` by default.
  ///
  /// Mark every key a codec writes with `encode(image:for:)`: the completeness report fails a
  /// kind whose samples write a token the walker cannot find, and says which key to mark.
  var holdsImageToken: Bool { get }
}

extension PayloadKey {
  /// The key's raw value.
  public var property: String { rawValue }

  /// No image token by default.
  public var holdsImageToken: Bool { false }

  /// The property name that stands for an enum model's case (rather than a stored property).
  public static var enumCase: String { "(case)" }
}

/// A stored property a codec deliberately does not write, and why.
public struct NotEncodedField: Sendable, Hashable, Codable {
  /// The stored property's name, as reflection shows it (`compositors`).
  public let property: String
  /// Why it is not written, for the completeness report: "code; reported as loss".
  public let reason: String

  /// Declares a property that is deliberately not written.
  ///
  /// - Parameters:
  ///   - property: The stored property's name.
  ///   - reason: Why it is not written.
  public init(_ property: String, reason: String) {
    self.property = property
    self.reason = reason
  }
}

/// Everything a codec says about its model's stored properties: which key holds each, and which
/// are deliberately not written.
public struct FieldManifest: Sendable, Hashable, Codable {
  /// One line of the manifest.
  public struct Entry: Sendable, Hashable, Codable {
    /// The stored property.
    public let property: String
    /// The JSON key holding it, or `nil` when it is not written.
    public let key: String?
    /// Why it is not written, when ``key`` is `nil`.
    public let reason: String?
    /// Whether the key holds an image store's token.
    public let holdsImageToken: Bool
  }

  /// The lines, in declaration order: encoded keys first, then the properties not written.
  public let entries: [Entry]

  /// Builds a manifest from a key enum and the properties deliberately left out.
  ///
  /// - Parameters:
  ///   - keys: The codec's key type.
  ///   - notEncoded: The stored properties not written, with reasons.
  public init<Key: PayloadKey>(_ keys: Key.Type, notEncoded: [NotEncodedField] = []) {
    entries =
      Key.allCases.map {
        Entry(
          property: $0.property, key: $0.rawValue, reason: nil, holdsImageToken: $0.holdsImageToken)
      }
      + notEncoded.map {
        Entry(property: $0.property, key: nil, reason: $0.reason, holdsImageToken: false)
      }
  }

  /// The stored properties the manifest accounts for (encoded or not), less the enum-case marker.
  public var properties: Set<String> {
    Set(entries.map(\.property)).subtracting([NoKeys.enumCase])
  }

  /// The keys that hold image tokens.
  public var imageTokenKeys: Set<String> {
    Set(entries.filter(\.holdsImageToken).compactMap(\.key))
  }

  /// The properties deliberately not written.
  public var notEncodedProperties: Set<String> {
    Set(entries.filter { $0.key == nil }.map(\.property))
  }
}

/// The key type of a payload with no fields, such as a filter with no parameters.
public enum NoKeys: String, PayloadKey {
  /// Never used (an enum needs a case to be usefully `CaseIterable`); ``allCases`` is empty.
  case none

  /// No keys at all.
  public static var allCases: [NoKeys] { [] }
}
