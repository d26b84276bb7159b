import Foundation

extension TextAnimation where Self == FadeIn {
  /// A fade-in from transparent, beginning at composition time zero.
  ///
  /// - Parameter duration: How long the fade lasts.
  /// - Returns: A ``FadeIn``.
  public static func fadeIn(duration: Time) -> FadeIn { FadeIn(duration: duration) }

  /// A fade-in from transparent lasting `duration` seconds, beginning at composition time zero.
  ///
  /// - Parameter duration: Seconds; a non-finite value gives an ``Time/invalid`` duration.
  /// - Returns: A ``FadeIn``.
  public static func fadeIn(duration: TimeInterval) -> FadeIn { FadeIn(duration: duration) }
}

extension TextAnimation where Self == SlideIn {
  /// A slide-in from `direction`, beginning at composition time zero.
  ///
  /// - Parameters:
  ///   - direction: The edge the text comes in from.
  ///   - duration: How long the slide lasts.
  /// - Returns: A ``SlideIn``.
  public static func slideIn(from direction: SlideIn.Direction, duration: Time) -> SlideIn {
    SlideIn(from: direction, duration: duration)
  }

  /// A slide-in from `direction` lasting `duration` seconds, beginning at composition time zero.
  ///
  /// - Parameters:
  ///   - direction: The edge the text comes in from.
  ///   - duration: Seconds; a non-finite value gives an ``Time/invalid`` duration.
  /// - Returns: A ``SlideIn``.
  public static func slideIn(from direction: SlideIn.Direction, duration: TimeInterval)
    -> SlideIn
  {
    SlideIn(from: direction, duration: duration)
  }
}

extension TextAnimation where Self == ScaleUp {
  /// A scale-up from zero, beginning at composition time zero.
  ///
  /// - Parameter duration: How long the scaling lasts.
  /// - Returns: A ``ScaleUp``.
  public static func scaleUp(duration: Time) -> ScaleUp { ScaleUp(duration: duration) }

  /// A scale-up from zero lasting `duration` seconds, beginning at composition time zero.
  ///
  /// - Parameter duration: Seconds; a non-finite value gives an ``Time/invalid`` duration.
  /// - Returns: A ``ScaleUp``.
  public static func scaleUp(duration: TimeInterval) -> ScaleUp { ScaleUp(duration: duration) }
}
