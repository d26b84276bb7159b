import Foundation
import KadrModel
import KadrOTIO
import KadrPersistence
import Testing

/// What ``OTIOExportTarget`` changes in the written timeline (the adapters themselves run in
/// `KadrDocTests`' `AdapterExportTests`).
@Suite("OTIO export targets")
struct ExportTargetTests {
  typealias C = Compositions

  /// Every value of `schema` in `json`, at any depth.
  static func objects(_ schema: String, in json: Any) -> [[String: Any]] {
    var found: [[String: Any]] = []
    var pending: [Any] = [json]
    while let value = pending.popLast() {
      if let object = value as? [String: Any] {
        if object["OTIO_SCHEMA"] as? String == schema { found.append(object) }
        pending += Array(object.values)
      } else if let array = value as? [Any] {
        pending += array
      }
    }
    return found
  }

  static func exported(
    _ video: Video, target: OTIOExportTarget, allowingLoss: Bool = false,
    images: InMemoryImageStore = InMemoryImageStore()
  ) throws -> (json: Any, file: OTIOFile) {
    let file = try OTIOExporter(allowingLoss: allowingLoss, target: target)
      .export(video, images: images)
    return (try JSONSerialization.jsonObject(with: file.data), file)
  }

  @Test func finalCutProXGetsNoGeneratorsAndTimesAtTheFrameRate() throws {
    let (json, _) = try Self.exported(C.broad, target: .finalCutProX)
    #expect(Self.objects("GeneratorReference.1", in: json).isEmpty)
    #expect(!Self.objects("MissingReference.1", in: json).isEmpty)
    let rates = Set(Self.objects("RationalTime.1", in: json).compactMap { $0["rate"] as? Double })
    #expect(rates == [30])
    for reference in Self.objects("ExternalReference.1", in: json) {
      #expect(reference["available_range"] is [String: Any], "\(reference)")
    }
    let (exact, _) = try Self.exported(C.broad, target: .openTimelineIO)
    #expect(!Self.objects("GeneratorReference.1", in: exact).isEmpty)
  }

  @Test func generatedClipsWrittenForAnAdapterComeBackAsThemselves() throws {
    let video = Video {
      TitleSequence("Chapter One", duration: 2)
      ImageClip(PlatformImage.solidColor(.white), duration: 1)
    }
    let images = InMemoryImageStore()
    let (_, file) = try Self.exported(video, target: .finalCutProX, images: images)
    let imported = try OTIOImporter().importTimeline(from: file.data, images: images)
    #expect(imported.video.clips.first is TitleSequence)
    #expect((imported.video.clips.first as? TitleSequence)?.text == "Chapter One")
    #expect(imported.video.clips.last is ImageClip)
    #expect(imported.report.isEmpty, "\(imported.report)")
  }

  @Test func anEDLKeepsTheMainChainAndSaysWhatItLeavesOut() throws {
    #expect(throws: PersistenceError.self) {
      try Self.exported(C.broad, target: .cmx3600)
    }
    let (json, file) = try Self.exported(C.broad, target: .cmx3600, allowingLoss: true)
    let tracks = Self.objects("Track.1", in: json).filter { $0["kind"] as? String == "Video" }
    #expect(tracks.count == 1)
    #expect(Self.objects("TimeEffect.1", in: json).isEmpty)
    let details = file.lossReport.losses.map(\.describedForUser)
    #expect(details.contains { $0.contains("an EDL holds one video track") }, "\(details)")

    let curved = Video {
      VideoClip(url: C.media("a.mov")).trimmed(to: C.range(0, 60, 30))
        .speed(.curved(.keyframes([.at(0, value: 1), .at(1, value: 2)])))
    }
    let (plain, edl) = try Self.exported(curved, target: .cmx3600, allowingLoss: true)
    #expect(Self.objects("TimeEffect.1", in: plain).isEmpty)
    #expect(edl.lossReport.losses.map(\.describedForUser).contains { $0.contains("speed curve") })
  }
}
