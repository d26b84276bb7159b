import Foundation
import KadrInterchange

/// Everything in an FCPXML document that the composition does not hold as Final Cut Pro
/// showed it, each with its element's place in the file: nothing is dropped without an item
/// here.
///
/// A document written by ``FCPXMLExporter`` imports with an empty report. It is the
/// interchange floor's report with FCPXML's kinds, so its JSON and its rendering are those of
/// every format.
public typealias FCPXMLImportReport = InterchangeImportReport<FCPXMLImportItemKind>

/// What an item of an ``FCPXMLImportReport`` can be: one feature of the document kadr holds
/// differently or not at all. Cases may be added in any release: a `switch` should end in
/// `default:`.
public enum FCPXMLImportItemKind: String, ImportReportItemKind {
  /// A clip whose asset has no usable media location (or names no asset): kept in place as
  /// an offline placeholder.
  case missingMedia
  /// A still image that no image store resolved: kept in place as an offline placeholder
  /// with its location.
  case unresolvedStill
  /// A compound clip (`ref-clip`): its contents placed where it plays, trimmed to it.
  case compoundFlattened
  /// A multicam clip: the active video angle placed where it plays, the other angles left
  /// out.
  case multicamAngle
  /// An audition: the picked clip kept, the alternatives left out.
  case auditionAlternatives
  /// A synchronised clip or a `clip` container: its contents placed where they play.
  case containerFlattened
  /// A disabled item: a gap on the spine, or left out when connected.
  case disabledItem
  /// Keywords, ratings and analysis markers, which kadr has none of, and markers where kadr
  /// keeps none (on an audio clip, a still, a container): left out.
  case marker
  /// Metadata and notes: left out.
  case metadata
  /// Video and audio effects, adjustments, roles and channel settings: left out.
  case effect
  /// A transition other than a cross dissolve: imported as a dissolve of the same length.
  case transitionKind
  /// A speed change that is not constant (or a reverse or a freeze): imported as the
  /// constant speed from its first to its last point.
  case timeMap
  /// A rate conform (`conform-rate`): the clip keeps its length and media range.
  case conformRate
  /// A sequence rate kadr cannot hold exactly, or drop frame at a rate that has none: the
  /// preset's rate is rounded, or counted without dropping frames; clip times stay exact.
  case frameRate
  /// A start timecode between two frames, or one that cannot be counted in frames: the
  /// timeline starts at the frame it falls in, or at zero.
  case startTimecode
  /// A split edit (`audioStart`, `audioDuration`): the audio plays with the video.
  case splitEdit
  /// A connected video clip below the spine: kadr layers it above the main chain.
  case layerBelowSpine
  /// Roles where kadr keeps none (a still, a container), an audio role beside a video role
  /// (a clip has one role), or a custom audio role a video clip keeps as its one role.
  case role
  /// An element this importer does not know: left out.
  case unknownElement
  /// Other projects in the document, not imported.
  case otherProjects

  /// What items of this kind are, as a plural phrase for a summary line.
  public var summary: String {
    switch self {
    case .missingMedia: "clips with missing media kept as offline placeholders"
    case .unresolvedStill: "stills kept as offline placeholders"
    case .compoundFlattened: "compound clips placed as their contents"
    case .multicamAngle: "multicam clips imported as their active angle"
    case .auditionAlternatives: "auditions imported as their picked clip"
    case .containerFlattened: "sync clips and containers placed as their contents"
    case .disabledItem: "disabled items kept as gaps or left out"
    case .marker: "markers and keywords left out"
    case .metadata: "metadata and notes left out"
    case .effect: "effects and adjustments left out"
    case .transitionKind: "transitions imported as dissolves or left out"
    case .timeMap: "speed changes imported as constant speeds"
    case .conformRate: "rate conforms"
    case .frameRate: "frame rates rounded in the preset"
    case .startTimecode: "start timecodes moved to a frame"
    case .splitEdit: "split edits played together"
    case .layerBelowSpine: "clips below the primary storyline layered above it"
    case .role: "roles left out or held differently"
    case .unknownElement: "unknown elements left out"
    case .otherProjects: "other projects not imported"
    }
  }

  /// `path`: items are placed by element paths.
  public static var placeKey: String { "path" }

  /// `"N features of the FCPXML document are held differently or left out:"`.
  ///
  /// - Parameter itemCount: How many items the report has.
  public static func summaryLine(itemCount: Int) -> String {
    let count = itemCount == 1 ? "1 feature" : "\(itemCount) features"
    return "\(count) of the FCPXML document are held differently or left out:"
  }

  /// 2.
  public static var defaultFirstPlaces: Int { 2 }
}

extension InterchangeImportReport.Item where ItemKind == FCPXMLImportItemKind {
  /// Where it is: the element's path, such as `/fcpxml/library/event[1]/project[1]/…`.
  public var path: String { place }

  /// Creates an item.
  ///
  /// - Parameters:
  ///   - kind: What kind of feature it is.
  ///   - path: The element's path.
  ///   - detail: What it is and what the import did.
  ///   - subject: Where it is as an editor names it (`clip “Intro” at 01:00:05:00`), or empty.
  public init(kind: FCPXMLImportItemKind, path: String, detail: String, subject: String = "") {
    self.init(kind: kind, place: path, detail: detail, subject: subject)
  }
}

extension InterchangeImportReport where ItemKind == FCPXMLImportItemKind {
  /// The report for people: a summary line, then one line per kind with its count, the first
  /// item's sentence and the first paths, each line prefixed with `prefix`.
  ///
  /// - Parameters:
  ///   - prefix: Put before each line, such as `"cut.fcpxml: "`.
  ///   - firstPaths: How many paths a line lists; 2 by default.
  public func rendered(prefix: String = "", firstPaths: Int = 2) -> String {
    rendered(prefix: prefix, firstPlaces: firstPaths)
  }
}
