import Foundation
import KadrFCPXML
import KadrModel
import Testing

/// Final Cut Pro → kadr → Final Cut Pro → kadr for every real file: the second import keeps
/// the first one's clips, places and lengths (within a frame), rate, start timecode, markers,
/// names and roles, compared by reflection, but for the clips the export's report names (a
/// clip moved to a frame, a gap FCPXML cannot connect); and every export is valid against the
/// DTD.
@Suite("FCPXML round trips of real Final Cut Pro exports", .timeLimit(.minutes(1)))
struct RealFileRoundTripTests {
  /// What an editor checks of a composition, one line per fact, each written by reflection and
  /// led by the clip's id; the lines of clips whose id `named` holds are left out.
  static func facts(_ video: Video, leavingOut named: Set<String> = []) -> [String] {
    var lines = [
      "preset \(String(reflecting: video.preset))",
      "start \(String(reflecting: video.startTimecode))",
      "markers \(String(reflecting: video.markers))",
    ]
    func visit(_ clips: [any Clip], depth: String) {
      for clip in clips {
        if let id = clip.clipID?.rawValue, named.contains(id) { continue }
        let place = "\(depth)\(clip.clipID?.rawValue ?? "-")"
        switch clip {
        case let video as VideoClip:
          lines.append(
            "\(place) video \(video.url.lastPathComponent) \(String(reflecting: video.name)) "
              + "\(String(reflecting: video.role)) \(String(reflecting: video.markers)) "
              + "\(String(reflecting: video.speedRatio)) \(video.clipID?.rawValue ?? "-")")
        case let title as TitleSequence:
          lines.append(
            "\(place) title \(String(reflecting: title.name)) \(String(reflecting: title.role)) "
              + "\(String(reflecting: title.markers)) \(title.clipID?.rawValue ?? "-")")
        case let track as Track:
          visit(track.clips, depth: depth + (track.name ?? "track") + "/")
        default:
          lines.append("\(place) \(type(of: clip)) \(clip.clipID?.rawValue ?? "-")")
        }
      }
    }
    visit(video.clips, depth: "")
    lines += video.audioTracks.map {
      "audio \($0.url.lastPathComponent) \(String(reflecting: $0.role))"
    }
    return lines
  }

  /// Each main-chain entry's start and end.
  static func places(_ video: Video) -> [(Time, Time)] {
    (video.layout.mainChain?.entries ?? []).map { ($0.start, $0.end) }
  }

  @Test(arguments: RealFileTests.files)
  func aSecondImportKeepsWhatTheFirstHad(name: String) throws {
    let first = try RealFileTests.load(name)
    let file = try FCPXMLExporter(allowingLoss: true).export(first.video)
    if Tools.xmllint != nil {
      let problems = Tools.dtdProblems(file.data)
      #expect(problems == nil, "\(name): \(problems ?? "")")
    }
    let second = try FCPXMLImporter().importProject(from: file.data)
    // The clips the export's report names: “…” in a loss's or a note's place.
    let places = file.lossReport.losses.map(\.location) + file.notes.map(\.location)
    let named = Set(
      places.compactMap { $0.firstMatch(of: /“([^”]+)”/).map { String($0.output.1) } })
    #expect(
      Self.facts(second.video, leavingOut: named) == Self.facts(first.video, leavingOut: named),
      "\(name): \(named.sorted())")
    #expect(Self.facts(second.video).count >= Self.facts(first.video).count - named.count)
    let frame = try #require(first.video.preset.rate.frameDuration)
    let chains = (Self.places(first.video), Self.places(second.video))
    #expect(chains.0.count == chains.1.count, "\(name)")
    for ((a0, a1), (b0, b1)) in zip(chains.0, chains.1) {
      #expect(
        abs((a0 - b0).seconds) <= frame.seconds && abs((a1 - b1).seconds) <= frame.seconds,
        "\(name)")
    }
    let lengths = (first.video.layout.duration, second.video.layout.duration)
    #expect(abs((lengths.0 - lengths.1).seconds) <= frame.seconds, "\(name): \(lengths)")
  }

  /// The length Final Cut Pro gives the project (its sequence's `duration`) against the
  /// imported composition's: within a frame, or the report says why.
  @Test(arguments: RealFileTests.files)
  func theLengthIsFinalCutProsWithinAFrame(name: String) throws {
    let imported = try RealFileTests.load(name)
    let text = try String(
      contentsOf: RealFileTests.directory.appendingPathComponent(name), encoding: .utf8)
    // The imported project's sequence: the first inside a project.
    let project = try #require(text.range(of: "<project "))
    let match = try #require(
      text[project.upperBound...].firstMatch(of: /<sequence [^>]*duration="([^"]+)"/))
    let duration = try #require(Self.parse(String(match.output.1)))
    let frame = try #require(imported.video.preset.rate.frameDuration)
    let difference = abs((imported.video.layout.duration - duration).seconds)
    if difference > frame.seconds {
      Issue.record(
        "\(name): \(imported.video.layout.duration.seconds) s against Final Cut Pro's \(duration.seconds) s"
      )
    }
  }

  static func parse(_ text: String) -> Time? {
    let body = text.dropLast()
    let parts = body.split(separator: "/")
    guard let value = Int64(parts[0]) else { return nil }
    let timescale = parts.count == 2 ? Int32(parts[1]) ?? 1 : 1
    return Time(value: value, timescale: timescale)
  }
}
