/// kadr's naive duration of a list of clips (the plain sum of their durations, added in order),
/// with what lets the change of one clip update it from that clip's duration alone.
///
/// The plain sum adds each duration to the total so far, at the least common timescale of the
/// two, and reduces fractions only when that overflows. When no step overflows, its result is
/// therefore the exact sum at the least common multiple of all the timescales (and of 1, the
/// timescale of zero), whatever the order. ``Exact`` keeps that sum while it holds, with the
/// sum of the terms' magnitudes, which bounds every partial sum of every order: while that
/// bound fits an `Int64` and the multiple an `Int32`, no step of the plain sum overflows, and a
/// clip replaced by one of the same timescale, or inserted with a timescale that divides the
/// multiple, changes the sum by its own terms.
struct ClipTiming: Sendable {
  /// The plain sum; ``Time/invalid`` when a duration is invalid or a step overflows.
  let duration: Time
  /// The exact sum, when no step of the plain sum can overflow.
  private let exact: Exact?

  /// The exact sum of some durations, at the least common multiple of their timescales.
  private struct Exact {
    /// The least common multiple of 1 and the durations' timescales.
    var timescale: Int64
    /// The sum, in units of `1/timescale`.
    var value: Int64
    /// The sum of the terms' magnitudes, never past `Int64.max`.
    var magnitude: UInt64

    static let empty = Exact(timescale: 1, value: 0, magnitude: 0)

    var time: Time { Time(value: value, timescale: Int32(timescale)) }

    /// `duration` in units of `1/timescale`, when it is exact there and fits.
    func term(_ duration: Time) -> Int64? {
      guard duration.isValid, timescale % Int64(duration.timescale) == 0 else { return nil }
      let (term, overflow) = duration.value.multipliedReportingOverflow(
        by: timescale / Int64(duration.timescale))
      return overflow ? nil : term
    }

    /// With `removed` taken out of the sum and `added` put in; `nil` when that does not fit.
    func changed(removing removed: Int64, adding added: Int64) -> Exact? {
      let (lessValue, o1) = value.subtractingReportingOverflow(removed)
      let (newValue, o2) = lessValue.addingReportingOverflow(added)
      let (lessMagnitude, o3) = magnitude.subtractingReportingOverflow(removed.magnitude)
      let (newMagnitude, o4) = lessMagnitude.addingReportingOverflow(added.magnitude)
      guard !o1, !o2, !o3, !o4, newMagnitude <= UInt64(Int64.max) else { return nil }
      return Exact(timescale: timescale, value: newValue, magnitude: newMagnitude)
    }

    /// With `duration` added, at a timescale grown to hold it; `nil` when that does not fit.
    func adding(_ duration: Time) -> Exact? {
      guard duration.isValid else { return nil }
      let other = Int64(duration.timescale)
      let common = timescale / Int64(Time.gcd(UInt64(timescale), UInt64(other))) * other
      guard common <= Int64(Int32.max) else { return nil }
      let factor = UInt64(common / timescale)
      let (scaledValue, o1) = value.multipliedReportingOverflow(by: Int64(factor))
      let (scaledMagnitude, o2) = magnitude.multipliedReportingOverflow(by: factor)
      guard !o1, !o2, scaledMagnitude <= UInt64(Int64.max) else { return nil }
      let scaled = Exact(timescale: common, value: scaledValue, magnitude: scaledMagnitude)
      return scaled.term(duration).flatMap { scaled.changed(removing: 0, adding: $0) }
    }
  }

  /// The plain sum of the durations of `clips`, each read once.
  init(of clips: [any Clip]) {
    var total = Time.zero
    var exact: Exact? = .empty
    // By index, not by iterating: an iterator copies each clip out of the array (a retain and
    // a release for each).
    for index in clips.indices {
      let duration = clips[index].duration
      total = total + duration
      exact = exact?.adding(duration)
    }
    assert(exact.map { $0.value == total.value && $0.time.timescale == total.timescale } ?? true)
    self.init(duration: total, exact: exact)
  }

  private init(duration: Time, exact: Exact?) {
    self.duration = duration
    self.exact = exact
  }

  /// Whether `clip`'s duration is read again as it was summed: a value's is; a class's may have
  /// changed since, and so may a track's, which reads the clips inside it.
  static func isSteady(_ clip: any Clip) -> Bool {
    !(type(of: clip) is AnyClass) && !(clip is Track)
  }

  /// The timing once a clip whose duration was `old` is replaced by one of duration `new`;
  /// `nil` when only reading every clip again gives the plain sum exactly.
  func replacing(_ old: Time, with new: Time) -> ClipTiming? {
    guard let exact, old.isValid, new.isValid, old.timescale == new.timescale,
      let removed = exact.term(old), let added = exact.term(new),
      let next = exact.changed(removing: removed, adding: added)
    else { return nil }
    return ClipTiming(duration: next.time, exact: next)
  }

  /// Whether ``duration`` is, unit for unit, the plain sum of the durations of `clips` read
  /// again (a check for debug builds: it reads every clip).
  func agrees(with clips: [any Clip]) -> Bool {
    let again = ClipTiming(of: clips).duration
    return duration.value == again.value && duration.timescale == again.timescale
  }

  /// The timing once a clip of duration `new` is inserted; `nil` when only reading every clip
  /// again gives the plain sum exactly.
  func inserting(_ new: Time) -> ClipTiming? {
    guard let exact, let added = exact.term(new),
      let next = exact.changed(removing: 0, adding: added)
    else { return nil }
    return ClipTiming(duration: next.time, exact: next)
  }
}
