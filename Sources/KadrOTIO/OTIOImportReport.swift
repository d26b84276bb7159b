import Foundation
import KadrPersistenceCore

/// Everything in an OpenTimelineIO file that has no kadr equivalent, each with its place in the
/// file: what importing left out or changed. Nothing is dropped without an item here.
///
/// A file written by ``OTIOExporter`` and not edited since imports with an empty report.
public struct OTIOImportReport: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The version of this report's shape.
  public static let currentVersion = 1

  /// One OpenTimelineIO feature with no kadr equivalent.
  public struct Item: Sendable, Hashable, Codable, CustomStringConvertible {
    /// What kind of feature it is.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
      /// An object of a schema this importer does not know, left out.
      case unknownSchema
      /// An effect that is neither a linear time warp nor a kadr filter, left out.
      case unknownEffect
      /// A marker that is neither a kadr caption nor a kadr overlay, left out.
      case unmappedMarker
      /// A gap that does not lead a secondary track. Since gaps keep their place (as
      /// ``OTIOPlaceholder`` gaps) this version no longer reports it; kept so that reports
      /// written by earlier versions still decode.
      case nonLeadingGap
      /// A clip whose media is missing or has a target URL kadr cannot use; the clip keeps its
      /// place as an offline ``OTIOPlaceholder``.
      case missingReference
      /// A generator, an image sequence or another media reference kind kadr has no clip for;
      /// the clip keeps its place as an offline ``OTIOPlaceholder``.
      case unsupportedReference
      /// An audio clip without a file kadr can use; it keeps its place, length and name as an
      /// offline audio track (see ``OfflineAudio``).
      case missingAudioMedia
      /// A nested stack that is not one track, or a stack where a track belongs.
      case unmappedStack
      /// A track of a kind other than video or audio, left out.
      case unsupportedTrackKind
      /// A transition type other than a dissolve or a kadr transition: imported as a dissolve.
      case unsupportedTransition
      /// A disabled item or effect (kadr has no disabled content), left out.
      case disabledItem
      /// Effects, markers, a source range or metadata on something kadr gives none (a gap, a
      /// track, a stack, the timeline), left out.
      case unmappedField
      /// A time that is not an exact fraction kadr can hold, rounded to 1/60000 s.
      case inexactTime
      /// An audio clip that starts inside its file: its in-point is kept exactly as the audio
      /// track's `trimStart` (so ``OTIOExporter`` writes it back), an extension of kadr's
      /// vocabulary that kadr 1.x does not play (it plays each file from its start).
      case audioPlacement
      /// A value edited in another tool that this kind cannot take from the file (a plugin
      /// clip's duration, a speed curve's source range); the kadr value is kept.
      case keptKadrValue
      /// A time warp kadr cannot play (a freeze frame, a speed of zero): played at normal speed.
      case unsupportedTimeWarp
      /// Target URLs that are paths (POSIX, Windows, relative) or `file://localhost/` URLs,
      /// read as file URLs: one item per rule, with a count and the first conversion.
      case mediaPath
      /// `Inf`, `-Infinity` or `NaN`, which OpenTimelineIO's reader accepts and JSON does not:
      /// read as null (kadr keeps no foreign metadata).
      case nonFiniteNumber
      /// A collection of several timelines, of which one was imported.
      case otherTimelines
      /// An item whose length kadr cannot hold exactly (a speed, a trimmed stack): the detail
      /// gives both lengths and the difference in seconds.
      case lengthChanged

      /// What items of this kind are, as a plural phrase for a summary line.
      public var summary: String {
        switch self {
        case .unknownSchema: "objects of unknown schemas left out"
        case .unknownEffect: "effects with no kadr equivalent left out"
        case .unmappedMarker: "markers left out"
        case .nonLeadingGap: "gaps left out"
        case .missingReference: "clips with missing media kept as offline placeholders"
        case .unsupportedReference: "generated or image-sequence clips kept as offline placeholders"
        case .missingAudioMedia: "audio clips with missing media kept as offline audio tracks"
        case .unmappedStack: "nested stacks kadr holds differently"
        case .unsupportedTrackKind: "tracks of other kinds left out"
        case .unsupportedTransition: "transitions imported as dissolves"
        case .disabledItem: "disabled items left out or kept as gaps"
        case .unmappedField: "fields with no kadr equivalent left out"
        case .inexactTime: "times rounded to 1/60000 s"
        case .audioPlacement: "audio in-points kept as trimStart, which kadr 1.x does not play"
        case .keptKadrValue: "edited values kept as kadr wrote them"
        case .unsupportedTimeWarp: "time warps played at normal speed"
        case .mediaPath: "path rules applied to target URLs"
        case .nonFiniteNumber: "non-finite numbers read as null"
        case .lengthChanged: "items whose length changed, in seconds"
        case .otherTimelines: "collections of which one timeline was imported"
        }
      }
    }

    /// What kind of feature it is.
    public let kind: Kind
    /// Where it is in the OpenTimelineIO file: a JSON pointer such as
    /// `/tracks/children/0/children/3`.
    public let pointer: String
    /// What it is and what the import did with it, as a sentence.
    public let detail: String

    /// Creates an item.
    ///
    /// - Parameters:
    ///   - kind: What kind of feature it is.
    ///   - pointer: Its JSON pointer in the file.
    ///   - detail: A sentence saying what it is and what the import did.
    public init(kind: Kind, pointer: String, detail: String) {
      self.kind = kind
      self.pointer = pointer
      self.detail = detail
    }

    /// `"/pointer: detail"`.
    public var description: String { "\(pointer.isEmpty ? "/" : pointer): \(detail)" }
  }

  /// The shape version, ``currentVersion`` for reports made by this version.
  public let version: Int
  /// The items, ordered by their pointers (array positions by number): in file order.
  public let items: [Item]

  /// Creates a report.
  ///
  /// - Parameter items: The items, in file order.
  public init(items: [Item]) {
    self.version = Self.currentVersion
    self.items = items
  }

  /// Whether the file imported with nothing left out.
  public var isEmpty: Bool { items.isEmpty }

  /// The items of one kind.
  ///
  /// - Parameter kind: The kind.
  public func items(of kind: Item.Kind) -> [Item] { items.filter { $0.kind == kind } }

  /// The grouped report (see ``rendered(prefix:firstPointers:)``); `"Nothing was left out."`
  /// for an empty report.
  public var description: String { rendered() }

  /// The report for people: a summary line, then one line per kind of item with its count,
  /// the first item's sentence and the pointers of the first items, each line prefixed with
  /// `prefix` (a file name, for a command-line tool). ``items`` (or the report's JSON) has
  /// every item.
  ///
  /// - Parameters:
  ///   - prefix: Put before each line, such as `"edit.otio: "`.
  ///   - firstPointers: How many pointers a line lists; 3 by default.
  public func rendered(prefix: String = "", firstPointers: Int = 3) -> String {
    guard !items.isEmpty else { return "\(prefix)Nothing was left out." }
    let count =
      items.count == 1
      ? "1 feature of the OpenTimelineIO file has"
      : "\(items.count) features of the OpenTimelineIO file have"
    return ImportReportLines.rendered(
      items.map { ($0.kind, $0.pointer, $0.detail) }, summary: "\(count) no kadr equivalent:",
      phrase: \.summary, firstPlaces: firstPointers, prefix: prefix)
  }

  /// Every item on a line of its own, `"/pointer: detail"`, each prefixed with `prefix`.
  ///
  /// - Parameter prefix: Put before each line.
  public func renderedItems(prefix: String = "") -> String {
    items.map { prefix + $0.description }.joined(separator: "\n")
  }

  /// The items grouped by kind, in the order each kind first appears in the file.
  public var groups: [(kind: Item.Kind, items: [Item])] {
    var order: [Item.Kind] = []
    var byKind: [Item.Kind: [Item]] = [:]
    for item in items {
      if byKind[item.kind] == nil { order.append(item.kind) }
      byKind[item.kind, default: []].append(item)
    }
    return order.map { ($0, byKind[$0] ?? []) }
  }
}

/// The items found while importing; the report lists them in file order.
struct ReportBuilder {
  private var found: [(pointer: JSONPointer, item: OTIOImportReport.Item)] = []

  mutating func add(
    _ kind: OTIOImportReport.Item.Kind, at pointer: JSONPointer, _ detail: String
  ) {
    found.append(
      (pointer, OTIOImportReport.Item(kind: kind, pointer: pointer.description, detail: detail)))
  }

  /// The items ordered by pointer (array positions by number, so an item comes before the
  /// items after it and a parent before its children), those at one place in the order found.
  var report: OTIOImportReport {
    let ordered = found.enumerated().sorted { lhs, rhs in
      let a = lhs.element.pointer.components
      let b = rhs.element.pointer.components
      if a == b { return lhs.offset < rhs.offset }
      return a.lexicographicallyPrecedes(b, by: Self.precedes)
    }
    return OTIOImportReport(items: ordered.map(\.element.item))
  }

  private static func precedes(_ a: JSONPointer.Component, _ b: JSONPointer.Component) -> Bool {
    switch (a, b) {
    case (.index(let x), .index(let y)): x < y
    case (.key(let x), .key(let y)): x < y
    case (.index, .key): true
    case (.key, .index): false
    }
  }
}
