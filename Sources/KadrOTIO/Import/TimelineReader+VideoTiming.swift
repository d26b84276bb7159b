import Foundation
import KadrModel
import KadrPersistence

extension TimelineReader {
  /// A video clip's trim, speed and reversal.
  struct VideoTiming {
    var trim: TimeRange?
    var speedRate: Double
    var isReversed: Bool
    /// The clip's length on the timeline the file gives it (source range and handles), when the
    /// timing was taken from the file: the imported clip is checked against it.
    var fileLength: Time?
  }

  /// The timing the file gives a video clip.
  ///
  /// When the metadata's trim, speed and reversal project (with these handles) to exactly the
  /// file's `source_range` and time warp, they are used as they are; otherwise the file wins:
  /// the time warp's scalar is the speed (negative: reversed), the trim starts at the source
  /// start less the head handle in source time and lasts the clip's timeline length (source
  /// range plus both handles) in source time. A clip with no source range uses its media's
  /// available range, or none (the whole file).
  mutating func videoTiming(
    _ fields: ClipFields, decoded: VideoClip, hasMetadata: Bool, effects: VideoEffects,
    handles: Handles
  ) throws(PersistenceError) -> VideoTiming {
    let hasCurve = decoded.speedCurve != nil
    let projected = Result { () throws(TimingFailure) in
      try ClipTiming.sourceRange(of: decoded, handles: handles)
    }
    if hasMetadata, case .success(let range) = projected,
      range.map(OTIOTimeRange.init) == fields.sourceRange,
      ClipTiming.timeScalar(
        speedRate: decoded.speedRate, isReversed: decoded.isReversed, hasCurve: hasCurve)
        == effects.scalar
    {
      return VideoTiming(
        trim: decoded.trimRange, speedRate: decoded.speedRate, isReversed: decoded.isReversed)
    }
    return try derivedTiming(fields, decoded: decoded, effects: effects, handles: handles)
  }

  /// See ``videoTiming(_:decoded:hasMetadata:effects:handles:)``.
  private mutating func derivedTiming(
    _ fields: ClipFields, decoded: VideoClip, effects: VideoEffects, handles: Handles
  ) throws(PersistenceError) -> VideoTiming {
    var scalar = supportedScalar(
      effects.scalar ?? 1, at: effects.scalarPointer ?? fields.node.pointer)
    if scalar == 0 {
      report.add(
        .unsupportedTimeWarp, at: effects.scalarPointer ?? fields.node.pointer,
        "A time scalar of 0 (a freeze) has no kadr equivalent; the clip plays at normal speed.")
      scalar = 1
    }
    let rate = abs(scalar)
    let hasCurve = decoded.speedCurve != nil
    var timing = VideoTiming(
      trim: nil, speedRate: hasCurve && rate == 1 ? decoded.speedRate : rate,
      isReversed: scalar < 0)
    let pointer = fields.node.pointer(OTIOKey.sourceRange)
    guard let sourceRange = fields.sourceRange else {
      if let available = try fields.reference.timeRange(OTIOKey.availableRange) {
        timing.trim = try range(available, at: fields.reference.pointer(OTIOKey.availableRange))
      }
      return timing
    }
    let source = try range(sourceRange, at: pointer)
    let length = try Self.sum(source.duration, handles.head, handles.tail, at: pointer)
    let factor = hasCurve ? ClipTiming.sourceFactor(of: decoded) : rate
    let start = source.start - ClipTiming.exactlyScaled(handles.head, by: factor)
    let duration = ClipTiming.exactlyScaled(length, by: factor)
    guard start.isValid, duration.isValid else {
      throw .invalid("The clip's trim cannot be represented at speed \(rate)", at: pointer)
    }
    if hasCurve {
      report.add(
        .keptKadrValue, at: pointer,
        "The source range of a clip with a kadr speed curve was edited; the trim is recomputed "
          + "through the curve's average speed.")
    }
    timing.trim = TimeRange(start: start, duration: duration)
    if !hasCurve { timing.fileLength = length }
    return timing
  }
}
