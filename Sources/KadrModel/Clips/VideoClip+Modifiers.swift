import Foundation

extension VideoClip {
  /// Returns a copy that uses only `range` of the source.
  ///
  /// - Parameter range: The part of the source, in source time; replaces any earlier trim.
  public func trimmed(to range: TimeRange) -> VideoClip {
    with { $0.trimRange = range }
  }

  /// Returns a copy that uses only `range` seconds of the source (bounds rounded to 1/600 s).
  ///
  /// - Parameter range: The part of the source, in seconds.
  public func trimmed(to range: ClosedRange<TimeInterval>) -> VideoClip {
    trimmed(to: TimeRange(range))
  }

  /// Returns a copy that plays backwards (setting, not toggling: calling it twice still reverses).
  public func reversed() -> VideoClip {
    with { $0.isReversed = true }
  }

  /// Returns a copy whose source audio is dropped.
  public func muted() -> VideoClip {
    with { $0.isMuted = true }
  }

  /// Returns a copy whose source audio plays at `level` (independent of ``muted()``).
  ///
  /// - Parameter level: The linear gain, stored as given; 1 is unchanged.
  public func volume(_ level: Double) -> VideoClip {
    with { $0.volumeLevel = level }
  }

  /// Returns a copy that plays `audioURL` instead of its source audio: it sets both ``isMuted``
  /// and ``replacementAudioURL``.
  ///
  /// - Parameter audioURL: The replacement audio file.
  public func withAudio(_ audioURL: URL) -> VideoClip {
    with {
      $0.isMuted = true
      $0.replacementAudioURL = audioURL
    }
  }

  /// Returns a copy with the identity `id`.
  ///
  /// - Parameter id: The clip's identity.
  public func id(_ id: ClipID) -> VideoClip {
    with { $0.clipID = id }
  }

  /// Returns a copy placed at composition time `time`, on a layer of its own.
  ///
  /// - Parameter time: The composition start time.
  public func at(time: Time) -> VideoClip {
    with { $0.startTime = time }
  }

  /// Returns a copy placed at `time` seconds (timescale 600).
  ///
  /// - Parameter time: The composition start time in seconds; a non-finite value gives
  ///   ``Time/invalid``.
  public func at(time: TimeInterval) -> VideoClip {
    at(time: Time(seconds: time))
  }

  /// Returns a copy with the static transform `transform` (replacing, not accumulating; any
  /// transform animation is kept).
  ///
  /// - Parameter transform: The transform.
  public func transform(_ transform: Transform) -> VideoClip {
    with { $0.transform = transform }
  }

  /// Returns a copy with a static transform and an animation of it.
  ///
  /// - Parameters:
  ///   - base: The transform outside the animation.
  ///   - animation: The animation, in clip-relative time.
  public func transform(_ base: Transform, animation: Animation<Transform>) -> VideoClip {
    with {
      $0.transform = base
      $0.transformAnimation = animation
    }
  }

  /// Returns a copy with the static opacity `opacity` (any opacity animation is kept).
  ///
  /// - Parameter opacity: The opacity, 0…1, stored as given.
  public func opacity(_ opacity: Double) -> VideoClip {
    with { $0.opacity = opacity }
  }

  /// Returns a copy with a static opacity and an animation of it.
  ///
  /// - Parameters:
  ///   - base: The opacity outside the animation.
  ///   - animation: The animation, in clip-relative time.
  public func opacity(_ base: Double, animation: Animation<Double>) -> VideoClip {
    with {
      $0.opacity = base
      $0.opacityAnimation = animation
    }
  }

  /// Returns a copy whose transform animation is `animation`; `nil` clears it. The static
  /// transform is kept.
  ///
  /// - Parameter animation: The new animation, or `nil`.
  public func transformAnimation(_ animation: Animation<Transform>?) -> VideoClip {
    with { $0.transformAnimation = animation }
  }

  /// Returns a copy whose opacity animation is `animation`; `nil` clears it. The static opacity
  /// is kept.
  ///
  /// - Parameter animation: The new animation, or `nil`.
  public func opacityAnimation(_ animation: Animation<Double>?) -> VideoClip {
    with { $0.opacityAnimation = animation }
  }

  /// Returns a copy with the speed `value`.
  ///
  /// ``Speed/flat(_:)`` sets ``speedRate`` and clears ``speedCurve`` and ``speedRatio``;
  /// ``Speed/curved(_:)`` sets
  /// ``speedCurve`` and leaves ``speedRate`` as it was. Values are stored as given (kadr checks
  /// 0.25…4.0 at export); see ``duration`` for what a bad speed gives.
  /// - Parameter value: The speed.
  public func speed(_ value: Speed) -> VideoClip {
    switch value {
    case .flat(let rate):
      with {
        $0.speedRate = rate
        $0.speedCurve = nil
        $0.speedRatio = nil
      }
    case .curved(let curve):
      with { $0.speedCurve = curve }
    }
  }

  /// Returns a copy that runs `compositor` on every frame after the filters and any earlier
  /// compositors (appends).
  ///
  /// - Parameter compositor: The per-frame code.
  public func compositor(_ compositor: any Compositor) -> VideoClip {
    with { $0.compositors.append(compositor) }
  }

  /// Returns a copy that runs `body` on every frame after the filters and any earlier compositors
  /// (appends a ``ClosureCompositor``).
  ///
  /// - Parameter body: The per-frame code.
  public func compositor(
    _ body: @escaping @Sendable (VideoFrame, CompositorContext) -> VideoFrame
  ) -> VideoClip {
    compositor(ClosureCompositor(body))
  }

  /// Returns a copy that crops every frame to a region and stretches it back to fill the frame
  /// (appends a ``CropCompositor``; several crops compound).
  ///
  /// - Parameters:
  ///   - position: Where the region's anchor lies, resolved against the frame.
  ///   - size: The region's size, resolved against the frame.
  ///   - anchor: Which point of the region lies at `position`.
  public func crop(at position: Position, size: Size, anchor: Anchor = .center) -> VideoClip {
    compositor(CropCompositor(position: position, size: size, anchor: anchor))
  }

  /// Returns a copy whose frames are masked by the alpha of `mask`, stretched to the frame
  /// (appends a ``MaskCompositor``; several masks multiply together).
  ///
  /// - Parameter mask: The mask; its alpha is the coverage.
  public func mask(_ mask: VideoFrame) -> VideoClip {
    compositor(MaskCompositor(mask: mask))
  }
}
