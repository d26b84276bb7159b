import Foundation
import KadrModel
import KadrPersistence

/// Writes a composition as an OpenTimelineIO timeline (`.otio`), the interchange format of
/// editorial tools.
///
/// ```swift
/// let store = try FileImageStore(directory: projectURL.appendingPathComponent("images"))
/// let otio = try OTIOExporter().export(video, images: store)
/// try otio.write(to: projectURL.appendingPathComponent("edit.otio"))
/// ```
///
/// The timeline's stack holds, bottom first: a video track for the main chain; one video track
/// per `at(time:)` clip and per top-level `Track` (in declaration order, each starting with a
/// gap as long as its start time); one audio track per `AudioTrack`. A track nested in a track
/// is a nested `Stack.1` holding one `Track.1`, as long as the nested track's laid-out length
/// (kadr plays it as one piece of its parent's chain). Captions and overlays are markers on the
/// stack. Times are rationals: a `Time` of `value / timescale` is written as a `RationalTime`
/// of that value at rate `timescale`, exactly.
///
/// Transitions cut their neighbours in the middle of the overlap the layout gives them
/// (`Video/layout`): `in_offset` and `out_offset` are each half the transition, and the clips
/// on either side of a dissolve or a slide are shortened by their handles, so OpenTimelineIO's
/// durations equal kadr's. Whatever OpenTimelineIO has no field for is kept in
/// `metadata["kadr"]` as schema-1 JSON, so that ``OTIOImporter`` restores the composition.
public struct OTIOExporter: Sendable {
  /// The codecs that write each value's metadata.
  public var registry: CodecRegistry
  /// Whether content a file cannot hold (code, images without a store) is left out instead of
  /// refused.
  public var allowingLoss: Bool
  /// The program the timeline is for: OpenTimelineIO itself, or what one of its adapters
  /// converts (Final Cut Pro X XML, CMX 3600 EDL).
  public var target: OTIOExportTarget

  /// Creates an exporter.
  ///
  /// - Parameters:
  ///   - registry: The codecs; `CodecRegistry/standard` by default (merge plugins' fragments
  ///     for their kinds).
  ///   - allowingLoss: Leave out what a file cannot hold instead of refusing; `false` by default.
  ///   - target: The program the timeline is for; ``OTIOExportTarget/openTimelineIO``
  ///     (everything, exactly) by default.
  public init(
    registry: CodecRegistry = OTIOPlaceholderModule.standardRegistry, allowingLoss: Bool = false,
    target: OTIOExportTarget = .openTimelineIO
  ) {
    self.registry = registry
    self.allowingLoss = allowingLoss
    self.target = target
  }

  /// Returns the OpenTimelineIO file of `video`, as UTF-8 JSON indented like OpenTimelineIO's.
  ///
  /// - Parameters:
  ///   - video: The composition.
  ///   - images: Where images are saved: a `FileImageStore`'s images are referenced by their
  ///     file URL, a URL store's by their URL, others by their token.
  /// - Returns: The file's bytes.
  /// - Throws: `PersistenceError`: `PersistenceError/lossyContent(_:)` listing every
  ///   loss (unless ``allowingLoss``), or a value that cannot be written, with its pointer in the
  ///   composition's schema-1 document.
  public func export(_ video: Video, images: (any ImageStore)? = nil) throws
    -> OTIOFile
  {
    let document = try timeline(for: video, images: images)
    return OTIOFile(data: try PrettyJSON.data(document.json), lossReport: document.lossReport)
  }

  /// Returns the OpenTimelineIO timeline of `video` as a JSON value, with what was left out.
  ///
  /// - Parameters:
  ///   - video: The composition.
  ///   - images: Where images are saved.
  /// - Throws: `PersistenceError`, as ``export(_:images:)``.
  public func timeline(for video: Video, images: (any ImageStore)? = nil)
    throws -> OTIOTimeline
  {
    // One pass: each value is encoded once, and what it loses is collected as it is written.
    var writer = TimelineWriter(registry: registry, images: images, video: video)
    let timeline = try writer.timeline()
    if !writer.losses.isEmpty && !allowingLoss {
      throw PersistenceError.lossyContent(writer.losses)
    }
    var adaptation = TargetAdaptation(target: target, frameRate: video.preset.frameRate)
    let json = adaptation.apply(to: timeline)
    if !adaptation.losses.isEmpty && !allowingLoss {
      throw PersistenceError.lossyContent(adaptation.losses)
    }
    return OTIOTimeline(
      json: json,
      lossReport: LossReport(
        losses: writer.losses + adaptation.losses, preserved: writer.preserved))
  }

  /// Saves the OpenTimelineIO file of `video` atomically: a crash mid-save leaves the previous
  /// file intact. A symbolic link is followed and its target replaced; a directory, device,
  /// FIFO or socket is refused, never replaced (see `AtomicFile`).
  ///
  /// - Parameters:
  ///   - video: The composition.
  ///   - url: The `.otio` file.
  ///   - images: Where images are saved.
  /// - Throws: `PersistenceError`; on any error the previous file is unchanged.
  public func write(_ video: Video, to url: URL, images: (any ImageStore)? = nil)
    throws
  {
    try export(video, images: images).write(to: url)
  }
}

/// An OpenTimelineIO file's bytes, with what exporting left out: the interchange floor's
/// exported file, without notes.
public typealias OTIOFile = InterchangeFile<Never>

/// An OpenTimelineIO timeline as a JSON value, with what exporting left out.
public struct OTIOTimeline: Sendable, Hashable {
  /// The `Timeline.1` object.
  public let json: JSONValue
  /// What was left out (only when loss is allowed).
  public let lossReport: LossReport

  /// Creates a timeline value.
  ///
  /// - Parameters:
  ///   - json: The `Timeline.1` object.
  ///   - lossReport: What was left out.
  public init(json: JSONValue, lossReport: LossReport = LossReport(losses: [])) {
    self.json = json
    self.lossReport = lossReport
  }
}
