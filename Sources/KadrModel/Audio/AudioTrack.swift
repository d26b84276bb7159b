import Foundation

/// How a sped-up or slowed-down audio track keeps or changes its pitch.
public enum AudioTimePitchAlgorithm: String, Sendable, Hashable, CaseIterable {
  /// High-quality pitch preservation, for music.
  case spectral
  /// Pitch preservation tuned for speech.
  case timeDomain
  /// No pitch preservation: the pitch follows the speed, as on a record player.
  case varispeed
}

/// A background audio file played under a composition, with its own level, fades and timing.
///
/// Values are kept as given. kadr checks the ducking level (0…1) and the speed (0.25…4) only at
/// export, throwing ``KadrError/invalidDuckingLevel(_:)`` or ``KadrError/invalidSpeed(_:)``; this
/// model keeps an out-of-range value too, so a saved project reopens with what was set, and
/// reports it through ``isDuckingLevelValid`` and ``isSpeedRateValid``.
public struct AudioTrack: Sendable, Hashable {
  /// A linear change of volume over a range of the track's own time.
  public struct VolumeRamp: Sendable, Hashable {
    /// The volume at the start of ``range``.
    public let startVolume: Double
    /// The volume at the end of ``range``.
    public let endVolume: Double
    /// The span of the ramp, in track-relative time.
    public let range: TimeRange

    /// Creates a volume ramp.
    ///
    /// - Parameters:
    ///   - startVolume: The volume at the start.
    ///   - endVolume: The volume at the end.
    ///   - range: The span, in track-relative time.
    public init(startVolume: Double, endVolume: Double, range: TimeRange) {
      self.startVolume = startVolume
      self.endVolume = endVolume
      self.range = range
    }
  }

  /// The audio file.
  public package(set) var url: URL
  /// The linear gain; 1 is the file's own level.
  public package(set) var volumeLevel: Double
  /// The length of the fade-in from the track's start.
  public package(set) var fadeInDuration: Time
  /// The length of the fade-out to the track's end.
  public package(set) var fadeOutDuration: Time
  /// The fraction of ``volumeLevel`` kept while clip audio plays (0…1); `nil` is no ducking.
  public package(set) var duckingLevel: Double?
  /// The composition time the track starts at; `nil` is zero.
  public package(set) var startTime: Time?
  /// A cap on how long the track plays.
  public package(set) var explicitDuration: Time?
  /// The length of the crossfade into the next declared track when the two overlap.
  public package(set) var crossfadeDuration: Time?
  /// Volume ramps in track-relative time, in the order they were added.
  public package(set) var volumeRamps: [VolumeRamp]
  /// The playback speed; kadr accepts 0.25…4 and preserves pitch per ``pitchAlgorithm``.
  public package(set) var speedRate: Double
  /// How the pitch is treated when ``speedRate`` is not 1.
  public package(set) var pitchAlgorithm: AudioTimePitchAlgorithm
  /// Where in its file the track starts playing (its in-point, in the file's own time); `nil`
  /// is the file's start.
  ///
  /// This package's extension of kadr's vocabulary, for edits from other programs (an audio
  /// clip cut into its file): kadr 1.x plays every background track from its file's start.
  /// Written only when set, so documents without it stay schema 1 byte for byte.
  public package(set) var trimStart: Time?
  /// What the track's sound is (``Role/music``, `"dialogue.Narrator"`), for editing and export in
  /// other editors; kadr's export ignores it.
  public package(set) var role: Role?

  /// Creates an audio track from all of its stored properties, as a decoder does; with only `url`
  /// it is kadr's `AudioTrack(url:)`.
  ///
  /// - Parameters:
  ///   - url: The audio file.
  ///   - volumeLevel: The linear gain; 1 by default.
  ///   - fadeInDuration: The fade-in length; zero by default.
  ///   - fadeOutDuration: The fade-out length; zero by default.
  ///   - duckingLevel: The fraction kept while clip audio plays; `nil` by default.
  ///   - startTime: The composition start; `nil` (zero) by default.
  ///   - explicitDuration: A cap on the play length.
  ///   - crossfadeDuration: The crossfade into the next track.
  ///   - volumeRamps: Volume ramps in track-relative time.
  ///   - speedRate: The playback speed; 1 by default.
  ///   - pitchAlgorithm: The pitch treatment; spectral by default.
  ///   - trimStart: The in-point in the file; `nil` (the file's start) by default.
  ///   - role: The role; none by default.
  public init(
    url: URL, volumeLevel: Double = 1, fadeInDuration: Time = .zero, fadeOutDuration: Time = .zero,
    duckingLevel: Double? = nil, startTime: Time? = nil, explicitDuration: Time? = nil,
    crossfadeDuration: Time? = nil, volumeRamps: [VolumeRamp] = [], speedRate: Double = 1,
    pitchAlgorithm: AudioTimePitchAlgorithm = .spectral, trimStart: Time? = nil,
    role: Role? = nil
  ) {
    self.url = url
    self.volumeLevel = volumeLevel
    self.fadeInDuration = fadeInDuration
    self.fadeOutDuration = fadeOutDuration
    self.duckingLevel = duckingLevel
    self.startTime = startTime
    self.explicitDuration = explicitDuration
    self.crossfadeDuration = crossfadeDuration
    self.volumeRamps = volumeRamps
    self.speedRate = speedRate
    self.pitchAlgorithm = pitchAlgorithm
    self.trimStart = trimStart
    self.role = role
  }

  /// Whether ``duckingLevel`` is absent or within 0…1 (NaN is not); kadr's export throws
  /// ``KadrError/invalidDuckingLevel(_:)`` otherwise.
  public var isDuckingLevelValid: Bool {
    guard let level = duckingLevel else { return true }
    return (0...1).contains(level)
  }

  /// Whether ``speedRate`` is within 0.25…4 (NaN is not); kadr's export throws
  /// ``KadrError/invalidSpeed(_:)`` otherwise.
  public var isSpeedRateValid: Bool {
    (0.25...4).contains(speedRate)
  }
}
