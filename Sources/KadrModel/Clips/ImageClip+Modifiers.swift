import Foundation

extension ImageClip {
  /// Returns a copy with every stored property as given, defaulting to this clip's own.
  private func copy(
    duration: Time? = nil, backgroundColor: PlatformColor? = nil, audioURL: URL? = nil,
    clipID: ClipID? = nil, startTime: Time? = nil, transform: Transform? = nil,
    opacity: Double? = nil
  ) -> ImageClip {
    ImageClip(
      image: image, duration: duration ?? self.duration,
      backgroundColor: backgroundColor ?? self.backgroundColor, audioURL: audioURL ?? self.audioURL,
      clipID: clipID ?? self.clipID, startTime: startTime ?? self.startTime,
      transform: transform ?? self.transform, transformAnimation: transformAnimation,
      opacity: opacity ?? self.opacity, opacityAnimation: opacityAnimation, name: name)
  }

  /// Returns a copy with the same fields and the given animations.
  private func animated(
    transform: Animation<Transform>?, opacity: Animation<Double>?
  ) -> ImageClip {
    ImageClip(
      image: image, duration: duration, backgroundColor: backgroundColor, audioURL: audioURL,
      clipID: clipID, startTime: startTime, transform: self.transform,
      transformAnimation: transform, opacity: self.opacity, opacityAnimation: opacity, name: name)
  }

  /// Returns a copy whose fill outside the image is `color`.
  ///
  /// - Parameter color: The fill.
  public func background(_ color: PlatformColor) -> ImageClip {
    copy(backgroundColor: color)
  }

  /// Returns a copy that plays the audio at `audioURL` for the clip's duration.
  ///
  /// - Parameter audioURL: The audio file.
  public func withAudio(_ audioURL: URL) -> ImageClip {
    copy(audioURL: audioURL)
  }

  /// Returns a copy shown for `duration`.
  ///
  /// - Parameter duration: The new duration, kept as given.
  public func duration(_ duration: Time) -> ImageClip {
    copy(duration: duration)
  }

  /// Returns a copy shown for `duration` seconds (timescale 600).
  ///
  /// - Parameter duration: Seconds; a non-finite value gives ``Time/invalid``.
  public func duration(_ duration: TimeInterval) -> ImageClip {
    copy(duration: Time(seconds: duration))
  }

  /// Returns a copy identified by `id`.
  ///
  /// - Parameter id: The clip's identity.
  public func id(_ id: ClipID) -> ImageClip {
    copy(clipID: id)
  }

  /// Returns a copy placed at composition time `time`, on its own layer.
  ///
  /// - Parameter time: The composition time the clip starts at.
  public func at(time: Time) -> ImageClip {
    copy(startTime: time)
  }

  /// Returns a copy placed at `time` seconds (timescale 600), on its own layer.
  ///
  /// - Parameter time: Seconds; a non-finite value gives ``Time/invalid``.
  public func at(time: TimeInterval) -> ImageClip {
    copy(startTime: Time(seconds: time))
  }

  /// Returns a copy with the static transform `transform`; it replaces any earlier one.
  ///
  /// - Parameter transform: The transform.
  public func transform(_ transform: Transform) -> ImageClip {
    copy(transform: transform)
  }

  /// Returns a copy with the static transform `base` and the transform animation `animation`.
  ///
  /// - Parameters:
  ///   - base: The static transform, used where the animation gives no value.
  ///   - animation: The animation over clip-relative time.
  public func transform(_ base: Transform, animation: Animation<Transform>) -> ImageClip {
    copy(transform: base).transformAnimation(animation)
  }

  /// Returns a copy with the static opacity `opacity`.
  ///
  /// - Parameter opacity: Opacity, 0…1, kept as given.
  public func opacity(_ opacity: Double) -> ImageClip {
    copy(opacity: opacity)
  }

  /// Returns a copy with the static opacity `base` and the opacity animation `animation`.
  ///
  /// - Parameters:
  ///   - base: The static opacity.
  ///   - animation: The animation over clip-relative time.
  public func opacity(_ base: Double, animation: Animation<Double>) -> ImageClip {
    copy(opacity: base).opacityAnimation(animation)
  }

  /// Returns a copy whose transform animation is `animation`; `nil` clears it.
  ///
  /// - Parameter animation: The animation, or `nil`.
  public func transformAnimation(_ animation: Animation<Transform>?) -> ImageClip {
    animated(transform: animation, opacity: opacityAnimation)
  }

  /// Returns a copy whose opacity animation is `animation`; `nil` clears it.
  ///
  /// - Parameter animation: The animation, or `nil`.
  public func opacityAnimation(_ animation: Animation<Double>?) -> ImageClip {
    animated(transform: transformAnimation, opacity: animation)
  }
}
