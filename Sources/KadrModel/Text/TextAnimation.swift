import Foundation

/// An entrance animation of a ``TextOverlay``'s text: fade, slide, scale, or a plugin's own kind.
///
/// kadr's only requirement, `makeAnimations(for: CALayer) -> [CAAnimation]`, needs Core Animation,
/// which Linux does not have. Here an animation instead *samples* the properties it animates at a
/// composition time: ``opacity(at:resting:)``, ``scale(at:)`` and ``offset(at:)``. A requirement
/// returns `nil` when the animation does not touch that property; every one defaults to `nil`, so a
/// conformer implements only what it animates. `TextAnimation` stays open: a package can add its
/// own kinds and register a codec for them with the persistence registry (a conformer with no
/// codec is reported as loss when saved).
///
/// Implementation requirements:
/// - Sampling is a pure function of its arguments, safe to call from any thread.
/// - Like kadr's built-ins (fill mode "both"), a sampled property should be defined at every time:
///   hold the start value before the animation begins and the rest value after it ends.
public protocol TextAnimation: Sendable {
  /// The text's opacity at composition time `time`, or `nil` if this animation does not animate
  /// opacity.
  ///
  /// - Parameters:
  ///   - time: A composition time.
  ///   - resting: The opacity the text has when not animated (its overlay's opacity).
  /// - Returns: The animated opacity, or `nil`.
  func opacity(at time: Time, resting: Double) -> Double?

  /// The text's uniform scale at composition time `time` (1 is its own size), or `nil` if this
  /// animation does not animate scale.
  ///
  /// - Parameter time: A composition time.
  /// - Returns: The animated scale, or `nil`.
  func scale(at time: Time) -> Double?

  /// How far the text is displaced from where it rests at composition time `time`, in render-space
  /// points (x to the right, y down), or `nil` if this animation does not animate position.
  ///
  /// - Parameter time: A composition time.
  /// - Returns: The displacement, or `nil`.
  func offset(at time: Time) -> CGSize?
}

extension TextAnimation {
  /// Opacity is not animated by default.
  public func opacity(at time: Time, resting: Double) -> Double? { nil }
  /// Scale is not animated by default.
  public func scale(at time: Time) -> Double? { nil }
  /// Position is not animated by default.
  public func offset(at time: Time) -> CGSize? { nil }
}

/// Begin times of text animations, in Core Animation's absolute time of a composition.
public enum TextAnimationBeginTime {
  /// The begin time meaning "composition time zero", standing in for AVFoundation's
  /// `AVCoreAnimationBeginTimeAtZero`.
  ///
  /// Core Animation reads a `beginTime` of exactly 0 as "now", so AVFoundation defines this tiny
  /// positive constant instead; on Apple platforms its value is `1e-100`, and we use the same value
  /// so that files agree. Any other begin time is seconds of composition time.
  public static let atZero: Double = 1e-100
}

/// The progress clock shared by the built-in animations.
enum TextAnimationClock {
  /// Core Animation's `easeOut` curve: `cubic-bezier(0, 0, 0.58, 1)`.
  static let easeOut = TimingFunction.cubicBezier(CGPoint(x: 0, y: 0), CGPoint(x: 0.58, y: 1))

  /// Linear progress, 0…1, of an animation that begins at `beginTime` seconds and lasts `duration`.
  ///
  /// Before the begin → 0, after the end → 1 (fill mode "both"). A non-finite begin time counts as
  /// zero; an invalid `time` gives 0; a duration that is invalid, zero or negative steps from 0 to
  /// 1 at the begin time.
  static func progress(at time: Time, beginTime: Double, duration: Time) -> Double {
    let now = time.seconds
    guard now.isFinite else { return 0 }
    let begin = beginTime.isFinite ? beginTime : 0
    let elapsed = now - begin
    let length = duration.seconds
    guard length.isFinite, length > 0 else { return elapsed >= 0 ? 1 : 0 }
    return min(max(elapsed / length, 0), 1)
  }
}
