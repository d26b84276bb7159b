import Foundation
import KadrFCPXML
import KadrInterchange
import KadrOTIO
import Testing

/// The one import report: each format's instance keeps the JSON shape and the rendering it had
/// as a type of its own (the place under `pointer` or `path`, its summary line, its default
/// number of places), through one implementation.
@Suite("Interchange import report")
struct ImportReportTests {
  static func json(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  static let otio = OTIOImportReport(items: [
    .init(kind: .unmappedMarker, pointer: "/tracks/children/0/markers/0", detail: "A marker."),
    .init(kind: .unmappedMarker, pointer: "/tracks/children/0/markers/1", detail: "Another."),
    .init(kind: .inexactTime, pointer: "", detail: "A time is rounded."),
  ])

  static let fcpxml = FCPXMLImportReport(items: [
    .init(kind: .role, path: "/fcpxml/library[1]/event[1]", detail: "A role is left out.")
  ])

  @Test func eachFormatWritesItsPlaceUnderItsOwnKey() throws {
    #expect(
      try Self.json(Self.otio.items[0])
        == #"{"detail":"A marker.","kind":"unmappedMarker","pointer":"/tracks/children/0/markers/0"}"#
    )
    #expect(
      try Self.json(Self.fcpxml)
        == #"{"items":[{"detail":"A role is left out.","kind":"role","#
        + #""path":"/fcpxml/library[1]/event[1]"}],"version":1}"#)
  }

  @Test func aReportReadsBackFromItsJSONAndNotAsTheOtherFormats() throws {
    let data = Data(try Self.json(Self.otio).utf8)
    #expect(try JSONDecoder().decode(OTIOImportReport.self, from: data) == Self.otio)
    // An OpenTimelineIO item has no `path` (and no FCPXML kind): not an FCPXML report.
    #expect(throws: DecodingError.self) {
      _ = try JSONDecoder().decode(FCPXMLImportReport.self, from: data)
    }
  }

  @Test func eachFormatRendersWithItsOwnSummaryAndDefaultPlaces() {
    #expect(
      Self.otio.rendered(prefix: "a.otio: ", firstPointers: 1)
        == """
        a.otio: 3 features of the OpenTimelineIO file have no kadr equivalent:
        a.otio: markers left out: 2 (at /tracks/children/0/markers/0, …) — first: A marker.
        a.otio: times rounded to 1/60000 s: 1 (at /) — A time is rounded.
        """)
    #expect(Self.otio.description == Self.otio.rendered(prefix: "", firstPlaces: 3))
    #expect(
      Self.fcpxml.description
        == """
        1 feature of the FCPXML document are held differently or left out:
        roles left out or held differently: 1 (at /fcpxml/library[1]/event[1]) — A role is left out.
        """)
    #expect(OTIOImportReport(items: []).rendered(prefix: "x: ") == "x: Nothing was left out.")
    #expect(Self.otio.items[2].description == "/: A time is rounded.")
  }

  /// An item named in an editor's words is shown by that name, each name once; its place stays
  /// in its JSON and its one-line form, and a report written without subjects reads back.
  @Test func aSubjectTakesThePlacesPlaceForPeople() throws {
    let clip = "clip “Interview” at 01:00:05:00"
    let report = FCPXMLImportReport(items: [
      .init(kind: .effect, path: "/fcpxml/a[1]/filter-video[1]", detail: "One.", subject: clip),
      .init(kind: .effect, path: "/fcpxml/a[1]/filter-video[2]", detail: "Two.", subject: clip),
      .init(kind: .effect, path: "/fcpxml/b[1]", detail: "Three.", subject: "the timeline"),
      .init(kind: .effect, path: "/fcpxml/c[1]", detail: "Four.", subject: "title at 00:00:01:00"),
    ])
    #expect(
      report.rendered(prefix: "")
        == """
        4 features of the FCPXML document are held differently or left out:
        effects and adjustments left out: 4 (\(clip), the timeline, …) — first: One.
        """)
    #expect(report.items[0].description == "/fcpxml/a[1]/filter-video[1]: One. [\(clip)]")
    let json = try Self.json(report.items[2])
    #expect(json.contains(#""subject":"the timeline""#), "\(json)")
    let decoder = JSONDecoder()
    #expect(
      try decoder.decode(FCPXMLImportReport.self, from: Data(Self.json(report).utf8)) == report)
    let old = try decoder.decode(FCPXMLImportReport.self, from: Data(Self.json(Self.fcpxml).utf8))
    #expect(old.items[0].subject.isEmpty)
  }
}
