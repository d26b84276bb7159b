import Foundation
import KadrModel
import KadrPersistence

/// Reads timelines written with mapping format 1 (kadr-persistence before format 2): their
/// metadata left out what OpenTimelineIO's own objects carried — a video clip's URL, filters and
/// speed curve, an audio track's URL, a track's clips, the composition's clips, audio tracks,
/// overlays and captions.
///
/// Such a timeline is brought to format 2 before it is read, as a document of an older schema is
/// migrated before it is decoded: each of those metadata values gets, for every member it lacks,
/// the member of the same value's default (`VideoClip(url:)`, `Track {}`, `AudioTrack(url:)`,
/// `Video {}`) as its codec writes it. The reader then sets what the file says on the decoded
/// value, as it does for format 2, so the default never shows. Only members are added, so every
/// pointer into the file stays where it was. No key of the format is spelled here: the defaults'
/// members come from the codecs.
struct LegacyMapping {
  /// The format these timelines declare.
  static let formatVersion = 1

  private let videoKind: String?
  private let trackKind: String?
  private let video: JSONObject
  private let track: JSONObject
  private let audioTrack: JSONObject
  private let composition: JSONObject

  /// The defaults, as `registry` writes them.
  ///
  /// - Throws: `PersistenceError` when the registry cannot write a default (it always can with
  ///   the built-in codecs).
  init(registry: CodecRegistry) throws(PersistenceError) {
    let placeholder = URL(fileURLWithPath: "/")
    videoKind = registry.clipKindID(of: VideoClip.self)?.rawValue
    trackKind = registry.clipKindID(of: Track.self)?.rawValue
    do {
      video = Self.payload(try registry.encode(clip: VideoClip(url: placeholder)).json)
      track = Self.payload(try registry.encode(clip: Track {}).json)
      audioTrack = try registry.encode(model: AudioTrack(url: placeholder)).json?.objectValue ?? [:]
      composition = try registry.encode(model: Video {}).json?.objectValue ?? [:]
    } catch {
      throw PersistenceError.wrapping(error)
    }
  }

  private static func payload(_ json: JSONValue?) -> JSONObject {
    json.flatMap(TaggedPayload.init)?.payload ?? [:]
  }

  /// The timeline `root` with the metadata of every object brought to format 2.
  func upgraded(_ root: JSONValue) -> JSONValue {
    switch root {
    case .array(let items):
      return .array(items.map(upgraded))
    case .object(var object):
      for key in object.keys {
        guard let value = object[key] else { continue }
        object[key] = upgraded(value)
      }
      if case .object(var metadata)? = object[OTIOKey.metadata],
        case .object(let kadr)? = metadata[KadrMetadataKey.namespace]
      {
        metadata[KadrMetadataKey.namespace] = .object(upgraded(metadata: kadr))
        object[OTIOKey.metadata] = .object(metadata)
      }
      return .object(object)
    default:
      return root
    }
  }

  /// One `metadata["kadr"]` object in format 2.
  private func upgraded(metadata kadr: JSONObject) -> JSONObject {
    var kadr = kadr
    if let clip = kadr[KadrMetadataKey.clip], var tagged = TaggedPayload(clip) {
      if tagged.kind == videoKind {
        tagged.payload = filled(tagged.payload, from: video)
      } else if tagged.kind == trackKind {
        tagged.payload = filled(tagged.payload, from: track)
      }
      kadr[KadrMetadataKey.clip] = tagged.json
    }
    for (key, defaults) in [
      (KadrMetadataKey.track, track), (KadrMetadataKey.audioTrack, audioTrack),
      (KadrMetadataKey.video, composition),
    ] {
      if case .object(let value)? = kadr[key] { kadr[key] = .object(filled(value, from: defaults)) }
    }
    return kadr
  }

  /// `value` with each member of `defaults` it lacks.
  private func filled(_ value: JSONObject, from defaults: JSONObject) -> JSONObject {
    var value = value
    for key in defaults.keys where value[key] == nil { value[key] = defaults[key] }
    return value
  }
}
