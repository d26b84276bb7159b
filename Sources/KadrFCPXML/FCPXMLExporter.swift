import Foundation
import KadrFileSystem
import KadrModel
import KadrPersistence

/// Writes a composition as a Final Cut Pro XML document (FCPXML 1.10, which Final Cut Pro
/// 10.6 and later import).
///
/// ```swift
/// let fcpxml = try FCPXMLExporter().export(video)
/// try fcpxml.write(to: folder.appendingPathComponent("Cut.fcpxml"))
/// ```
///
/// The document holds one event and one project. The project's sequence has the preset's
/// size and exact frame rate (`1001/30000s` frames at 29.97), its timecode format (`DF` at a
/// drop-frame rate) and the composition's start timecode (`tcStart`); its spine holds the main
/// chain: an `asset-clip` per video clip (its
/// trim as `start` and `duration`, its speed — constant, curved or reversed — as a `timeMap`,
/// muted as `srcEnable="video"`), a `video` per still image (an asset pointing where the image
/// store keeps it, the asset and the clip named after the still's `name` when it has one), a
/// `title` per title sequence (over Final Cut Pro's Basic Title, styled), a
/// clip's transform, opacity and volume as `adjust-transform`, `adjust-blend` and
/// `adjust-volume` with keyframed `param`s for animations (units in the article "Sending a cut
/// to Final Cut Pro"), a `gap`
/// per placeholder gap and a `transition` per transition, as Final Cut Pro's own: Cross
/// Dissolve for a dissolve, Fade To Color (black) for a fade through black, Slide with its
/// direction for a slide. Every other layer is
/// connected to the spine element playing where it starts: a clip placed with `at(time:)` as a
/// connected clip and a track as a connected storyline, on lanes 1, 2, … in declaration order
/// (a track nested in a track as a compound clip, a `ref-clip` over a `media` sequence); audio
/// tracks as connected audio on lanes −1, −2, … with their level, fades and ramps; captions as
/// `caption` elements.
///
/// A clip's name, role and markers are its `name`, its `audioRole` or `videoRole` (a title's
/// `role`) and its `marker`, `chapter-marker` and to-do `marker completed="0|1"` elements; an
/// exact speed (`speedRatio`) is a `timeMap` of that very fraction. The timeline's markers hang
/// from the spine element playing where they are (Final Cut Pro keeps markers on clips and gaps
/// only). Audio tracks and captions end with the last picture, as kadr plays them.
///
/// Places come from the composition's layout (`Video/layout`), in whole frames of the
/// sequence: times are exact fractions (`1001/30000s`), never floating-point numbers. The
/// same composition always gives the same bytes.
///
/// The report has two kinds of items. What FCPXML cannot hold and the picture or sound would
/// show (filters, compositors, overlays, an easing other than linear, ducking, …) is a loss: refused by default with `PersistenceError/lossyContent(_:)` listing
/// every one, written without it when ``allowingLoss`` is set, and then listed in
/// `FCPXMLFile.lossReport`. What changes nothing anyone sees or hears is a note
/// (``FCPXMLExportNote``), never refused and always listed in `FCPXMLFile.notes`: kadr settings
/// Final Cut Pro has no use for (a preset's name such as `.reelsAndShorts`, a custom preset's
/// codec, an export quality), a time between the sequence's frames (moved to the nearest frame,
/// at most half a frame), a volume whose decibels read back a few millionths off, a timeline
/// marker written on a clip, audio or a caption that ends with the last picture, an in-point a
/// few millionths of a second off at an exact speed whose fraction FCPXML's times cannot hold
/// with it.
public struct FCPXMLExporter: Sendable {
  /// Whether content FCPXML cannot hold is left out instead of refused.
  public var allowingLoss: Bool
  /// The name of the event the project is in.
  public var eventName: String
  /// The project's name (the timeline's name in Final Cut Pro).
  public var projectName: String
  /// A folder for copies of the stills under their names, or `nil` (the default) to point each
  /// still's asset at its image store's file.
  ///
  /// An image store keeps a still under its content hash, so Final Cut Pro would show (and
  /// relink) `3f9a…c1.png`. With a folder, ``write(_:to:images:)`` copies each picture into it
  /// once, named after its still (`Beach.png`; `Still.png` for an unnamed one; `Beach-2.png`
  /// for a second picture of that name), and the document points at the copies, so the media
  /// can be moved and relinked by name. No image store is needed then. The folder must not
  /// exist yet: it is never merged into or replaced.
  public var stillsFolder: URL?

  /// Creates an exporter.
  ///
  /// - Parameters:
  ///   - allowingLoss: Leave out what FCPXML cannot hold instead of refusing; `false` by
  ///     default.
  ///   - eventName: The event's name; `"kadr"` by default.
  ///   - projectName: The project's name; `"kadr"` by default.
  public init(
    allowingLoss: Bool = false, eventName: String = "kadr", projectName: String = "kadr"
  ) {
    self.allowingLoss = allowingLoss
    self.eventName = eventName
    self.projectName = projectName
  }

  /// Returns the FCPXML document of `video`.
  ///
  /// - Parameters:
  ///   - video: The composition.
  ///   - images: Where still images are saved: a `FileImageStore`'s images are referenced by
  ///     their file URLs, a URL store's by their URLs, others by their tokens. Without a store,
  ///     a still is a loss.
  /// - Returns: The document's bytes (UTF-8), what was left out and the notes.
  /// - Throws: `PersistenceError/lossyContent(_:)` listing every loss, unless ``allowingLoss``
  ///   (notes never throw).
  public func export(_ video: Video, images: (any ImageStore)? = nil) throws -> FCPXMLFile {
    try exportWithStills(video, images: images).file
  }

  /// The document, and the stills to copy into ``stillsFolder`` (none without one).
  private func exportWithStills(_ video: Video, images: (any ImageStore)?) throws -> (
    file: FCPXMLFile, stills: [(name: String, data: Data)]
  ) {
    var writer = SequenceWriter(video: video, images: images)
    writer.stillsFolder = stillsFolder
    let root = writer.document(
      eventName: Self.clean(eventName), projectName: Self.clean(projectName))
    if !writer.losses.isEmpty && !allowingLoss {
      throw PersistenceError.lossyContent(writer.losses)
    }
    let file = FCPXMLFile(
      data: XMLTree.data(root: root, doctype: "fcpxml"),
      lossReport: LossReport(losses: writer.losses), notes: writer.notes)
    return (file, writer.stillFiles)
  }

  /// The notes exporting `video` would report (see ``FCPXMLExportNote``), without writing
  /// anything.
  ///
  /// - Parameters:
  ///   - video: The composition.
  ///   - images: Where still images would be saved.
  /// - Returns: Every note; empty when nothing changes at all.
  public func notes(in video: Video, images: (any ImageStore)? = nil) -> [FCPXMLExportNote] {
    var writer = SequenceWriter(video: video, images: images)
    _ = writer.document(eventName: eventName, projectName: projectName)
    return writer.notes
  }

  /// The losses exporting `video` would report, without writing anything.
  ///
  /// - Parameters:
  ///   - video: The composition.
  ///   - images: Where still images would be saved.
  /// - Returns: Every loss; empty when the document holds everything.
  public func losses(in video: Video, images: (any ImageStore)? = nil) -> [Loss] {
    var writer = SequenceWriter(video: video, images: images)
    _ = writer.document(eventName: eventName, projectName: projectName)
    return writer.losses
  }

  /// Saves the FCPXML document of `video` atomically: a crash mid-save leaves the previous
  /// file intact. With a ``stillsFolder``, the stills are copied into it first, the folder
  /// built under a temporary name and renamed into place whole.
  ///
  /// - Parameters:
  ///   - video: The composition.
  ///   - url: The `.fcpxml` file.
  ///   - images: Where still images are saved.
  /// - Throws: `PersistenceError`, as ``export(_:images:)``, or for the file system (the stills
  ///   folder already existing among them); the previous file is unchanged and no stills folder
  ///   is left on error.
  public func write(_ video: Video, to url: URL, images: (any ImageStore)? = nil) throws {
    let (file, stills) = try exportWithStills(video, images: images)
    guard let folder = stillsFolder else { return try file.write(to: url) }
    try Self.writeStills(stills, to: folder)
    do {
      try file.write(to: url)
    } catch {
      try? FileManager.default.removeItem(at: folder)
      throw error
    }
  }

  /// Writes `stills` into a new folder at `folder`, whole or not at all (``NewDirectory``).
  private static func writeStills(_ stills: [(name: String, data: Data)], to folder: URL) throws {
    do {
      try NewDirectory.create(at: folder) { directory in
        for still in stills { try directory.write(still.data, to: still.name) }
      }
    } catch {
      throw PersistenceError(.fileSystem(path: folder.path, underlying: error))
    }
  }

  /// A name without the characters XML cannot hold.
  private static func clean(_ name: String) -> String {
    SequenceWriter.representable(name)
  }
}

/// An FCPXML document's bytes, with what exporting left out and its notes: what changed
/// without changing the picture or sound (settings Final Cut Pro has no use for, times moved
/// to the nearest frame, inaudible roundings), never a reason to refuse. The interchange
/// floor's exported file with FCPXML's notes.
public typealias FCPXMLFile = InterchangeFile<FCPXMLExportNote>
