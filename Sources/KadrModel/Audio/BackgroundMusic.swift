import Foundation

/// Background music with the usual settings, added with `Video.backgroundMusic(_:)`.
///
/// A shorthand for an ``AudioTrack`` with a volume, fades and ducking; see
/// ``AudioTrack/init(_:)``.
public struct BackgroundMusic: Sendable, Hashable {
  /// The audio file.
  public let url: URL
  /// The linear gain.
  public let volume: Double
  /// The fade-in length in seconds.
  public let fadeIn: TimeInterval
  /// The fade-out length in seconds.
  public let fadeOut: TimeInterval
  /// The fraction of the volume kept while clip audio plays; `nil` is no ducking.
  public let duckingLevel: Double?

  /// Creates background music from all of its stored properties (kadr's own initialiser).
  ///
  /// - Parameters:
  ///   - url: The audio file.
  ///   - volume: The linear gain; 0.6 by default.
  ///   - fadeIn: The fade-in in seconds; 0.5 by default.
  ///   - fadeOut: The fade-out in seconds; 1 by default.
  ///   - duckingLevel: The fraction kept under clip audio; 0.3 by default.
  public init(
    url: URL, volume: Double = 0.6, fadeIn: TimeInterval = 0.5, fadeOut: TimeInterval = 1.0,
    duckingLevel: Double? = 0.3
  ) {
    self.url = url
    self.volume = volume
    self.fadeIn = fadeIn
    self.fadeOut = fadeOut
    self.duckingLevel = duckingLevel
  }
}

extension AudioTrack {
  /// Creates the audio track `Video.backgroundMusic(_:)` adds for `music`.
  ///
  /// The volume, the fades (at timescale 600) and the ducking level are carried over; every other
  /// property keeps its default.
  /// - Parameter music: The background music.
  public init(_ music: BackgroundMusic) {
    self.init(
      url: music.url, volumeLevel: music.volume, fadeInDuration: Time(seconds: music.fadeIn),
      fadeOutDuration: Time(seconds: music.fadeOut), duckingLevel: music.duckingLevel)
  }
}
