import Foundation
import KadrOTIO

/// Everything in an FCPXML document that the composition does not hold as Final Cut Pro
/// showed it, each with its element's place in the file: nothing is dropped without an item
/// here.
///
/// A document written by ``FCPXMLExporter`` imports with an empty report.
public struct FCPXMLImportReport: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The version of this report's shape.
  public static let currentVersion = 1

  /// One feature of the document kadr holds differently or not at all.
  public struct Item: Sendable, Hashable, Codable, CustomStringConvertible {
    /// What kind of feature it is. Cases may be added in any release: a `switch` should end in
    /// `default:`.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
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
      /// Markers, chapter markers, keywords, ratings and analysis markers: kadr has none; left
      /// out.
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
      /// A sequence rate that is not a whole number of frames per second: the preset's rate is
      /// rounded, clip times stay exact.
      case frameRate
      /// A split edit (`audioStart`, `audioDuration`): the audio plays with the video.
      case splitEdit
      /// A connected video clip below the spine: kadr layers it above the main chain.
      case layerBelowSpine
      /// Roles (`role`, `audioRole`, `videoRole`): kadr has none; left out.
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
        case .splitEdit: "split edits played together"
        case .layerBelowSpine: "clips below the spine layered above it"
        case .role: "roles left out"
        case .unknownElement: "unknown elements left out"
        case .otherProjects: "other projects not imported"
        }
      }
    }

    /// What kind of feature it is.
    public let kind: Kind
    /// Where it is: the element's path, such as `/fcpxml/library/event[1]/project[1]/…`.
    public let path: String
    /// What it is and what the import did, as a sentence.
    public let detail: String

    /// Creates an item.
    ///
    /// - Parameters:
    ///   - kind: What kind of feature it is.
    ///   - path: The element's path.
    ///   - detail: What it is and what the import did.
    public init(kind: Kind, path: String, detail: String) {
      self.kind = kind
      self.path = path
      self.detail = detail
    }

    /// `"path: detail"`.
    public var description: String { "\(path): \(detail)" }
  }

  /// The shape version, ``currentVersion`` for reports made by this version.
  public let version: Int
  /// The items, in document order.
  public let items: [Item]

  /// Creates a report.
  ///
  /// - Parameter items: The items, in document order.
  public init(items: [Item]) {
    self.version = Self.currentVersion
    self.items = items
  }

  /// Whether the document imported with nothing left out or changed.
  public var isEmpty: Bool { items.isEmpty }

  /// The items of one kind.
  ///
  /// - Parameter kind: The kind.
  public func items(of kind: Item.Kind) -> [Item] { items.filter { $0.kind == kind } }

  /// The grouped report (see ``rendered(prefix:firstPaths:)``).
  public var description: String { rendered() }

  /// The report for people: a summary line, then one line per kind with its count, the first
  /// item's sentence and the first paths, each line prefixed with `prefix`.
  ///
  /// - Parameters:
  ///   - prefix: Put before each line, such as `"cut.fcpxml: "`.
  ///   - firstPaths: How many paths a line lists; 2 by default.
  public func rendered(prefix: String = "", firstPaths: Int = 2) -> String {
    guard !items.isEmpty else { return "\(prefix)Nothing was left out." }
    let count = items.count == 1 ? "1 feature" : "\(items.count) features"
    return ImportReportLines.rendered(
      items.map { ($0.kind, $0.path, $0.detail) },
      summary: "\(count) of the FCPXML document are held differently or left out:",
      phrase: \.summary, firstPlaces: firstPaths, prefix: prefix)
  }
}
