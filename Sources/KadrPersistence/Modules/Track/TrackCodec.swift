import Foundation
import KadrModel
import KadrPersistenceCore

/// Writes and reads ``Track`` clips: kind `track`.
///
/// A track's clips go back through the registry, so a track may hold any registered kind,
/// including plugins' kinds and further tracks, to any depth the coding limits admit.
package struct TrackCodec: ClipCodec {
  /// The payload's keys, one per stored property.
  public enum Key: String, PayloadKey {
    case clips, name, startTime, opacityFactor
  }

  /// Creates the codec.
  public init() {}

  /// `track`.
  public var kindID: KindID { "track" }

  public func encode(_ value: Track, to payload: inout KeyedEncoder<Key>) throws {
    // In key order, so a track's clips are written without reordering.
    try payload.encode(clips: value.clips, for: .clips)
    try payload.encodeIfPresent(value.name, for: .name)
    try payload.encode(value.opacityFactor, for: .opacityFactor)
    try payload.encodeIfPresent(value.startTime, for: .startTime)
  }

  /// Reads a track. A track always has a start time; a file without `startTime` gives
  /// ``Time/zero``, the start of a track built without one.
  public func decode(from payload: KeyedDecoder<Key>) throws -> Track {
    Track(
      clips: try payload.decodeClips(for: .clips),
      startTime: try payload.decodeIfPresent(Time.self, for: .startTime) ?? .zero,
      name: try payload.decodeIfPresent(String.self, for: .name),
      opacityFactor: try payload.decode(Double.self, for: .opacityFactor))
  }

  /// The name, or the number of clips: `track "overlayTrack"`, `track of 3 clips`.
  public func label(for value: Track) -> String? {
    if let name = value.name { return "track \"\(name)\"" }
    return "track of \(value.clips.count) clip\(value.clips.count == 1 ? "" : "s")"
  }

  /// An empty track as the minimal sample (its start time is never `nil`: ``Track`` always has
  /// one), and a track holding title clips and tracks nested three deep as the maximal one.
  ///
  /// The completeness report round-trips these samples through the registry it belongs to, so
  /// the maximal sample only round-trips when the `title` kind (``TitleModule``) is registered
  /// there too, as it is in the standard registry.
  public func samples() -> CodecSamples<Track> {
    let title = { (text: String) in
      TitleSequence(text, duration: Time(value: 30, timescale: 30))
    }
    let innermost = Track(
      clips: [title("three deep")], startTime: Time(value: 5, timescale: 30), name: "inner",
      opacityFactor: 0.25)
    let middle = Track(
      clips: [title("two deep"), innermost], startTime: .zero, name: "middle", opacityFactor: 0.5)
    return CodecSamples(
      minimal: Track(clips: []),
      maximal: Track(
        clips: [title("one deep"), middle], startTime: Time(value: 200, timescale: 30),
        name: "overlayTrack", opacityFactor: 0.7))
  }
}

/// The track module: registers `TrackCodec`.
public enum TrackModule: RegistryModule {
  /// Registers the `track` clip kind.
  public static func register(in registry: inout CodecRegistry) throws {
    try registry.register(clip: TrackCodec())
  }
}
