import Foundation
import KadrFCPXML
import KadrModel
import Testing

/// Numbers read from a file at the edges of what they can hold: every step of arithmetic on
/// them is checked, so an import returns or is refused with an `FCPXMLError` that says where,
/// and never takes the app down.
@Suite("FCPXML import of hostile numbers", .timeLimit(.minutes(1)))
struct HostileNumberTests {
  typealias H = HostileDocuments

  @Test func refusesADecimalTimeOnePastTheLargestAtItsPlace() throws {
    // 9223372036.854775808 s is 2^63 nanoseconds: the fraction's digits overflow the sum.
    let data = H.document(
      spine: "<gap name=\"g\" offset=\"0s\" duration=\"9223372036.854775808s\"/>")
    guard case .failure(let error)? = H.outcome(data) else {
      Issue.record("not refused")
      return
    }
    #expect(error.reason == .invalidValue(attribute: "duration", value: "9223372036.854775808s"))
    #expect(error.path.hasSuffix("/spine/gap[1]"))
    #expect(error.line == 4)
    #expect(error.errorDescription?.contains("Export the timeline again") == true)
  }

  /// Times at the edges of `Int64`, in every attribute a clip's place is read from.
  @Test(arguments: [
    "9223372036.854775808s", "-9223372036.854775808s", "9223372036.854775807s",
    "9223372036854775807s", "-9223372036854775808s", "9223372036854775807/1s",
    "-9223372036854775808/2147483647s", "9223372036854775807/2147483647s",
    "99999999999999999999s", "0.000000001s", "1.+5s", "1e300s", "infs", "nans", "-0s",
  ])
  func aTimeAtTheEdgesImportsOrIsRefused(_ time: String) {
    for attribute in ["offset", "start", "duration"] {
      var values = ["offset": "2s", "start": "1s", "duration": "3s"]
      values[attribute] = time
      let clip = ["offset", "start", "duration"].map { " \($0)=\"\(values[$0] ?? "")\"" }
      let data = H.document(
        spine: "<gap name=\"g\" offset=\"0s\" duration=\"2s\"/><asset-clip ref=\"r2\""
          + clip.joined() + "/>")
      if case .failure(let error)? = H.outcome(data) {
        #expect(!error.path.isEmpty, "\(attribute)=\(time): \(error)")
      }
    }
  }

  @Test(arguments: [
    // Three points near Int64.max seconds: interpolating multiplied them unchecked.
    [
      ("0s", "0s"), ("4611686018427387903s", "9223372036854775806s"),
      ("9223372036854775807s", "9223372036854775807s"),
    ],
    // Timescales whose product with a value overflows.
    [
      ("0s", "0s"), ("9223372036854775806/2147483647s", "9223372036854775806/3s"),
      ("9223372036854775807/2147483647s", "9223372036854775807/3s"),
    ],
    [
      ("-9223372036854775808s", "0s"), ("0s", "9223372036854775807s"),
      ("9223372036854775807s", "9223372036854775807s"),
    ],
  ])
  func aTimeMapNearTheLargestTimesImportsOrIsRefused(_ points: [(String, String)]) {
    let map = points.map { "<timept time=\"\($0.0)\" value=\"\($0.1)\" interp=\"linear\"/>" }
    for duration in ["10s", "1/1000000007s", "9223372036854775807/2147483647s"] {
      let data = H.document(
        spine: "<asset-clip ref=\"r2\" offset=\"0s\" start=\"1s\" duration=\"\(duration)\">"
          + "<timeMap>\(map.joined())</timeMap></asset-clip>")
      if case .failure(let error)? = H.outcome(data) {
        #expect(error.path.contains("asset-clip"), "\(error)")
      }
    }
  }

  @Test func ordersConnectedClipsAndAudioOnTheLowestLane() throws {
    // abs(Int.min) traps: the lanes are ordered by their magnitude.
    let lowest = "-9223372036854775808"
    let data = H.document(
      spine: "<gap name=\"g\" offset=\"0s\" duration=\"10s\">"
        + "<asset-clip ref=\"r2\" lane=\"\(lowest)\" offset=\"0s\" duration=\"2s\"/>"
        + "<asset-clip ref=\"r2\" lane=\"\(lowest)\" offset=\"1s\" duration=\"2s\"/>"
        + "<asset-clip ref=\"r2\" lane=\"9223372036854775807\" offset=\"1s\" duration=\"2s\"/>"
        + "<asset-clip ref=\"r3\" lane=\"\(lowest)\" offset=\"0s\" duration=\"2s\"/>"
        + "<asset-clip ref=\"r3\" lane=\"\(lowest)\" offset=\"1s\" duration=\"2s\"/></gap>")
    let imported = try H.outcome(data)?.get()
    #expect(imported?.video.clips.count == 4)
    #expect(imported?.video.audioTracks.count == 2)
    #expect(imported?.report.items(of: .layerBelowSpine).count == 2)
  }

  @Test(arguments: ["1e300", "inf", "-inf", "nan", "1e-300", "9223372036854775808"])
  func reportsAPictureOfAnyWidth(_ width: String) throws {
    let format =
      "<format id=\"r9\" frameDuration=\"1/25s\" width=\"\(width)\" height=\"1080\"/>"
    let resources = H.movie.replacingOccurrences(of: "format=\"r1\"", with: "format=\"r9\"")
    let data = H.document(
      resources: format + resources, spine: "<asset-clip ref=\"r2\" offset=\"0s\" duration=\"2s\"/>"
    )
    let imported = try H.outcome(data)?.get()
    #expect(imported?.video.clips.count == 1)
    if width == "1e300" {
      #expect(
        imported?.report.items(of: .effect).contains { $0.detail.contains("1e+300×1080") } == true)
    }
  }
}
