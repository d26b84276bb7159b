import Foundation
import KadrModel
import KadrPersistenceCore

/// A clip that holds the place of an interchange timeline's item kadr cannot play: a gap, or a
/// clip whose media is missing, generated, an image sequence or an unusable URL.
///
/// The OpenTimelineIO and the FCPXML importers both make it, so that one registry saves what
/// either read. It keeps the item's name, duration and place on its track, so that nothing
/// after it moves, and what exporting needs to write the same item again (an OpenTimelineIO
/// `Gap.1`, or a `Clip.2` with its original media reference; an FCPXML `gap` or an offline
/// `asset-clip`). A player draws nothing for it, as OpenTimelineIO renders a gap: the
/// composition shows what is below, or black.
///
/// Saving a composition that holds placeholders needs ``InterchangePlaceholderModule`` in the
/// registry (``InterchangePlaceholderModule/standardRegistry``), which the importers' and the
/// exporters' default registries include.
public struct InterchangePlaceholder: Clip, Sendable, Hashable {
  /// What the placeholder stands for.
  public enum Role: String, Sendable, Hashable, CaseIterable {
    /// A gap (or a disabled item, which OpenTimelineIO plays as one).
    case gap
    /// A clip whose media kadr cannot play ("media offline").
    case offline
  }

  /// What the placeholder stands for.
  public let role: Role
  /// The item's name.
  public let name: String
  /// How long it lasts on its track.
  public let duration: Time
  /// The part of its media the clip showed (OpenTimelineIO's `source_range`), when it had one.
  public let sourceRange: TimeRange?
  /// Where its media was, when the file named a location kadr could not use (an image
  /// sequence's base, an unresolved relative path); relinking maps it.
  public let mediaURL: URL?
  /// The original media reference as compact JSON, written back on export; `nil` for a gap, a
  /// `MissingReference` or an item of a format that has no such reference.
  public let reference: String?
  /// ``reference`` as a JSON object (its keys sorted, as its text has them), so that export
  /// writes it back without parsing the text it was written as; `nil` when the text is not an
  /// object.
  public let referenceJSON: JSONValue?
  /// The clip's identity: its name in the file.
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
    referenceJSON = reference.flatMap { try? JSONValue(jsonText: $0) }.flatMap {
      if case .object = $0 { $0 } else { nil }
    }
    self.clipID = clipID
    self.startTime = startTime
  }

  /// Creates an offline placeholder from the media reference an importer read as a JSON
  /// object, writing its text once (rather than parsing text written for the purpose).
  ///
  /// - Parameters:
  ///   - name: The item's name.
  ///   - duration: Its length on its track.
  ///   - sourceRange: The part of its media it showed.
  ///   - mediaURL: Where its media was, if known.
  ///   - reference: The original media reference; `nil` for none. Kept with its keys sorted.
  ///   - clipID: Its identity.
  ///   - startTime: An explicit composition time.
  public init(
    offline name: String, duration: Time, sourceRange: TimeRange?, mediaURL: URL?,
    reference: JSONObject?, clipID: ClipID?, startTime: Time?
  ) {
    role = .offline
    self.name = name
    self.duration = duration
    self.sourceRange = sourceRange
    self.mediaURL = mediaURL
    let json = reference.map { JSONValue.object($0).sortedKeys }
    let text = json.flatMap { try? $0.jsonText() }
    self.reference = text
    referenceJSON = text == nil ? nil : json
    self.clipID = clipID
    self.startTime = startTime
  }

  /// A gap of `duration`.
  ///
  /// - Parameter duration: Its length.
  public static func gap(_ duration: Time) -> InterchangePlaceholder {
    InterchangePlaceholder(role: .gap, duration: duration)
  }
}

extension InterchangePlaceholder: CodecRegistrationHinting {
  /// The startup line that lets the `KadrCoding` facade save and open imported compositions:
  /// saving a placeholder with a registry that lacks its codec reports this with the loss. It
  /// is the standard registry's note for the kind, so that it is spelled once.
  public static var codecRegistration: String {
    CodecRegistry.standard.registration(forKind: InterchangePlaceholderCodec.kindID)
      ?? "a registry with InterchangePlaceholderModule, such as "
      + "InterchangePlaceholderModule.standardRegistry"
  }
}
