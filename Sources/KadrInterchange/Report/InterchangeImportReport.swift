import Foundation

/// Everything in an interchange file that has no kadr equivalent, each with its place in the
/// file: what importing left out or changed. Nothing is dropped without an item here.
///
/// One type for every format (`OTIOImportReport` and `FCPXMLImportReport` are this type with
/// their formats' kinds), so that its JSON, its grouping and its rendering for people are one.
/// A file written by kadr's exporter and not edited since imports with an empty report.
public struct InterchangeImportReport<ItemKind: ImportReportItemKind>: Sendable, Hashable, Codable,
  CustomStringConvertible
{
  /// The version of this report's shape.
  public static var currentVersion: Int { 1 }

  /// One feature of the file with no kadr equivalent.
  public struct Item: Sendable, Hashable, Codable, CustomStringConvertible {
    /// What kind of feature it is.
    public typealias Kind = ItemKind

    /// What kind of feature it is.
    public let kind: Kind
    /// Where it is in the file: a JSON pointer (`/tracks/children/0/children/3`) or an
    /// element's path (`/fcpxml/library/event[1]/project[1]/…`), as the format places things.
    public let place: String
    /// What it is and what the import did with it, as a sentence.
    public let detail: String
    /// Where it is as an editor names it, such as `clip “Interview” at 01:00:05:00` or
    /// `the timeline`; empty when the format's importer has no such name for it (then
    /// ``place`` is all there is).
    public let subject: String

    /// Creates an item.
    ///
    /// - Parameters:
    ///   - kind: What kind of feature it is.
    ///   - place: Where it is in the file.
    ///   - detail: A sentence saying what it is and what the import did.
    ///   - subject: Where it is as an editor names it (a clip's name and timecode), or empty.
    public init(kind: Kind, place: String, detail: String, subject: String = "") {
      self.kind = kind
      self.place = place
      self.detail = detail
      self.subject = subject
    }

    /// `"place: detail"`, the place `/` when it is the whole file, followed by the subject in
    /// brackets when there is one: every fact of the item on one line.
    public var description: String {
      "\(place.isEmpty ? "/" : place): \(detail)" + (subject.isEmpty ? "" : " [\(subject)]")
    }

    /// Where it is for a person: the ``subject``, or the ``place`` when there is none.
    public var shownPlace: String { subject.isEmpty ? (place.isEmpty ? "/" : place) : subject }

    /// The JSON keys: the place under its format's name (``ImportReportItemKind/placeKey``).
    private struct Key: CodingKey {
      static var kind: Key { Key(stringValue: "kind") }
      static var place: Key { Key(stringValue: ItemKind.placeKey) }
      static var detail: Key { Key(stringValue: "detail") }
      static var subject: Key { Key(stringValue: "subject") }

      let stringValue: String
      var intValue: Int? { nil }
      init(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }

    /// Reads an item.
    ///
    /// - Parameter decoder: The decoder.
    /// A report written before items had subjects reads with empty ones.
    /// - Throws: `DecodingError` for a missing or malformed field or an unknown kind.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: Key.self)
      kind = try container.decode(Kind.self, forKey: .kind)
      place = try container.decode(String.self, forKey: .place)
      detail = try container.decode(String.self, forKey: .detail)
      subject = try container.decodeIfPresent(String.self, forKey: .subject) ?? ""
    }

    /// Writes an item: `kind`, the place, `detail`, and `subject` when there is one.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Key.self)
      try container.encode(kind, forKey: .kind)
      try container.encode(place, forKey: .place)
      try container.encode(detail, forKey: .detail)
      if !subject.isEmpty { try container.encode(subject, forKey: .subject) }
    }
  }

  /// The shape version, ``currentVersion`` for reports made by this version.
  public let version: Int
  /// The items, in file order.
  public let items: [Item]

  /// Creates a report.
  ///
  /// - Parameter items: The items, in file order.
  public init(items: [Item]) {
    self.version = Self.currentVersion
    self.items = items
  }

  /// Whether the file imported with nothing left out or changed.
  public var isEmpty: Bool { items.isEmpty }

  /// The items of one kind.
  ///
  /// - Parameter kind: The kind.
  public func items(of kind: Item.Kind) -> [Item] { items.filter { $0.kind == kind } }

  /// The grouped report (see ``rendered(prefix:firstPlaces:)``); `"Nothing was left out."` for
  /// an empty report.
  public var description: String {
    rendered(prefix: "", firstPlaces: ItemKind.defaultFirstPlaces)
  }

  /// The report for people: a summary line, then one line per kind of item, in the order each
  /// kind first appears, with its count, the first places and the first item's sentence, each
  /// line prefixed with `prefix` (a file name, for a command-line tool). ``items`` (or the
  /// report's JSON) has every item.
  ///
  /// `"roles left out: 3 (at /a, /b, …) — first: The audioRole 'dialogue' is left out."`: the
  /// count follows the kind's phrase, so one item reads as well as many. A place is shown as an
  /// editor names it (``Item/subject``, such as `clip “Intro” at 01:00:05:00`) when the item
  /// has one, each such name once; the file's own place only for items without one.
  ///
  /// - Parameters:
  ///   - prefix: Put before each line, such as `"edit.otio: "`.
  ///   - firstPlaces: How many places a line lists.
  public func rendered(prefix: String, firstPlaces: Int) -> String {
    guard !items.isEmpty else { return "\(prefix)Nothing was left out." }
    var lines = [prefix + ItemKind.summaryLine(itemCount: items.count)]
    for (kind, group) in groups {
      var places: [String] = []
      for item in group where !places.contains(item.shownPlace) {
        places.append(item.shownPlace)
        if places.count > firstPlaces { break }
      }
      let more = places.count > firstPlaces ? ", …" : ""
      places = Array(places.prefix(firstPlaces))
      let example = group.count == 1 ? group[0].detail : "first: \(group[0].detail)"
      lines.append(
        prefix + "\(kind.summary): \(group.count) (\(group[0].subject.isEmpty ? "at " : "")"
          + "\(places.joined(separator: ", "))\(more)) "
          + "— \(example)")
    }
    return lines.joined(separator: "\n")
  }

  /// Every item on a line of its own, `"place: detail"`, each prefixed with `prefix`.
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
