import Foundation
import KadrModel

/// How much of a piece the overlapping transitions on either side of it borrow, in timeline
/// time.
///
/// OpenTimelineIO cuts two clips joined by a transition at one point and lets the transition
/// reveal media beyond the cut (*handles*): the piece after a transition shows `in_offset` more
/// before its start, the piece before it `out_offset` more after its end. A kadr dissolve or
/// slide makes its neighbours overlap instead, so each neighbour's OpenTimelineIO range is its
/// kadr range less the handles; a fade makes no overlap and borrows nothing.
struct Handles: Equatable {
  /// Borrowed at the start by the transition before the piece (its `in_offset`).
  var head: Time = .zero
  /// Borrowed at the end by the transition after the piece (its `out_offset`).
  var tail: Time = .zero

  /// Whether nothing is borrowed.
  var isEmpty: Bool { head == .zero && tail == .zero }
}

/// A time that cannot be written: the arithmetic overflowed or a time was invalid.
struct TimingFailure: Error {
  /// What could not be computed, as a phrase.
  let what: String
}

/// The projections of kadr timing onto OpenTimelineIO fields, shared by the writer and the
/// reader: the reader recomputes them from the kadr metadata and trusts the metadata only when
/// they match the file.
enum ClipTiming {
  /// The in and out offsets of a transition whose layout entry spans `span`: the cut is in the
  /// middle, `in_offset` the first half (exact, in a finer timescale if needed).
  static func offsets(span: Time) -> (in: Time, out: Time) {
    guard span.isValid, span > .zero else { return (.zero, .zero) }
    let first = (try? span.multiplied(by: 1, dividedBy: 2)) ?? .zero
    let second = span - first
    guard second.isValid else { return (.zero, .zero) }
    // An even split is written twice the same way rather than at a common timescale.
    return (first, second == first ? first : second)
  }

  /// Whether a transition of this kind makes its neighbours overlap (and so borrows handles).
  static func borrowsHandles(_ transition: Transition) -> Bool {
    switch transition {
    case .fade: false
    case .slide, .dissolve: true
    }
  }

  /// `time` scaled by a speed, exactly at speed 1.
  static func scaled(_ time: Time, by factor: Double) -> Time {
    factor == 1 ? time : time.multiplied(byFloat: factor)
  }

  /// `time` scaled by a speed exactly, the timescale growing to hold the result, when the speed
  /// is a fraction of small terms (0.05 is 1/20, 1.5 is 3/2); otherwise rounded to `time`'s
  /// timescale, as ``scaled(_:by:)``.
  ///
  /// A media range scaled by rounding loses up to half a unit of its timescale: 12 frames at
  /// 0.05× kept one frame of media, which then played as 20 frames.
  static func exactlyScaled(_ time: Time, by factor: Double) -> Time {
    guard factor != 1, let (numerator, denominator) = fraction(of: factor),
      let exact = try? time.multiplied(by: numerator, dividedBy: denominator)
    else { return scaled(time, by: factor) }
    return exact
  }

  /// `value` as `numerator / denominator` with a denominator of at most a million, when that
  /// fraction is exactly `value` as a `Double` (continued fractions).
  static func fraction(of value: Double) -> (Int64, Int64)? {
    guard value.isFinite, value > 0, value < 1e9 else { return nil }
    var (previousNumerator, numerator): (Int64, Int64) = (0, 1)
    var (previousDenominator, denominator): (Int64, Int64) = (1, 0)
    var remainder = value
    for _ in 0..<40 {
      let whole = remainder.rounded(.down)
      guard let term = Int64(exactly: whole) else { return nil }
      (previousNumerator, numerator) = (numerator, term * numerator + previousNumerator)
      (previousDenominator, denominator) = (denominator, term * denominator + previousDenominator)
      guard denominator <= 1_000_000 else { return nil }
      if Double(numerator) / Double(denominator) == value { return (numerator, denominator) }
      let fractional = remainder - whole
      guard fractional > 0 else { return nil }
      remainder = 1 / fractional
    }
    return nil
  }

  /// How many seconds of source one second of timeline shows: the speed, or for a speed curve
  /// the trim's length over the clip's length.
  static func sourceFactor(of clip: VideoClip) -> Double {
    guard clip.speedCurve != nil else { return clip.speedRate }
    guard let trim = clip.trimRange, clip.duration.isValid, clip.duration > .zero else { return 1 }
    let factor = trim.duration.seconds / clip.duration.seconds
    return factor.isFinite && factor > 0 ? factor : 1
  }

  /// The `source_range` of a video clip: the source start moved past the head handle, and the
  /// timeline length less both handles. `nil` for an untrimmed clip (its length is the file's).
  ///
  /// - Throws: `TimingFailure` when a time cannot be represented.
  static func sourceRange(of clip: VideoClip, handles: Handles) throws(TimingFailure) -> TimeRange?
  {
    guard let trim = clip.trimRange else { return nil }
    let start = trim.start + scaled(handles.head, by: sourceFactor(of: clip))
    let length = clip.duration - handles.head - handles.tail
    guard start.isValid, length.isValid else { throw TimingFailure(what: "the source range") }
    return TimeRange(start: start, duration: length)
  }

  /// The `time_scalar` of the linear time warp a video clip gets, or `nil` for none: the speed,
  /// negative when reversed; only the reversal (-1) when a speed curve sets the speed.
  static func timeScalar(speedRate: Double, isReversed: Bool, hasCurve: Bool) -> Double? {
    let magnitude = hasCurve ? 1 : speedRate
    let scalar = isReversed ? -magnitude : magnitude
    return scalar == 1 ? nil : scalar
  }

  /// The `source_range` of a still (an image, a title, a plugin's clip): from the head handle,
  /// the duration less both handles.
  ///
  /// - Throws: `TimingFailure` when a time cannot be represented.
  static func stillRange(duration: Time, handles: Handles) throws(TimingFailure) -> TimeRange {
    let length = duration - handles.head - handles.tail
    guard duration.isValid, length.isValid else { throw TimingFailure(what: "the duration") }
    let start = handles.head == .zero ? Time(value: 0, timescale: duration.timescale) : handles.head
    return TimeRange(start: start, duration: length)
  }

  /// The `source_range` of a nested track of laid-out length `length`, or `nil` when no handle
  /// is borrowed from it.
  ///
  /// - Throws: `TimingFailure` when a time cannot be represented.
  static func stackRange(length: Time, handles: Handles) throws(TimingFailure) -> TimeRange? {
    guard !handles.isEmpty else { return nil }
    return try stillRange(duration: length, handles: handles)
  }

  /// The `source_range` of a background audio track's clip: from its in-point (zero when it has
  /// none), as long as it plays on the timeline — its explicit duration over its speed, or else
  /// up to the composition's end.
  ///
  /// - Throws: `TimingFailure` when a time cannot be represented.
  static func audioRange(of track: AudioTrack, compositionEnd: Time) throws(TimingFailure)
    -> TimeRange
  {
    let length: Time
    if let explicit = track.explicitDuration {
      guard track.speedRate.isFinite, track.speedRate > 0 else {
        throw TimingFailure(what: "the play length at speed \(track.speedRate)")
      }
      length = scaled(explicit, by: 1 / track.speedRate)
    } else {
      let start = track.startTime ?? .zero
      let remaining = compositionEnd - start
      length = remaining.isValid && remaining > .zero ? remaining : .zero
    }
    guard length.isValid else { throw TimingFailure(what: "the play length") }
    if let start = track.trimStart {
      guard start.isValid else { throw TimingFailure(what: "the in-point") }
      return TimeRange(start: start, duration: length)
    }
    return TimeRange(start: Time(value: 0, timescale: length.timescale), duration: length)
  }

  /// The range of a gap of `duration`: from zero at the same timescale.
  static func gapRange(_ duration: Time) -> TimeRange {
    TimeRange(start: Time(value: 0, timescale: max(duration.timescale, 1)), duration: duration)
  }

  /// The range an overlay with no visibility range is shown over: the whole composition (empty
  /// when its length is invalid).
  static func wholeComposition(_ length: Time) -> TimeRange {
    gapRange(length.isValid ? length : .zero)
  }

  /// The duration of the leading gap for a start time, or `nil` for none (a start at or before
  /// zero, or an invalid one, which the layout treats as zero).
  static func leadingGap(for start: Time?) -> Time? {
    guard let start, start.isValid, start > .zero else { return nil }
    return start
  }
}
