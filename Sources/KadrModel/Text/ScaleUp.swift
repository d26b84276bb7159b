import Foundation

/// A text animation that scales the text up from ``from`` to its own size, easing out.
///
/// The scale follows Core Animation's ease-out curve, `cubic-bezier(0, 0, 0.58, 1)`.
public struct ScaleUp: TextAnimation, Sendable, Hashable {
  /// The scale the text starts at; it ends at 1.
  public let from: CGFloat
  /// How long the scaling lasts.
  public let duration: Time
  /// When the scaling begins, in Core Animation's absolute time of the composition (seconds);
  /// ``TextAnimationBeginTime/atZero`` is composition time zero.
  public let beginTime: Double

  /// Creates a scale-up; this initialiser also takes all of the stored properties, as a decoder
  /// does.
  ///
  /// - Parameters:
  ///   - from: The starting scale; 0 by default. Stored as given.
  ///   - duration: How long the scaling lasts.
  ///   - beginTime: When the scaling begins; composition time zero by default.
  public init(
    from: CGFloat = 0.0, duration: Time, beginTime: Double = TextAnimationBeginTime.atZero
  ) {
    self.from = from
    self.duration = duration
    self.beginTime = beginTime
  }

  /// Creates a scale-up lasting `duration` seconds (timescale 600).
  ///
  /// - Parameters:
  ///   - from: The starting scale; 0 by default.
  ///   - duration: Seconds; a non-finite value gives an ``Time/invalid`` duration.
  ///   - beginTime: When the scaling begins; composition time zero by default.
  public init(
    from: CGFloat = 0.0, duration: TimeInterval,
    beginTime: Double = TextAnimationBeginTime.atZero
  ) {
    self.init(from: from, duration: Time(seconds: duration), beginTime: beginTime)
  }

  /// The scale at `time`: ``from`` before the begin, 1 after the end, eased out between.
  ///
  /// - Parameter time: A composition time.
  /// - Returns: The animated scale (never `nil`).
  public func scale(at time: Time) -> Double? {
    let progress = TextAnimationClock.progress(at: time, beginTime: beginTime, duration: duration)
    let start = Double(from)
    return start + (1 - start) * TextAnimationClock.easeOut.apply(progress)
  }
}
