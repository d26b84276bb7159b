import Foundation
import KadrFCPXML
import KadrModel
import KadrPersistenceTesting
import Testing

/// Documents that are large but genuine: read within the package's own limits, whatever the
/// platform parser's, in time that grows with their size only. The time limit only guards
/// against a hang (quadratic time took half a minute per run): under AddressSanitizer on two
/// busy cores these take several times their 5–10 s.
@Suite("FCPXML import of large documents", .timeLimit(.minutes(6)))
struct LargeDocumentTests {
  typealias H = HostileDocuments

  /// A spine of `count` gaps, each named with `nameLength` letters.
  static func gaps(_ count: Int, nameLength: Int) -> Data {
    let name = String(repeating: "n", count: nameLength)
    let gap = "<gap name=\"\(name)\" duration=\"1s\"/>\n"
    return H.document(spine: String(repeating: gap, count: count))
  }

  @Test func readsADocumentOverTenMillionBytes() throws {
    // FoundationXML's parser, given the bytes whole, refused any document over 10,000,000
    // bytes as not well-formed; the package's own limit is 256 MiB.
    let data = Self.gaps(12_000, nameLength: 1_000)
    #expect(data.count > 12_000_000)
    let imported = try FCPXMLImporter().importProject(from: data)
    #expect(imported.video.clips.count == 12_000)
  }

  @Test func refusesALargeDocumentNamingThePackagesLimit() throws {
    let data = Self.gaps(12_000, nameLength: 1_000)
    let limits = FCPXMLReadingLimits(maximumBytes: 10_000_000)
    guard case .failure(let error)? = H.outcome(data, importer: FCPXMLImporter(limits: limits))
    else {
      Issue.record("not refused")
      return
    }
    #expect(error.reason == .limitExceeded(limit: "file size (bytes)", value: 10_000_000))
    #expect(error.errorDescription?.contains("raise the limit (FCPXMLImporter.limits)") == true)
  }

  @Test func readsAUTF8DocumentWithAByteOrderMark() throws {
    let plain = H.document(spine: "<gap name=\"g\" offset=\"0s\" duration=\"2s\"/>")
    let marked = Data([0xEF, 0xBB, 0xBF]) + plain
    let imported = try FCPXMLImporter().importProject(from: marked)
    let expected = try FCPXMLImporter().importProject(from: plain)
    let differences = PersistenceTestKit.differences(expected.video, imported.video)
    #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
    #expect(imported.report == expected.report)
  }

  @Test func readsATimeMapOfAHundredAndThirtyThousandPoints() throws {
    // Speeds 1× and 2× in turn, one frame of timeline each: each interpolation searched the
    // points linearly, twice per pair (half a minute); now each pair is read once.
    let count = 130_000
    var value = 0
    var points = ""
    points.reserveCapacity(count * 60)
    for index in 0..<count {
      points += "<timept time=\"\(index)/25s\" value=\"\(value)/25s\" interp=\"linear\"/>"
      value += index % 2 == 0 ? 1 : 2
    }
    let last = value - (count % 2 == 0 ? 2 : 1)
    let data = H.document(
      resources: H.movie.replacingOccurrences(of: "100s", with: "100000s"),
      spine: "<asset-clip ref=\"r2\" offset=\"0s\" duration=\"\(count - 1)/25s\"><timeMap>"
        + points + "</timeMap></asset-clip>")
    let imported = try FCPXMLImporter().importProject(from: data)
    let clip = try #require(imported.video.clips.first as? VideoClip)
    let keys = try #require(clip.speedCurve?.keyframes)
    #expect(keys.count == 2 * (count - 1))
    #expect(keys.first?.value == 1)
    #expect(keys.dropFirst(2).first?.value == 2)
    #expect(
      clip.trimRange == TimeRange(start: .zero, duration: Time(value: Int64(last), timescale: 25)))
    #expect(imported.report.items(of: .timeMap).isEmpty)
  }
}

/// The parser's own limit on one value, which the package's limits cannot raise: refused
/// before parsing, naming it, not blamed on the file.
@Suite("FCPXML import of values past the parser's limit")
struct ParserLimitTests {
  typealias H = HostileDocuments

  @Test(arguments: [
    ("<gap name=\"VALUE\" duration=\"1s\"/>", "attribute length the XML parser reads (bytes)"),
    ("<!--VALUE--><gap duration=\"1s\"/>", "comment length the XML parser reads (bytes)"),
  ])
  func refusesAValueOverTenMillionBytesNamingTheParsersLimit(_ spine: String, _ limit: String) {
    let value = String(repeating: "v", count: 10_000_001)
    let data = H.document(spine: spine.replacingOccurrences(of: "VALUE", with: value))
    let importer = FCPXMLImporter(limits: FCPXMLReadingLimits(maximumValueBytes: 64 << 20))
    guard case .failure(let error)? = H.outcome(data, importer: importer) else {
      Issue.record("not refused")
      return
    }
    #expect(error.reason == .limitExceeded(limit: limit, value: 10_000_000))
    #expect(error.line == 4)
  }
}
