import Foundation

extension TitleSequence {
  /// Returns a copy whose identity is `id`.
  ///
  /// - Parameter id: The title's identity.
  /// - Returns: The modified title.
  public func id(_ id: ClipID) -> TitleSequence {
    with { $0.clipID = id }
  }

  /// Returns a copy placed at composition time `time`, off the main chain.
  ///
  /// - Parameter time: Where the title starts.
  /// - Returns: The modified title.
  public func at(time: Time) -> TitleSequence {
    with { $0.startTime = time }
  }

  /// Returns a copy placed at `time` seconds of composition time (timescale 600).
  ///
  /// - Parameter time: Seconds; a non-finite value gives an ``Time/invalid`` start.
  /// - Returns: The modified title.
  public func at(time: TimeInterval) -> TitleSequence {
    at(time: Time(seconds: time))
  }

  /// Returns a copy whose static transform is `transform`; a transform animation is kept.
  ///
  /// - Parameter transform: The transform.
  /// - Returns: The modified title.
  public func transform(_ transform: Transform) -> TitleSequence {
    with { $0.transform = transform }
  }

  /// Returns a copy with a static transform and a transform animation over clip-relative time.
  ///
  /// - Parameters:
  ///   - base: The static transform.
  ///   - animation: The transform animation.
  /// - Returns: The modified title.
  public func transform(_ base: Transform, animation: Animation<Transform>) -> TitleSequence {
    with {
      $0.transform = base
      $0.transformAnimation = animation
    }
  }

  /// Returns a copy whose static opacity is `opacity`; an opacity animation is kept.
  ///
  /// - Parameter opacity: Opacity, 0…1, stored as given.
  /// - Returns: The modified title.
  public func opacity(_ opacity: Double) -> TitleSequence {
    with { $0.opacity = opacity }
  }

  /// Returns a copy with a static opacity and an opacity animation over clip-relative time.
  ///
  /// - Parameters:
  ///   - base: The static opacity, 0…1.
  ///   - animation: The opacity animation.
  /// - Returns: The modified title.
  public func opacity(_ base: Double, animation: Animation<Double>) -> TitleSequence {
    with {
      $0.opacity = base
      $0.opacityAnimation = animation
    }
  }

  /// Returns a copy whose transform animation is `animation`; `nil` removes it.
  ///
  /// - Parameter animation: The transform animation, over clip-relative time.
  /// - Returns: The modified title.
  public func transformAnimation(_ animation: Animation<Transform>?) -> TitleSequence {
    with { $0.transformAnimation = animation }
  }

  /// Returns a copy whose opacity animation is `animation`; `nil` removes it.
  ///
  /// - Parameter animation: The opacity animation, over clip-relative time.
  /// - Returns: The modified title.
  public func opacityAnimation(_ animation: Animation<Double>?) -> TitleSequence {
    with { $0.opacityAnimation = animation }
  }
}
