/// What the items of one interchange format's import report can be, and how its report reads:
/// the one thing a format adds to ``InterchangeImportReport``.
///
/// A format declares its kinds as a `String` enum adopting this protocol; the report type, its
/// JSON and its renderer are shared.
///
/// ## Implementation requirements
///
/// - Raw values are written in reports' JSON: never change one, add cases instead.
/// - ``summary`` is a plural phrase ("markers left out"), read after a count.
public protocol ImportReportItemKind: RawRepresentable, Sendable, Hashable, Codable, CaseIterable
where RawValue == String {
  /// What items of this kind are, as a plural phrase for a summary line.
  var summary: String { get }

  /// The JSON key of an item's place in the file: `pointer` for a JSON pointer, `path` for an
  /// element path.
  static var placeKey: String { get }

  /// The report's first line for `itemCount` items (at least one), without a prefix.
  ///
  /// - Parameter itemCount: How many items the report has.
  static func summaryLine(itemCount: Int) -> String

  /// How many places a rendered line lists when the caller does not say.
  static var defaultFirstPlaces: Int { get }
}
