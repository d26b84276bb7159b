import Foundation

/// A text animation that slides the text in from far off one edge to where it rests, easing out.
///
/// The text starts ``offscreenDistance`` points (kadr's fixed 4000) off its resting place and
/// follows Core Animation's ease-out curve, `cubic-bezier(0, 0, 0.58, 1)`.
public struct SlideIn: TextAnimation, Sendable, Hashable {
  /// The edge the text comes in from.
  ///
  /// A separate type from the slide transition's direction, as in kadr.
  public enum Direction: String, Sendable, Equatable, Hashable, CaseIterable {
    /// From the left edge.
    case fromLeft
    /// From the right edge.
    case fromRight
    /// From the top edge.
    case fromTop
    /// From the bottom edge.
    case fromBottom

    /// The unit displacement of the starting point, in render space (x to the right, y down).
    var unitOffset: CGSize {
      switch self {
      case .fromLeft: return CGSize(width: -1, height: 0)
      case .fromRight: return CGSize(width: 1, height: 0)
      case .fromTop: return CGSize(width: 0, height: -1)
      case .fromBottom: return CGSize(width: 0, height: 1)
      }
    }
  }

  /// How far off its resting place the text starts, in points (kadr's fixed value).
  public static let offscreenDistance: CGFloat = 4000

  /// The edge the text comes in from.
  public let direction: Direction
  /// How long the slide lasts.
  public let duration: Time
  /// When the slide begins, in Core Animation's absolute time of the composition (seconds);
  /// ``TextAnimationBeginTime/atZero`` is composition time zero.
  public let beginTime: Double

  /// Creates a slide-in, with kadr's labels.
  ///
  /// - Parameters:
  ///   - direction: The edge the text comes in from.
  ///   - duration: How long the slide lasts.
  ///   - beginTime: When the slide begins; composition time zero by default.
  public init(
    from direction: Direction, duration: Time, beginTime: Double = TextAnimationBeginTime.atZero
  ) {
    self.init(direction: direction, duration: duration, beginTime: beginTime)
  }

  /// Creates a slide-in lasting `duration` seconds (timescale 600).
  ///
  /// - Parameters:
  ///   - direction: The edge the text comes in from.
  ///   - duration: Seconds; a non-finite value gives an ``Time/invalid`` duration.
  ///   - beginTime: When the slide begins; composition time zero by default.
  public init(
    from direction: Direction, duration: TimeInterval,
    beginTime: Double = TextAnimationBeginTime.atZero
  ) {
    self.init(direction: direction, duration: Time(seconds: duration), beginTime: beginTime)
  }

  /// Creates a slide-in from all of its stored properties, as a decoder does.
  ///
  /// - Parameters:
  ///   - direction: The edge the text comes in from.
  ///   - duration: How long the slide lasts.
  ///   - beginTime: When the slide begins; composition time zero by default.
  public init(
    direction: Direction, duration: Time, beginTime: Double = TextAnimationBeginTime.atZero
  ) {
    self.direction = direction
    self.duration = duration
    self.beginTime = beginTime
  }

  /// The displacement at `time`: the full 4000 points towards ``direction``'s edge before the
  /// begin, zero after the end, eased out between.
  ///
  /// - Parameter time: A composition time.
  /// - Returns: The displacement in render-space points (never `nil`).
  public func offset(at time: Time) -> CGSize? {
    let progress = TextAnimationClock.progress(at: time, beginTime: beginTime, duration: duration)
    let remaining =
      SlideIn.offscreenDistance * CGFloat(1 - TextAnimationClock.easeOut.apply(progress))
    let unit = direction.unitOffset
    return CGSize(width: unit.width * remaining, height: unit.height * remaining)
  }
}
