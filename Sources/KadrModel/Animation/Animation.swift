import Foundation

/// A keyframe animation of a value: keyframes sorted by time and a timing curve between them.
///
/// Build one with ``keyframes(_:timing:)``. Keyframe times are relative to what is animated: to the
/// clip's first frame for clip animations, to the composition for overlay animations.
public struct Animation<Value: Animatable>: Sendable {
  /// One keyframe: a value at a time.
  public struct Keyframe: Sendable {
    /// When the value is reached.
    public let time: Time
    /// The value at ``time``.
    public let value: Value

    /// Creates a keyframe.
    ///
    /// - Parameters:
    ///   - time: When the value is reached.
    ///   - value: The value.
    public init(time: Time, value: Value) {
      self.time = time
      self.value = value
    }

    /// A keyframe at `seconds` (timescale 600).
    ///
    /// - Parameters:
    ///   - seconds: When the value is reached.
    ///   - value: The value.
    public static func at(_ seconds: TimeInterval, value: Value) -> Keyframe {
      Keyframe(time: Time(seconds: seconds), value: value)
    }

    /// A keyframe at `time`.
    ///
    /// - Parameters:
    ///   - time: When the value is reached.
    ///   - value: The value.
    public static func at(_ time: Time, value: Value) -> Keyframe {
      Keyframe(time: time, value: value)
    }
  }

  /// The keyframes, sorted by time (stable for equal times).
  public let keyframes: [Keyframe]
  /// The easing applied to each segment between neighbouring keyframes.
  public let timing: TimingFunction

  @usableFromInline
  init(sortedKeyframes: [Keyframe], timing: TimingFunction) {
    self.keyframes = sortedKeyframes
    self.timing = timing
  }

  /// Creates an animation; the keyframes are sorted by time.
  ///
  /// - Parameters:
  ///   - keyframes: The keyframes, in any order.
  ///   - timing: The easing of each segment; linear by default.
  @inlinable
  public static func keyframes(_ keyframes: [Keyframe], timing: TimingFunction = .linear)
    -> Animation<Value>
  {
    // Keyframes usually arrive in order (always, from a file): check before sorting.
    var inOrder = true
    for index in keyframes.indices.dropFirst()
    where keyframes[index].time < keyframes[index - 1].time {
      inOrder = false
      break
    }
    if inOrder { return Animation(sortedKeyframes: keyframes, timing: timing) }
    // A stable sort: keyframes at equal times keep their order. (A closure rather than a key path:
    // key paths into a generic type are instantiated at run time on every call.)
    let sorted = keyframes.enumerated().sorted { lhs, rhs in
      lhs.element.time == rhs.element.time
        ? lhs.offset < rhs.offset : lhs.element.time < rhs.element.time
    }.map { $0.element }
    return Animation(sortedKeyframes: sorted, timing: timing)
  }

  /// The animated value at `time`.
  ///
  /// Empty → `nil` (the static base applies); one keyframe → that value; before the first or after
  /// the last keyframe → held; between two → the segment's progress eased by ``timing``, then
  /// interpolated.
  /// - Parameter time: The time, in the animation's own frame of reference.
  public func value(at time: Time) -> Value? {
    guard let first = keyframes.first, let last = keyframes.last else { return nil }
    if keyframes.count == 1 || time <= first.time { return first.value }
    if time >= last.time { return last.value }
    guard let nextIndex = keyframes.firstIndex(where: { $0.time > time }), nextIndex > 0 else {
      return last.value
    }
    let a = keyframes[nextIndex - 1]
    let b = keyframes[nextIndex]
    let span = Animation.seconds(from: a.time, to: b.time)
    guard span.isFinite, span > 0 else { return b.value }
    let progress = Animation.seconds(from: a.time, to: time) / span
    return Value.interpolate(a.value, b.value, t: timing.apply(progress))
  }

  /// The seconds from `start` to `end`: exact when the difference fits a `Time`, else the
  /// difference of the seconds (the progress is a `Double` anyway), never NaN for valid times.
  private static func seconds(from start: Time, to end: Time) -> Double {
    let exact = end - start
    return exact.isValid ? exact.seconds : end.seconds - start.seconds
  }

  /// Whether the timing is code (``TimingFunction/custom(_:)``), which a file cannot hold.
  public var hasCustomTiming: Bool { timing.isCustom }
}
