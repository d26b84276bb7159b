import Foundation

/// A text animation that fades the text in linearly from ``from`` to its resting opacity.
public struct FadeIn: TextAnimation, Sendable, Hashable {
  /// How long the fade lasts.
  public let duration: Time
  /// The opacity the fade starts at, 0…1.
  public let from: Float
  /// When the fade begins, in Core Animation's absolute time of the composition (seconds);
  /// ``TextAnimationBeginTime/atZero`` is composition time zero.
  public let beginTime: Double

  /// Creates a fade-in; this initialiser also takes all of the stored properties, as a decoder
  /// does.
  ///
  /// - Parameters:
  ///   - duration: How long the fade lasts.
  ///   - from: The starting opacity; 0 by default. Stored as given.
  ///   - beginTime: When the fade begins; composition time zero by default.
  public init(duration: Time, from: Float = 0, beginTime: Double = TextAnimationBeginTime.atZero) {
    self.duration = duration
    self.from = from
    self.beginTime = beginTime
  }

  /// Creates a fade-in lasting `duration` seconds (timescale 600).
  ///
  /// - Parameters:
  ///   - duration: Seconds; a non-finite value gives an ``Time/invalid`` duration.
  ///   - from: The starting opacity; 0 by default.
  ///   - beginTime: When the fade begins; composition time zero by default.
  public init(
    duration: TimeInterval, from: Float = 0, beginTime: Double = TextAnimationBeginTime.atZero
  ) {
    self.init(duration: Time(seconds: duration), from: from, beginTime: beginTime)
  }

  /// The opacity at `time`: ``from`` before the begin, `resting` after the end, linear between.
  ///
  /// - Parameters:
  ///   - time: A composition time.
  ///   - resting: The overlay's own opacity, which the fade ends at.
  /// - Returns: The animated opacity (never `nil`).
  public func opacity(at time: Time, resting: Double) -> Double? {
    let progress = TextAnimationClock.progress(at: time, beginTime: beginTime, duration: duration)
    let start = Double(from)
    return start + (resting - start) * progress
  }
}
