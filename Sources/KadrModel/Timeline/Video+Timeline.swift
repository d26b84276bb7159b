import Foundation

extension Video {
  /// Returns a copy with `marker` added after the timeline's other markers.
  ///
  /// - Parameter marker: A marker counted from the composition's start.
  public func marker(_ marker: Marker) -> Video {
    with { $0.markers.append(marker) }
  }

  /// Returns a copy whose first frame is labelled `timecode`.
  ///
  /// - Parameter timecode: The start timecode, such as `01:00:00;00` at
  ///   ``FrameRate/ntsc30DropFrame``.
  public func startTimecode(_ timecode: SMPTETimecode) -> Video {
    with { $0.startTimecode = timecode }
  }
}
