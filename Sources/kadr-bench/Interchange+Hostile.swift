import Foundation
import KadrFCPXML

/// The hostile FCPXML inputs of `--interchange`: each is refused before a parser sees it, and
/// this measures what refusing costs, in time and in memory beyond the input itself, so that
/// "bounded" is a number and not only a test's time limit.
extension InterchangeBenchmark {
  struct HostileRow {
    let name: String
    let bytes: Int
    let refusal: String
    let ms: Double
    let transientPeak: Int
    let peak: Int
  }

  /// A billion laughs (ten levels of ten entities), 100,000 nested elements, and one 64 MiB
  /// attribute, each in a minimal FCPXML document.
  static func hostileInputs() -> [(String, Data)] {
    func document(prolog: String, body: String) -> Data {
      Data(
        ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\(prolog)\n<fcpxml version=\"1.10\">"
          + "<library><event><project name=\"p\"><sequence format=\"r1\" duration=\"1s\">"
          + "<spine>\(body)</spine></sequence></project></event></library></fcpxml>").utf8)
    }
    var entities = "<!ENTITY lol \"lol\">"
    for level in 1...9 {
      let previous = level == 1 ? "lol" : "lol\(level - 1)"
      entities += "<!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">"
    }
    let laughs = document(
      prolog: "<!DOCTYPE fcpxml [\(entities)]>", body: "<gap name=\"&lol9;\" duration=\"1s\"/>")
    let nested = document(
      prolog: "",
      body: String(repeating: "<spine>", count: 100_000)
        + String(repeating: "</spine>", count: 100_000))
    let attribute = document(
      prolog: "",
      body: "<gap name=\"" + String(repeating: "A", count: 64 << 20) + "\" duration=\"1s\"/>")
    return [
      ("billion laughs", laughs), ("100,000 nested elements", nested),
      ("64 MiB attribute", attribute),
    ]
  }

  static func measureHostile(runs: Int) -> [HostileRow] {
    hostileInputs().map { name, data in
      let refuse = { () -> String in
        do {
          _ = try FCPXMLImporter().importProject(from: data)
          return "accepted"
        } catch let error as FCPXMLError {
          return "\(error.reason)"
        } catch {
          return "\(error)"
        }
      }
      let measured = Measure.transientPeak(refuse)
      let ms = Measure.medianMilliseconds(runs: runs) { _ = refuse() }
      return HostileRow(
        name: name, bytes: data.count, refusal: measured.result, ms: ms,
        transientPeak: measured.transientBytes, peak: measured.peakBytes)
    }
  }

  static func printHostile(_ rows: [HostileRow], json: Bool) {
    if json {
      for row in rows {
        print(
          "{\"hostile\":\"\(row.name)\",\"bytes\":\(row.bytes),\"refusal_ms\":\(fmt(row.ms)),"
            + "\"refusal_transient_peak_bytes\":\(row.transientPeak),"
            + "\"peak_rss_bytes\":\(row.peak)}")
      }
      return
    }
    print("")
    print("hostile FCPXML, refused before parsing — median wall time, transient peak RSS")
    print("input | bytes | ms | transient peak MiB | peak RSS MiB | refused as")
    for row in rows {
      print(
        "\(row.name) | \(row.bytes) | \(fmt(row.ms)) | \(mib(row.transientPeak)) | "
          + "\(mib(row.peak)) | \(row.refusal)")
    }
  }
}
