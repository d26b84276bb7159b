import Foundation

/// The direction a sliding clip comes from.
public enum SlideDirection: String, Sendable, Hashable, CaseIterable {
  /// The incoming clip enters from the left edge.
  case fromLeft
  /// The incoming clip enters from the right edge.
  case fromRight
  /// The incoming clip enters from the top edge.
  case fromTop
  /// The incoming clip enters from the bottom edge.
  case fromBottom
}

/// A transition between the two clips around it in a chain.
///
/// A dissolve and a slide make the neighbours overlap by the transition's duration; a fade goes
/// through black and makes no overlap (each side fades for half the duration).
public enum Transition: Clip, Sendable, Hashable {
  /// Fade through black; the clips do not overlap.
  case fade(duration: Time)
  /// The incoming clip slides in from `direction` while the outgoing one slides out; the clips
  /// overlap by `duration`.
  case slide(direction: SlideDirection, duration: Time)
  /// A cross-blend; the clips overlap by `duration`.
  case dissolve(duration: Time)

  /// A fade of `duration` seconds (timescale 600).
  ///
  /// - Parameter duration: Seconds.
  public static func fade(duration: TimeInterval) -> Transition {
    .fade(duration: Time(seconds: duration))
  }

  /// A slide of `duration` seconds (timescale 600).
  ///
  /// - Parameters:
  ///   - direction: Where the incoming clip comes from.
  ///   - duration: Seconds.
  public static func slide(direction: SlideDirection, duration: TimeInterval) -> Transition {
    .slide(direction: direction, duration: Time(seconds: duration))
  }

  /// A dissolve of `duration` seconds (timescale 600).
  ///
  /// - Parameter duration: Seconds.
  public static func dissolve(duration: TimeInterval) -> Transition {
    .dissolve(duration: Time(seconds: duration))
  }

  /// The transition's own duration.
  public var duration: Time {
    switch self {
    case .fade(let duration), .dissolve(let duration): duration
    case .slide(_, let duration): duration
    }
  }

  /// How much the two neighbouring clips overlap: the duration for a dissolve or a slide, zero for
  /// a fade.
  public var overlap: Time {
    switch self {
    case .fade: .zero
    case .slide, .dissolve: duration
    }
  }

  /// How long the effect lasts on each side: the duration, or half of it for a fade.
  public var perSideLength: Time {
    switch self {
    case .fade(let duration): (try? duration.multiplied(by: 1, dividedBy: 2)) ?? .invalid
    case .slide, .dissolve: duration
    }
  }
}
