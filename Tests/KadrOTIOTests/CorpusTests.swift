import Foundation
import KadrModel
import KadrOTIO
import KadrPersistence
import Testing

/// The corpus in `Corpus/otio`: files written by the real OpenTimelineIO library and its
/// adapters (`Corpus/generate.py`), each imported and checked against what Python OpenTimelineIO
/// computed when it was generated (`NAME.expected.json`), and against its report's golden
/// (`NAME.report.txt`).
@Suite("OpenTimelineIO corpus of real tool output")
struct CorpusTests {
  /// The files; one line each.
  static let files: [String] = [
    "edl_offline_edit.otio",  // a CMX 3600 EDL: all media offline, a BL event, a dissolve
    "edl_paths.otio",  // an EDL's FROM CLIP paths: POSIX, drive, UNC, relative
    "fcp7_premiere_sequence.otio",  // Premiere's XML: gaps, an escaped drive, offline media
    "fcpx_library.otio",  // an FCP X library: a collection of two projects
    "viewer_relative_paths.otio",  // paths relative to the file, an empty URL
    "absolute_paths.otio",  // POSIX, Windows, UNC paths, file://localhost URLs
    "offline_and_generated.otio",  // missing, generated, image-sequence and disabled clips
    "gaps_across_tracks.otio",  // clips lined up across tracks by gaps
    "nested_stacks.otio",  // a stack of two tracks in a chain, a stack on an audio track
    "dissolves.otio",  // a dissolve's handles outside the cut
    "sequence_one.otio",  // Sequence.1 tracks
    "non_finite_metadata.otio",  // Infinity, -Infinity and NaN in metadata
    "collection.otio",  // a SerializableCollection of two timelines
    "bundle.otioz",  // a zip bundle with its media
    "bundle.otiod",  // a directory bundle with its media
    // Real files other people wrote (see Corpus/REAL-FILES.md): Avid Media Composer AAFs and a
    // Premiere Pro XML from the adapters' own test data, converted by the adapters.
    "avid_simple.otio",  // an Avid cut: every audio clip starts inside its file
    "avid_trims.otio",  // an Avid cut of trimmed clips, video and audio
    "premiere_example.otio",  // a Premiere Pro sequence: audio in-points, offline media
  ]

  static let corpus = OTIOPython.packageRoot.appendingPathComponent(
    "Tests/KadrOTIOTests/Corpus/otio")

  /// What Python OpenTimelineIO computed.
  struct Expected: Decodable {
    struct Timeline: Decodable {
      let name: String
      let clips: Int
      // swift-format-ignore: AlwaysUseLowerCamelCase
      let video_duration: Double
      // swift-format-ignore: AlwaysUseLowerCamelCase
      let clip_records: [Record]
    }
    struct Record: Decodable {
      let name: String
      let kind: String
      let start: Double
      let duration: Double
      // swift-format-ignore: AlwaysUseLowerCamelCase
      let handle_in: Double
      // swift-format-ignore: AlwaysUseLowerCamelCase
      let handle_out: Double
      let frame: Double
      let enabled: Bool
    }
    let timelines: [Timeline]
  }

  @Test(arguments: files)
  func fileImportsEveryClipWhereOpenTimelineIOPlacesIt(_ name: String) throws {
    let url = Self.corpus.appendingPathComponent(name)
    let expected = try JSONDecoder().decode(
      Expected.self,
      from: Data(contentsOf: Self.corpus.appendingPathComponent(name + ".expected.json")))
    var reports: [String] = []
    let media = FileManager.default.temporaryDirectory.appendingPathComponent(
      "kadr-corpus-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: media) }
    for (index, timeline) in expected.timelines.enumerated() {
      var importer = OTIOImporter(timeline: .index(index))
      importer.bundleMediaDirectory = media
      let imported = try importer.read(from: url)
      // The report names the directories paths resolved against, which differ by machine.
      reports.append(
        imported.report.rendered().replacingOccurrences(of: media.path, with: "$MEDIA")
          .replacingOccurrences(of: Self.corpus.path, with: "$CORPUS"))
      let disabled = timeline.clip_records.filter { !$0.enabled }.count
      let placed = CorpusClips(imported.video)
      #expect(
        placed.media.count + placed.audio.count == timeline.clips - disabled,
        "\(name) #\(index): \(placed.media.map(\.id)) + \(placed.audio.count) audio")
      var unmatched = placed.media
      var audio = placed.audio
      for record in timeline.clip_records where record.enabled {
        let start = record.start - record.handle_in
        let duration = record.duration + record.handle_in + record.handle_out
        let near = { (a: Double, b: Double) in abs(a - b) <= record.frame + 1e-9 }
        if record.kind == "Audio" {
          guard
            let found = audio.firstIndex(where: {
              near($0.start, start) && near($0.duration, duration)
            })
          else {
            Issue.record("\(name) #\(index): audio '\(record.name)' at \(start) s not found")
            continue
          }
          audio.remove(at: found)
          continue
        }
        let id = record.name.isEmpty ? nil : record.name
        guard
          let found = unmatched.firstIndex(where: {
            $0.id == id && near($0.start, start) && near($0.duration, duration)
          })
        else {
          let left = unmatched.map { "\($0.id ?? "-")@\($0.start)+\($0.duration)" }
          Issue.record(
            "\(name) #\(index): '\(record.name)' at \(start) s for \(duration) s not found in \(left)"
          )
          continue
        }
        unmatched.remove(at: found)
      }
      let length = imported.video.layout.duration.seconds
      #expect(
        abs(length - timeline.video_duration) <= 1.0 / 24 + 1e-9,
        "\(name) #\(index): \(length) s, OpenTimelineIO \(timeline.video_duration) s")
    }
    try CorpusGolden.check(reports.joined(separator: "\n---\n") + "\n", name: name)
  }
}

/// The clips of an imported composition with their place in composition time: every media
/// entry of the layout that is not a track or a gap placeholder, and the audio tracks.
struct CorpusClips {
  struct Placed {
    let id: String?
    let start: Double
    let duration: Double
  }

  var media: [Placed] = []
  var audio: [(start: Double, duration: Double)] = []

  init(_ video: Video) {
    for layer in video.layout.allLayers {
      for entry in layer.entries where !entry.isTransition {
        guard let clip = Self.clip(at: entry.path, in: video.clips), !(clip is Track) else {
          continue
        }
        if let placeholder = clip as? OTIOPlaceholder, placeholder.role == .gap { continue }
        media.append(
          Placed(
            id: clip.clipID?.rawValue, start: entry.start.seconds,
            duration: (entry.end - entry.start).seconds))
      }
    }
    audio = video.audioTracks.map {
      (($0.startTime ?? .zero).seconds, ($0.explicitDuration ?? .zero).seconds)
    }
  }

  static func clip(at path: [Int], in clips: [any Clip]) -> (any Clip)? {
    guard let first = path.first, clips.indices.contains(first) else { return nil }
    if path.count == 1 { return clips[first] }
    guard let track = clips[first] as? Track else { return nil }
    return clip(at: Array(path.dropFirst()), in: track.clips)
  }
}

/// The golden report of each corpus file, `Corpus/otio/NAME.report.txt`.
enum CorpusGolden {
  static let recordVariable = "KADR_RECORD_CORPUS"

  static func check(
    _ report: String, name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let url = CorpusTests.corpus.appendingPathComponent(name + ".report.txt")
    if ProcessInfo.processInfo.environment[recordVariable] == "1" {
      try Data(report.utf8).write(to: url)
      return
    }
    let golden = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    #expect(
      report == golden,
      """
      The import report of \(name) differs from \(url.lastPathComponent). If the change is \
      intended, re-record with: \(recordVariable)=1 swift test --filter CorpusTests
      \(report)
      """, sourceLocation: sourceLocation)
  }
}
