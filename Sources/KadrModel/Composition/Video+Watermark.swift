import Foundation

extension Video {
  /// Returns a copy with a watermark image on top (appends an ``ImageOverlay`` with the layer id
  /// `"watermark"`).
  ///
  /// The overlay's anchor is the named anchor at `position` when `position` is one of the nine
  /// named normalised points (so `.bottomRight` pins the image's bottom-right corner to the
  /// canvas's), and `.center` otherwise.
  /// - Parameters:
  ///   - image: The watermark.
  ///   - position: Where it goes; the bottom-right corner by default.
  ///   - size: Its size; `nil` (the default) is the image's natural size.
  ///   - opacity: Its opacity; 0.6 by default.
  public func watermark(
    _ image: PlatformImage, position: Position = .bottomRight, size: Size? = nil,
    opacity: Double = 0.6
  ) -> Video {
    overlay(
      ImageOverlay(
        image: image, position: position, size: size, anchor: position.namedAnchor ?? .center,
        opacity: opacity, layerID: "watermark"))
  }

  /// The real timeline: every clip's start and end in composition time, per layer, honouring
  /// transitions, `at(time:)` clips and tracks (see ``TimelineLayout``).
  public var layout: TimelineLayout { TimelineLayout(clips: clips) }
}
