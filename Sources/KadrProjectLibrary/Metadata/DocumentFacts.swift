import Foundation
import KadrPersistence

/// What the library learns of a document when it saves it, kept in `project.json` so a listing
/// shows and checks it without opening the document:
///
/// ```json
/// "document":{"clips":12,"duration":{"timescale":600,"value":27000},
///             "kinds":["com.example.countdown","title","video"],"schema":1}
/// ```
public struct DocumentFacts: Codable, Sendable, Hashable {
  /// The clips a person counts: every clip at any depth of tracks, not transitions or tracks.
  public let clipCount: Int
  /// The composition's length (`video.layout.duration`).
  public let duration: Time
  /// The schema the document is written in.
  public let schema: Int
  /// Every kind id the document holds, sorted.
  public let kinds: [String]

  enum CodingKeys: String, CodingKey {
    case clipCount = "clips"
    case duration, schema, kinds
  }
  enum TimeKeys: String, CodingKey { case timescale, value }

  /// The facts of a saved composition.
  ///
  /// - Parameters:
  ///   - video: The composition.
  ///   - saved: What saving it wrote (`KadrCoder.save(_:allowingLoss:images:)`).
  public init(video: Video, saved: SavedDocument) {
    clipCount = Self.clipCount(of: video.clips)
    duration = video.layout.duration
    schema = saved.schema
    kinds = saved.kinds.map(\.rawValue)
  }

  /// The clips a person counts: every clip at any depth of tracks, not transitions or the
  /// tracks themselves.
  static func clipCount(of clips: [any Clip]) -> Int {
    clips.reduce(0) { count, clip in
      if let track = clip as? Track { return count + clipCount(of: track.clips) }
      return clip is Transition ? count : count + 1
    }
  }

  /// Reads the facts from `project.json`'s tree; `nil` when the member is absent (a project
  /// saved before the library kept them), and an error when it is malformed.
  static func read(_ value: JSONValue?) throws -> DocumentFacts? {
    guard let value else { return nil }
    guard case .object(let object) = value,
      case .integer(let clips)? = object[CodingKeys.clipCount.rawValue],
      case .integer(let schema)? = object[CodingKeys.schema.rawValue],
      case .object(let time)? = object[CodingKeys.duration.rawValue],
      case .integer(let value)? = time[TimeKeys.value.rawValue],
      case .integer(let timescale)? = time[TimeKeys.timescale.rawValue],
      let timescale32 = Int32(exactly: timescale), timescale32 > 0,
      case .array(let kindValues)? = object[CodingKeys.kinds.rawValue],
      let count = Int(exactly: clips), let schemaNumber = Int(exactly: schema)
    else { throw MetadataEnvelope.EnvelopeError("'document' is not the document's facts") }
    var kinds: [String] = []
    for kind in kindValues {
      guard case .string(let text) = kind else {
        throw MetadataEnvelope.EnvelopeError("'document.kinds' holds a value that is not text")
      }
      kinds.append(text)
    }
    return DocumentFacts(
      clipCount: count, duration: Time(value: value, timescale: timescale32),
      schema: schemaNumber, kinds: kinds)
  }

  /// Creates facts from their parts, as a store reads them back.
  ///
  /// - Parameters:
  ///   - clipCount: The number of clips.
  ///   - duration: The length.
  ///   - schema: The schema.
  ///   - kinds: The kind ids, sorted.
  public init(clipCount: Int, duration: Time, schema: Int, kinds: [String]) {
    self.clipCount = clipCount
    self.duration = duration
    self.schema = schema
    self.kinds = kinds
  }
}
