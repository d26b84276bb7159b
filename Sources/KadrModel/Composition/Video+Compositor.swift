import Foundation

extension Video {
  /// Returns a copy whose parallel tracks are blended by `compositor`; the compositor window is
  /// kept as it is.
  ///
  /// - Parameter compositor: The blending code.
  public func compositor(_ compositor: any MultiInputCompositor) -> Video {
    var copy = self
    copy.multiInputCompositor = compositor
    return copy
  }

  /// Returns a copy whose parallel tracks are blended by `body`; the compositor window is kept.
  ///
  /// - Parameter body: Gets one frame per active track, bottom first, and returns the blend.
  public func compositor(
    _ body: @escaping @Sendable ([VideoFrame], CompositorContext) -> VideoFrame
  ) -> Video {
    compositor(ClosureMultiInputCompositor(body))
  }

  /// Returns a copy whose parallel tracks are blended by `compositor` only inside `range`
  /// (sets both).
  ///
  /// - Parameters:
  ///   - compositor: The blending code.
  ///   - range: The composition range it runs in; outside it the default blend applies.
  public func compositor(_ compositor: any MultiInputCompositor, during range: TimeRange) -> Video {
    var copy = self.compositor(compositor)
    copy.compositorWindow = range
    return copy
  }

  /// Returns a copy whose parallel tracks are blended by `compositor` only inside `range` seconds.
  ///
  /// - Parameters:
  ///   - compositor: The blending code.
  ///   - range: The composition range in seconds, rounded to 1/600 s.
  public func compositor(
    _ compositor: any MultiInputCompositor, during range: ClosedRange<TimeInterval>
  ) -> Video {
    self.compositor(compositor, during: TimeRange(range))
  }

  /// Returns a copy whose parallel tracks are blended by `body` only inside `range`.
  ///
  /// - Parameters:
  ///   - range: The composition range it runs in.
  ///   - body: Gets one frame per active track, bottom first, and returns the blend.
  public func compositor(
    during range: TimeRange,
    _ body: @escaping @Sendable ([VideoFrame], CompositorContext) -> VideoFrame
  ) -> Video {
    compositor(ClosureMultiInputCompositor(body), during: range)
  }

  /// Returns a copy whose parallel tracks are blended by `body` only inside `range` seconds.
  ///
  /// - Parameters:
  ///   - range: The composition range in seconds, rounded to 1/600 s.
  ///   - body: Gets one frame per active track, bottom first, and returns the blend.
  public func compositor(
    during range: ClosedRange<TimeInterval>,
    _ body: @escaping @Sendable ([VideoFrame], CompositorContext) -> VideoFrame
  ) -> Video {
    compositor(ClosureMultiInputCompositor(body), during: TimeRange(range))
  }
}
