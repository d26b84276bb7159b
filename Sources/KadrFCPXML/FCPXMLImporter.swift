import Foundation
import KadrModel
import KadrPersistence

/// Which projects of an FCPXML document to import.
public enum FCPXMLProjectSelection: Sendable, Hashable {
  /// The first project in document order.
  case first
  /// The project at this 0-based index in document order.
  case index(Int)
  /// The first project with this name.
  case named(String)
  /// Every project.
  case all
}

/// A project of an FCPXML document: its place in document order and its name.
public struct FCPXMLProjectSummary: Sendable, Hashable, Codable {
  /// The 0-based index in document order.
  public let index: Int
  /// The project's name (empty when it has none).
  public let name: String
}

/// Reads Final Cut Pro XML (FCPXML 1.8 to 1.13, a `.fcpxml` file or an `.fcpxmld` bundle) into
/// compositions, with a report of everything held differently or left out.
///
/// ```swift
/// let imported = try FCPXMLImporter().read(from: url)
/// print(imported.report)
/// let video = imported.video
/// ```
///
/// The sequence's rate is the preset's, exactly (`1001/30000s` frames are 29.97, in drop frame
/// where `tcFormat` is `DF`), and its `tcStart` the start timecode. Every clip gets an id,
/// unique in the composition and the same on each import of the same document (its name, then
/// `name (2)`, …), and keeps its name, role and markers; markers on gaps of the spine are the
/// timeline's. A straight `timeMap` is an exact speed. The timeline keeps Final Cut Pro's
/// length: a trailing gap under connected audio stays.
///
/// The spine becomes the main chain (clips, stills, titles, gaps as placeholder gaps, cross
/// dissolves as dissolves); each connected clip a clip placed with `at(time:)` and each
/// connected storyline a track; connected audio (and audio-only clips) audio tracks with their
/// in-points (`trimStart`); captions captions. A constant `timeMap` is a speed. A compound
/// clip shown whole in a storyline is a nested track; other compound, multicam (its active
/// angles), synchronised clips and auditions (the picked clip) are placed as their contents. Media stay references: the files are not opened, and a clip whose asset
/// has no usable location is an offline `InterchangePlaceholder`, never dropped.
///
/// The document is untrusted input: a document type declaration with an internal subset,
/// entities or an external DTD is refused before any parser sees it, external entities are
/// never resolved, and ``limits`` bound its size, nesting, element count and value lengths.
/// Compound clips that use each other many times over are read within a budget of four times
/// the document's elements (at least 100,000), so they cannot multiply like an entity bomb.
public struct FCPXMLImporter: Sendable {
  /// Which project to import; the first by default.
  public var project: FCPXMLProjectSelection
  /// The bounds the document must keep.
  public var limits: FCPXMLReadingLimits

  /// Creates an importer.
  ///
  /// - Parameters:
  ///   - project: Which project to import; ``FCPXMLProjectSelection/first`` by default.
  ///   - limits: The bounds the document must keep; the defaults by default.
  public init(project: FCPXMLProjectSelection = .first, limits: FCPXMLReadingLimits = .init()) {
    self.project = project
    self.limits = limits
  }

  /// The projects of a document, in document order.
  ///
  /// - Parameter data: The document's bytes.
  /// - Throws: `FCPXMLError` for unsafe, oversized, malformed or unsupported documents.
  public func projects(in data: Data) throws -> [FCPXMLProjectSummary] {
    let document = try DocumentReader(data: data, limits: limits)
    return document.projects.enumerated().map { FCPXMLProjectSummary(index: $0, name: $1.name) }
  }

  /// Imports the project ``project`` chooses (the first of them, for ``FCPXMLProjectSelection/all``).
  ///
  /// - Parameters:
  ///   - data: The document's bytes.
  ///   - images: Resolves stills: an asset inside a `FileImageStore`'s directory, or a token of
  ///     the store; without it, stills are offline placeholders.
  /// - Returns: The composition and its report.
  /// - Throws: `FCPXMLError`, with the element's path and line.
  public func importProject(from data: Data, images: (any ImageStore)? = nil) throws
    -> FCPXMLImport
  {
    let document = try DocumentReader(data: data, limits: limits)
    let chosen = try document.chosen(project)
    return try importProject(at: chosen[0], of: document, images: images, alone: true)
  }

  /// Imports every project ``project`` chooses (each of them for ``FCPXMLProjectSelection/all``).
  ///
  /// - Parameters:
  ///   - data: The document's bytes.
  ///   - images: Resolves stills.
  /// - Returns: One import per project, in document order.
  /// - Throws: `FCPXMLError`.
  public func importProjects(from data: Data, images: (any ImageStore)? = nil) throws
    -> [FCPXMLImport]
  {
    let document = try DocumentReader(data: data, limits: limits)
    let chosen = try document.chosen(project)
    return try chosen.map {
      try importProject(at: $0, of: document, images: images, alone: chosen.count == 1)
    }
  }

  /// Imports from a `.fcpxml` file or an `.fcpxmld` bundle (its `Info.fcpxml`).
  ///
  /// - Parameters:
  ///   - url: The file or bundle.
  ///   - images: Resolves stills.
  /// - Returns: The composition and its report.
  /// - Throws: `FCPXMLError`, also when the file cannot be read.
  public func read(from url: URL, images: (any ImageStore)? = nil) throws -> FCPXMLImport {
    try importProject(from: try DocumentReader.data(at: url, limits: limits), images: images)
  }

  /// Imports every chosen project from a `.fcpxml` file or an `.fcpxmld` bundle.
  ///
  /// - Parameters:
  ///   - url: The file or bundle.
  ///   - images: Resolves stills.
  /// - Returns: One import per project, in document order.
  /// - Throws: `FCPXMLError`.
  public func readProjects(from url: URL, images: (any ImageStore)? = nil) throws
    -> [FCPXMLImport]
  {
    try importProjects(from: try DocumentReader.data(at: url, limits: limits), images: images)
  }

  private func importProject(
    at index: Int, of document: DocumentReader, images: (any ImageStore)?, alone: Bool
  ) throws(FCPXMLError) -> FCPXMLImport {
    let project = document.projects[index]
    var reader = StoryReader(document: document, images: images)
    if alone && document.projects.count > 1 {
      reader.note(
        .otherProjects, "/fcpxml",
        "The document holds \(document.projects.count) projects; '\(project.name)' (#\(index)) "
          + "is imported.")
    }
    let sequence = project.element.child(named: "sequence")
    let preset = PresetMapping.preset(
      format: sequence?["format"].flatMap { document.resources[$0] }, sequence: sequence,
      reader: &reader, path: project.path + "/sequence")
    reader.frameDuration = preset.rate.frameDuration
    let timecode = try PresetMapping.startTimecode(
      sequence, preset: preset, reader: &reader, path: project.path + "/sequence")
    reader.timecode = (timecode?.time ?? .zero, preset.rate)
    reader.frame = LookMapping.Frame(
      width: max(Double(preset.resolution.width), 1),
      height: max(Double(preset.resolution.height), 1))
    try reader.read(project)
    var builder = CompositionBuilder(images: images)
    builder.timecode = reader.timecode
    var video = try builder.video(from: reader, preset: preset)
    if let timecode { video = video.startTimecode(timecode) }
    return FCPXMLImport(
      video: video, report: FCPXMLImportReport(items: reader.items + builder.items),
      projectName: project.name, projectIndex: index)
  }
}

/// A project imported from FCPXML: the composition, and what it does not hold.
public struct FCPXMLImport: Sendable {
  /// The composition.
  public let video: Video
  /// What the composition holds differently or not at all.
  public let report: FCPXMLImportReport
  /// The project's name.
  public let projectName: String
  /// The project's 0-based index in document order.
  public let projectIndex: Int
}
