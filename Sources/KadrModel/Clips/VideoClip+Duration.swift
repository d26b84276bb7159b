import Foundation

extension VideoClip {
  /// The slowest and fastest speed a curve sample may take; kadr clamps each sample to this.
  public static let speedCurveRange: ClosedRange<Double> = 0.25...4.0

  /// How finely a speed curve is integrated between keyframes: 600 steps per source second.
  static let speedCurveStepsPerSecond = 600.0

  /// The most integration steps spent between two neighbouring keyframes, so that a curve over a
  /// very long trim still computes quickly.
  static let speedCurveMaximumStepsPerSegment = 100_000

  /// How long the clip lasts on the timeline, after trim and speed (kadr's synchronous value).
  ///
  /// - With no ``trimRange``: `.zero` (the file's length is not known without reading it).
  /// - With a ``speedCurve``: the integral of `1 / curve(t)` over the trimmed source, at timescale
  ///   600 (see below).
  /// - Else, at ``speedRate`` 1: exactly `trimRange.duration`; at another speed,
  ///   `trimRange.duration.multiplied(byFloat: 1 / speedRate)` (rounded to the trim's timescale).
  ///
  /// A `speedRate` that is NaN, zero, negative or infinite, or so small that the result does not
  /// fit, gives ``Time/invalid``; so does an invalid trim duration.
  ///
  /// **Speed curves.** The curve's keyframe times are clip-relative source time (0 = the trim's
  /// start). Each sample is clamped to ``speedCurveRange``. Before the first and after the last
  /// keyframe the curve holds its value, and those spans are integrated exactly; between
  /// keyframes the midpoint rule is used with steps of 1/600 s (at most 100,000 steps per pair of
  /// keyframes). The sum in seconds is then rounded to 1/600 s. kadr's engine instead sums 30 Hz
  /// midpoint samples each rounded to 1/600 s, so the two can differ by a few 1/600 s on a
  /// strongly varying curve. A curve with no keyframes counts as speed 1 (as kadr's sampler does);
  /// a trim of zero or negative length gives `.zero` (as kadr's); a NaN sample or keyframe time
  /// gives ``Time/invalid``.
  ///
  /// **Exact speeds.** With a ``speedRatio`` (and no curve) the length is
  /// `trimRange.duration × denominator / numerator`, exactly (the timescale grows if it must), with no
  /// `Double` in between; ``Time/invalid`` when that overflows.
  public var duration: Time {
    guard let trimRange else { return .zero }
    let sourceLength = trimRange.duration
    guard sourceLength.isValid else { return .invalid }
    if let speedCurve {
      guard sourceLength > .zero else { return .zero }
      guard
        let seconds = VideoClip.integratedSeconds(of: speedCurve, over: sourceLength.seconds)
      else { return .invalid }
      return Time(seconds: seconds, preferredTimescale: Time.defaultTimescale)
    }
    if let speedRatio {
      // Exact: length × denominator / numerator.
      if let exact = try? sourceLength.multiplied(
        by: speedRatio.denominator, dividedBy: speedRatio.numerator)
      {
        return exact
      }
      return .invalid
    }
    if speedRate == 1 { return sourceLength }
    guard speedRate.isFinite, speedRate > 0 else { return .invalid }
    return sourceLength.multiplied(byFloat: 1 / speedRate)
  }

  /// `∫₀^length 1 / clamp(curve(t)) dt` in seconds, or `nil` if a sample or keyframe time is NaN.
  static func integratedSeconds(of curve: Animation<Double>, over length: Double) -> Double? {
    let keyframes = curve.keyframes.map { (time: $0.time.seconds, value: $0.value) }
    guard let first = keyframes.first, let last = keyframes.last else { return length }
    guard keyframes.allSatisfy({ !$0.time.isNaN && !$0.value.isNaN }) else { return nil }
    var total = 0.0
    // Held before the first keyframe.
    let headEnd = min(length, first.time)
    if headEnd > 0 { total += headEnd / clampedSpeed(first.value) }
    // Between neighbouring keyframes.
    for (a, b) in zip(keyframes, keyframes.dropFirst()) {
      let span = b.time - a.time
      let low = max(0, a.time)
      let high = min(length, b.time)
      guard span > 0, high > low else { continue }
      let wanted = ((high - low) * speedCurveStepsPerSecond).rounded(.up)
      let steps = Int(min(Double(speedCurveMaximumStepsPerSegment), max(1, wanted)))
      let step = (high - low) / Double(steps)
      for index in 0..<steps {
        let midpoint = low + (Double(index) + 0.5) * step
        let progress = curve.timing.apply((midpoint - a.time) / span)
        let value = Double.interpolate(a.value, b.value, t: progress)
        guard !value.isNaN else { return nil }
        total += step / clampedSpeed(value)
      }
    }
    // Held after the last keyframe.
    let tailStart = max(0, last.time)
    if length > tailStart { total += (length - tailStart) / clampedSpeed(last.value) }
    return total
  }

  private static func clampedSpeed(_ value: Double) -> Double {
    min(max(value, speedCurveRange.lowerBound), speedCurveRange.upperBound)
  }
}
