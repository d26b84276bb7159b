import Foundation

extension AudioTrack {
  /// Returns a copy with every stored property as given, defaulting to this track's own.
  private func copy(
    volumeLevel: Double? = nil, fadeInDuration: Time? = nil, fadeOutDuration: Time? = nil,
    duckingLevel: Double? = nil, startTime: Time? = nil, explicitDuration: Time? = nil,
    crossfadeDuration: Time? = nil, volumeRamps: [VolumeRamp]? = nil, speedRate: Double? = nil,
    pitchAlgorithm: AudioTimePitchAlgorithm? = nil, trimStart: Time? = nil
  ) -> AudioTrack {
    AudioTrack(
      url: url, volumeLevel: volumeLevel ?? self.volumeLevel,
      fadeInDuration: fadeInDuration ?? self.fadeInDuration,
      fadeOutDuration: fadeOutDuration ?? self.fadeOutDuration,
      duckingLevel: duckingLevel ?? self.duckingLevel, startTime: startTime ?? self.startTime,
      explicitDuration: explicitDuration ?? self.explicitDuration,
      crossfadeDuration: crossfadeDuration ?? self.crossfadeDuration,
      volumeRamps: volumeRamps ?? self.volumeRamps, speedRate: speedRate ?? self.speedRate,
      pitchAlgorithm: pitchAlgorithm ?? self.pitchAlgorithm, trimStart: trimStart ?? self.trimStart,
      role: role)
  }

  /// Returns a copy whose linear gain is `level`.
  ///
  /// - Parameter level: The gain; 1 is the file's own level. Kept as given.
  public func volume(_ level: Double) -> AudioTrack {
    copy(volumeLevel: level)
  }

  /// Returns a copy that fades in over `duration` from its start.
  ///
  /// - Parameter duration: The fade-in length.
  public func fadeIn(_ duration: Time) -> AudioTrack {
    copy(fadeInDuration: duration)
  }

  /// Returns a copy that fades in over `duration` seconds (timescale 600).
  ///
  /// - Parameter duration: Seconds; a non-finite value gives ``Time/invalid``.
  public func fadeIn(_ duration: TimeInterval) -> AudioTrack {
    copy(fadeInDuration: Time(seconds: duration))
  }

  /// Returns a copy that fades out over `duration` to its end.
  ///
  /// - Parameter duration: The fade-out length.
  public func fadeOut(_ duration: Time) -> AudioTrack {
    copy(fadeOutDuration: duration)
  }

  /// Returns a copy that fades out over `duration` seconds (timescale 600).
  ///
  /// - Parameter duration: Seconds; a non-finite value gives ``Time/invalid``.
  public func fadeOut(_ duration: TimeInterval) -> AudioTrack {
    copy(fadeOutDuration: Time(seconds: duration))
  }

  /// Returns a copy that drops to `targetVolume` × its volume while clip audio plays.
  ///
  /// The level is kept as given, even outside 0…1 or NaN (kadr throws
  /// ``KadrError/invalidDuckingLevel(_:)`` at export); check ``isDuckingLevelValid``.
  /// - Parameter targetVolume: The fraction of the volume kept, 0…1.
  public func ducking(_ targetVolume: Double) -> AudioTrack {
    copy(duckingLevel: targetVolume)
  }

  /// Returns a copy that starts at composition time `time`.
  ///
  /// - Parameter time: The composition start.
  public func at(time: Time) -> AudioTrack {
    copy(startTime: time)
  }

  /// Returns a copy that starts at `time` seconds (timescale 600).
  ///
  /// - Parameter time: Seconds; a non-finite value gives ``Time/invalid``.
  public func at(time: TimeInterval) -> AudioTrack {
    copy(startTime: Time(seconds: time))
  }

  /// Returns a copy that plays for at most `duration`.
  ///
  /// - Parameter duration: The cap on the play length.
  public func duration(_ duration: Time) -> AudioTrack {
    copy(explicitDuration: duration)
  }

  /// Returns a copy that plays for at most `duration` seconds (timescale 600).
  ///
  /// - Parameter duration: Seconds; a non-finite value gives ``Time/invalid``.
  public func duration(_ duration: TimeInterval) -> AudioTrack {
    copy(explicitDuration: Time(seconds: duration))
  }

  /// Returns a copy that starts playing `start` into its file instead of at the file's start.
  ///
  /// An extension of kadr's vocabulary (see ``AudioTrack/trimStart``): kadr 1.x plays from the
  /// file's start.
  ///
  /// - Parameter start: The in-point, in the file's own time.
  public func trimmed(from start: Time) -> AudioTrack {
    copy(trimStart: start)
  }

  /// Returns a copy that starts playing `start` seconds into its file (timescale 600).
  ///
  /// - Parameter start: Seconds; a non-finite value gives ``Time/invalid``.
  public func trimmed(from start: TimeInterval) -> AudioTrack {
    copy(trimStart: Time(seconds: start))
  }

  /// Returns a copy that crossfades over `duration` into the next declared track.
  ///
  /// - Parameter duration: The crossfade length.
  public func crossfade(_ duration: Time) -> AudioTrack {
    copy(crossfadeDuration: duration)
  }

  /// Returns a copy that crossfades over `duration` seconds (timescale 600).
  ///
  /// - Parameter duration: Seconds; a non-finite value gives ``Time/invalid``.
  public func crossfade(_ duration: TimeInterval) -> AudioTrack {
    copy(crossfadeDuration: Time(seconds: duration))
  }

  /// Returns a copy with one more volume ramp (appends).
  ///
  /// - Parameters:
  ///   - start: The volume at the start of the range.
  ///   - end: The volume at its end.
  ///   - range: The span, in track-relative time.
  public func volumeRamp(start: Double, end: Double, during range: TimeRange) -> AudioTrack {
    copy(volumeRamps: volumeRamps + [VolumeRamp(startVolume: start, endVolume: end, range: range)])
  }

  /// Returns a copy with one more volume ramp over a range in seconds (appends).
  ///
  /// - Parameters:
  ///   - start: The volume at the start of the range.
  ///   - end: The volume at its end.
  ///   - range: The span in track-relative seconds, rounded to 1/600 s.
  public func volumeRamp(start: Double, end: Double, during range: ClosedRange<TimeInterval>)
    -> AudioTrack
  {
    volumeRamp(start: start, end: end, during: TimeRange(range))
  }

  /// Returns a copy played at `rate` with the pitch treatment `algorithm` (sets both).
  ///
  /// The rate is kept as given (kadr throws ``KadrError/invalidSpeed(_:)`` at export outside
  /// 0.25…4); check ``isSpeedRateValid``.
  /// - Parameters:
  ///   - rate: The playback speed; 1 is normal.
  ///   - algorithm: The pitch treatment; spectral by default.
  public func speed(_ rate: Double, algorithm: AudioTimePitchAlgorithm = .spectral) -> AudioTrack {
    copy(speedRate: rate, pitchAlgorithm: algorithm)
  }
}
