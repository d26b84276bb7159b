import Foundation
import KadrInterchange
import KadrPersistenceCore

/// Everything in an OpenTimelineIO file that has no kadr equivalent, each with its place in the
/// file (a JSON pointer): what importing left out or changed. Nothing is dropped without an
/// item here.
///
/// A file written by ``OTIOExporter`` and not edited since imports with an empty report. It is
/// the interchange floor's report with OpenTimelineIO's kinds, so its JSON and its rendering
/// are those of every format.
public typealias OTIOImportReport = InterchangeImportReport<OTIOImportItemKind>

/// What an item of an ``OTIOImportReport`` can be: one OpenTimelineIO feature with no kadr
/// equivalent.
public enum OTIOImportItemKind: String, ImportReportItemKind {
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

  /// `pointer`: items are placed by JSON pointers.
  public static var placeKey: String { "pointer" }

  /// `"N features of the OpenTimelineIO file have no kadr equivalent:"`.
  ///
  /// - Parameter itemCount: How many items the report has.
  public static func summaryLine(itemCount: Int) -> String {
    let count =
      itemCount == 1
      ? "1 feature of the OpenTimelineIO file has"
      : "\(itemCount) features of the OpenTimelineIO file have"
    return "\(count) no kadr equivalent:"
  }

  /// 3.
  public static var defaultFirstPlaces: Int { 3 }
}

extension InterchangeImportReport.Item where ItemKind == OTIOImportItemKind {
  /// Where it is in the OpenTimelineIO file: a JSON pointer such as
  /// `/tracks/children/0/children/3`.
  public var pointer: String { place }

  /// Creates an item.
  ///
  /// - Parameters:
  ///   - kind: What kind of feature it is.
  ///   - pointer: Its JSON pointer in the file.
  ///   - detail: A sentence saying what it is and what the import did.
  public init(kind: OTIOImportItemKind, pointer: String, detail: String) {
    self.init(kind: kind, place: pointer, detail: detail)
  }
}

extension InterchangeImportReport where ItemKind == OTIOImportItemKind {
  /// The report for people: a summary line, then one line per kind of item with its count,
  /// the first item's sentence and the pointers of the first items, each line prefixed with
  /// `prefix` (a file name, for a command-line tool). `items` (or the report's JSON) has
  /// every item.
  ///
  /// - Parameters:
  ///   - prefix: Put before each line, such as `"edit.otio: "`.
  ///   - firstPointers: How many pointers a line lists; 3 by default.
  public func rendered(prefix: String = "", firstPointers: Int = 3) -> String {
    rendered(prefix: prefix, firstPlaces: firstPointers)
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
