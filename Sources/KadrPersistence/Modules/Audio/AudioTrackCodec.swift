import Foundation
import KadrModel
import KadrPersistenceCore

/// Writes and reads ``AudioTrack`` values, the composition's background audio: kind `audioTrack`.
///
/// Every stored property is written; the optional ones (`duckingLevel`, `startTime`,
/// `explicitDuration`, `crossfadeDuration`, `trimStart`) are omitted when absent. `trimStart`
/// (the in-point in the file) is this package's extension of schema 1. Values are kept as given,
/// also out-of-range levels and speeds (the model reports them, an export refuses them).
struct AudioTrackCodec: ModelCodec {
  /// The payload's keys, one per stored property.
  public enum Key: String, PayloadKey {
    case url, volumeLevel, fadeInDuration, fadeOutDuration
    case duckingLevel, startTime, explicitDuration, crossfadeDuration
    case volumeRamps, speedRate, pitchAlgorithm, trimStart
    /// This project's extension, written only when set.
    case role
  }

  /// Creates the codec.
  public init() {}

  /// `audioTrack`.
  public var kindID: KindID { "audioTrack" }

  /// Writes the track's fields; absent optionals are omitted.
  ///
  /// - Throws: ``PersistenceError`` for a non-finite number or an invalid time.
  public func encode(_ value: AudioTrack, to payload: inout KeyedEncoder<Key>)
    throws
  {
    try payload.encode(value.url, for: .url)
    try payload.encode(value.volumeLevel, for: .volumeLevel)
    try payload.encode(value.fadeInDuration, for: .fadeInDuration)
    try payload.encode(value.fadeOutDuration, for: .fadeOutDuration)
    try payload.encodeIfPresent(value.duckingLevel, for: .duckingLevel)
    try payload.encodeIfPresent(value.startTime, for: .startTime)
    try payload.encodeIfPresent(value.explicitDuration, for: .explicitDuration)
    try payload.encodeIfPresent(value.crossfadeDuration, for: .crossfadeDuration)
    try payload.encode(value.volumeRamps, for: .volumeRamps)
    try payload.encode(value.speedRate, for: .speedRate)
    try payload.encode(value.pitchAlgorithm, for: .pitchAlgorithm)
    try payload.encodeIfPresent(value.trimStart, for: .trimStart)
    if value.role != nil { payload.requireSchema(DocumentEnvelope.newestSchema) }
    try payload.encodeIfPresent(value.role, for: .role)
  }

  /// Reads a track; refuses a missing required field, an unknown key or pitch algorithm.
  ///
  /// - Throws: ``PersistenceError`` naming the field's JSON pointer.
  public func decode(from payload: KeyedDecoder<Key>) throws -> AudioTrack {
    AudioTrack(
      url: try payload.decode(URL.self, for: .url),
      volumeLevel: try payload.decode(Double.self, for: .volumeLevel),
      fadeInDuration: try payload.decode(Time.self, for: .fadeInDuration),
      fadeOutDuration: try payload.decode(Time.self, for: .fadeOutDuration),
      duckingLevel: try payload.decodeIfPresent(Double.self, for: .duckingLevel),
      startTime: try payload.decodeIfPresent(Time.self, for: .startTime),
      explicitDuration: try payload.decodeIfPresent(Time.self, for: .explicitDuration),
      crossfadeDuration: try payload.decodeIfPresent(Time.self, for: .crossfadeDuration),
      volumeRamps: try payload.decode([AudioTrack.VolumeRamp].self, for: .volumeRamps),
      speedRate: try payload.decode(Double.self, for: .speedRate),
      pitchAlgorithm: try payload.decode(AudioTimePitchAlgorithm.self, for: .pitchAlgorithm),
      trimStart: try payload.decodeIfPresent(Time.self, for: .trimStart),
      role: try payload.decodeIfPresent(Role.self, for: .role))
  }

  /// The file's name: `audio music.m4a`.
  public func label(for value: AudioTrack) -> String? {
    "audio \(value.url.lastPathComponent)"
  }

  /// A bare track, three full ones, one per pitch algorithm, and one with an in-point.
  public func samples() -> CodecSamples<AudioTrack> {
    CodecSamples(
      minimal: AudioTrack(url: URL(fileURLWithPath: "/media/music.m4a")),
      maximal: AudioTimePitchAlgorithm.allCases.map(Self.maximalSample(pitchAlgorithm:))
        + [
          Self.maximalSample(pitchAlgorithm: .spectral).trimmed(
            from: Time(value: 90, timescale: 48_000)),
          Self.maximalSample(pitchAlgorithm: .spectral).role(Role.music.subrole("Score")),
        ])
  }

  /// A track that sets every field, with the given pitch algorithm.
  ///
  /// - Parameter pitchAlgorithm: The pitch algorithm.
  static func maximalSample(pitchAlgorithm: AudioTimePitchAlgorithm) -> AudioTrack {
    AudioTrack(
      url: URL(fileURLWithPath: "/media/music with space.m4a"), volumeLevel: 0.5,
      fadeInDuration: Time(value: 30, timescale: 30),
      fadeOutDuration: Time(value: 60, timescale: 30), duckingLevel: 0.2,
      startTime: Time(value: 15, timescale: 600), explicitDuration: Time(value: 10, timescale: 1),
      crossfadeDuration: Time(value: 45, timescale: 30),
      volumeRamps: [
        AudioTrack.VolumeRamp(
          startVolume: 0.2, endVolume: 0.8,
          range: TimeRange(
            start: Time(value: 30, timescale: 30), duration: Time(value: 60, timescale: 30))),
        AudioTrack.VolumeRamp(
          startVolume: 0.8, endVolume: 0,
          range: TimeRange(
            start: Time(value: 4, timescale: 1), duration: Time(value: 1, timescale: 2))),
      ],
      speedRate: 1.25, pitchAlgorithm: pitchAlgorithm)
  }
}

/// The audio module: registers `AudioTrackCodec`.
public enum AudioModule: RegistryModule {
  /// Registers the `audioTrack` model codec.
  public static func register(in registry: inout CodecRegistry) throws {
    try registry.register(model: AudioTrackCodec())
  }
}
