import Foundation
import KadrModel
import KadrPersistence

/// A clip that holds the place of an OpenTimelineIO item kadr cannot play: a gap, or a clip
/// whose media is missing, generated, an image sequence or an unusable URL.
///
/// It keeps the item's name, duration and place on its track, so that nothing after it moves,
/// and what exporting needs to write the same OpenTimelineIO item again (a `Gap.1`, or a
/// `Clip.2` with its original media reference). A player draws nothing for it, as
/// OpenTimelineIO renders a gap: the composition shows what is below, or black.
/// ``OTIOMediaRelinker`` turns an offline placeholder whose ``mediaURL`` it relinks into a
/// `VideoClip`.
///
/// Saving a composition that holds placeholders needs ``OTIOPlaceholderModule`` in the
/// registry (`OTIOPlaceholderModule.registry()`), which the importer's and the exporter's
/// default registries include.
public struct OTIOPlaceholder: Clip, Sendable, Hashable {
  /// What the placeholder stands for.
  public enum Role: String, Sendable, Hashable, CaseIterable {
    /// An OpenTimelineIO gap (or a disabled item, which OpenTimelineIO plays as one).
    case gap
    /// A clip whose media kadr cannot play ("media offline").
    case offline
  }

  /// What the placeholder stands for.
  public let role: Role
  /// The OpenTimelineIO item's name.
  public let name: String
  /// How long it lasts on its track.
  public let duration: Time
  /// The part of its media the clip showed (its `source_range`), when it had one.
  public let sourceRange: TimeRange?
  /// Where its media was, when the file named a location kadr could not use (an image
  /// sequence's base, an unresolved relative path); relinking maps it.
  public let mediaURL: URL?
  /// The original media reference as compact JSON, written back on export; `nil` for a gap or
  /// a `MissingReference`.
  public let reference: String?
  /// ``reference`` as a JSON object (its keys sorted, as its text has them), so that export
  /// writes it back without parsing the text it was written as; `nil` when the text is not an
  /// object.
  let referenceJSON: JSONValue?
  /// The clip's identity: its OpenTimelineIO name.
  public let clipID: ClipID?
  /// An explicit composition time; `nil` joins its chain.
  public let startTime: Time?

  /// Creates a placeholder.
  ///
  /// - Parameters:
  ///   - role: A gap or an offline clip.
  ///   - name: The item's name.
  ///   - duration: Its length on its track.
  ///   - sourceRange: The part of its media it showed.
  ///   - mediaURL: Where its media was, if known.
  ///   - reference: The original media reference as JSON.
  ///   - clipID: Its identity.
  ///   - startTime: An explicit composition time.
  public init(
    role: Role, name: String = "", duration: Time, sourceRange: TimeRange? = nil,
    mediaURL: URL? = nil, reference: String? = nil, clipID: ClipID? = nil,
    startTime: Time? = nil
  ) {
    self.role = role
    self.name = name
    self.duration = duration
    self.sourceRange = sourceRange
    self.mediaURL = mediaURL
    self.reference = reference
    // Text handed in (by a caller, or read from a document) is parsed once, here.
    referenceJSON = reference.flatMap { try? JSONReader().read(Data($0.utf8)) }.flatMap {
      $0.objectValue == nil ? nil : $0
    }
    self.clipID = clipID
    self.startTime = startTime
  }

  /// Creates an offline placeholder from the reference the importer read, writing its text once.
  init(
    offline name: String, duration: Time, sourceRange: TimeRange?, mediaURL: URL?,
    reference: JSONObject?, clipID: ClipID?, startTime: Time?
  ) {
    role = .offline
    self.name = name
    self.duration = duration
    self.sourceRange = sourceRange
    self.mediaURL = mediaURL
    let json = reference.map { JSONValue.object($0).sortedKeys }
    let text = json.flatMap { try? JSONWriter().write($0) }.map {
      String(decoding: $0, as: UTF8.self)
    }
    self.reference = text
    referenceJSON = text == nil ? nil : json
    self.clipID = clipID
    self.startTime = startTime
  }

  /// A gap of `duration`.
  ///
  /// - Parameter duration: Its length.
  public static func gap(_ duration: Time) -> OTIOPlaceholder {
    OTIOPlaceholder(role: .gap, duration: duration)
  }
}

/// Writes and reads ``OTIOPlaceholder`` clips: kind `com.kadr.otio.placeholder`, version 1.
public struct OTIOPlaceholderCodec: ClipCodec {
  /// The payload's keys, one per stored property.
  public enum Key: String, PayloadKey {
    case role, name, duration, sourceRange, mediaURL, reference, clipID, startTime
  }

  /// `com.kadr.otio.placeholder`.
  public static let kindID: KindID = AddOnKind.otioPlaceholder.kind

  /// Creates the codec.
  public init() {}

  /// `com.kadr.otio.placeholder`.
  public var kindID: KindID { Self.kindID }

  public func encode(_ value: OTIOPlaceholder, to payload: inout KeyedEncoder<Key>) throws {
    try payload.encode(value.role.rawValue, for: .role)
    try payload.encode(value.name, for: .name)
    try payload.encode(value.duration, for: .duration)
    try payload.encodeIfPresent(value.sourceRange, for: .sourceRange)
    try payload.encodeIfPresent(value.mediaURL, for: .mediaURL)
    try payload.encodeIfPresent(value.reference, for: .reference)
    try payload.encodeIfPresent(value.clipID, for: .clipID)
    try payload.encodeIfPresent(value.startTime, for: .startTime)
  }

  /// Reads a placeholder.
  ///
  /// - Throws: `PersistenceError` for a missing or malformed field or an unknown role.
  public func decode(from payload: KeyedDecoder<Key>) throws -> OTIOPlaceholder {
    OTIOPlaceholder(
      role: try payload.valueDecoder(for: .role).enumeration(
        OTIOPlaceholder.Role.self, field: "role"),
      name: try payload.decode(String.self, for: .name),
      duration: try payload.decode(Time.self, for: .duration),
      sourceRange: try payload.decodeIfPresent(TimeRange.self, for: .sourceRange),
      mediaURL: try payload.decodeIfPresent(URL.self, for: .mediaURL),
      reference: try payload.decodeIfPresent(String.self, for: .reference),
      clipID: try payload.decodeIfPresent(ClipID.self, for: .clipID),
      startTime: try payload.decodeIfPresent(Time.self, for: .startTime))
  }

  /// Nothing: every field is data.
  public func losses(in value: OTIOPlaceholder) -> [LossFinding] { [] }

  /// `referenceJSON`, the parsed form of `reference`, which is written.
  public var notEncoded: [NotEncodedField] {
    [NotEncodedField("referenceJSON", reason: "the parsed form of reference, which is written")]
  }

  /// `gap` or `offline “name”`.
  public func label(for value: OTIOPlaceholder) -> String? {
    value.role == .gap ? "gap" : "offline “\(value.name)”"
  }

  /// A gap as the minimal sample; an offline clip with every field as the maximal one.
  public func samples() -> CodecSamples<OTIOPlaceholder> {
    CodecSamples(
      minimal: .gap(Time(value: 1, timescale: 24)),
      maximal: [
        OTIOPlaceholder(
          role: .offline, name: "A001", duration: Time(value: 48, timescale: 24),
          sourceRange: TimeRange(
            start: Time(value: 86400, timescale: 24), duration: Time(value: 48, timescale: 24)),
          mediaURL: URL(string: "file:///renders/shot_010/"),
          reference: #"{"OTIO_SCHEMA":"MissingReference.1"}"#, clipID: "A001",
          startTime: Time(value: 2, timescale: 1))
      ])
  }
}

/// Registers ``OTIOPlaceholderCodec``, so that compositions imported from OpenTimelineIO save
/// and open as documents.
///
/// ```swift
/// let coder = KadrCoder(registry: try OTIOPlaceholderModule.registry())
/// ```
public enum OTIOPlaceholderModule: RegistryModule {
  /// Registers the placeholder's codec.
  ///
  /// - Parameter registry: The registry to add to.
  /// - Throws: `RegistryError` when another codec already uses its kind id.
  public static func register(in registry: inout CodecRegistry) throws {
    try registry.register(clip: OTIOPlaceholderCodec())
  }

  /// The standard registry with the placeholder's codec.
  ///
  /// - Throws: `RegistryError` on a conflict (there is none with the built-in kinds).
  public static func registry() throws -> CodecRegistry {
    try CodecRegistry.standard.merging(fragment())
  }

  /// The standard registry with the placeholder's codec: ``registry()``, which cannot fail (the
  /// kind id is this module's own; were it taken, the standard registry is returned).
  public static let standardRegistry: CodecRegistry = (try? registry()) ?? .standard
}

extension OTIOPlaceholder: CodecRegistrationHinting {
  /// The startup line that lets the `KadrCoding` facade save and open imported compositions:
  /// saving a placeholder with a registry that lacks its codec reports this with the loss.
  public static var codecRegistration: String {
    AddOnKind.otioPlaceholder.registration
  }
}
