import Foundation
import KadrPersistence
import Testing

/// A clip kind no registry knows: a piece of it is left out as loss.
private struct Sketch: Clip {
  var duration: Time { Time(value: 1, timescale: 1) }
}

@Suite("Document piece encoder: the pieces another format carries")
struct DocumentPieceEncoderTests {
  static let clips = JSONPointer.root.appending(key: "video").appending(key: "clips")

  static let video = Video {
    VideoClip(url: URL(fileURLWithPath: "/m/interview.mov")).trimmed(to: 1...4)
      .named("Interview").volume(0.5)
    TitleSequence("Act two", duration: Time(value: 2, timescale: 1))
    Track {
      VideoClip(url: URL(fileURLWithPath: "/m/broll.mov")).trimmed(to: 0...2)
      TitleSequence("Inside", duration: Time(value: 1, timescale: 1))
    }
  }

  /// The element `index` of the composition's clips in one whole save of `video`.
  static func wholeSaveClip(_ index: Int, of video: Video) throws -> JSONValue? {
    let whole = try CodecRegistry.standard.encode(
      model: video, options: CodingOptions(allowingLoss: true))
    guard case .object(let composition)? = whole.json,
      case .array(let list)? = composition["clips"], list.indices.contains(index)
    else { return nil }
    return list[index]
  }

  @Test func eachPieceIsTheJSONAWholeSaveHoldsAtItsPlace() throws {
    let pieces = DocumentPieceEncoder(registry: .standard)
    let video = Self.video
    for (index, clip) in video.clips.enumerated() {
      let piece = try pieces.encode(clip: clip, index: index, list: Self.clips)
      let expected = try Self.wholeSaveClip(index, of: video)
      #expect(piece != nil)
      #expect(piece == expected, "clip \(index)")
      #expect(String(reflecting: piece) == String(reflecting: expected))
    }
    #expect(pieces.losses.isEmpty)
    let model = try pieces.encode(model: video, at: JSONPointer.root.appending(key: "video"))
    let whole = try CodecRegistry.standard.encode(model: video)
    #expect(model == whole.json)
  }

  @Test func aLossyPieceIsLeftOutAndReportedAtItsDocumentPlace() throws {
    let pieces = DocumentPieceEncoder(registry: .standard)
    let video = Video(clips: [TitleSequence("a", duration: Time(value: 1, timescale: 1)), Sketch()])
    #expect(try pieces.encode(clip: video.clips[0], index: 0, list: Self.clips) != nil)
    #expect(try pieces.encode(clip: video.clips[1], index: 1, list: Self.clips) == nil)
    #expect(pieces.losses.map(\.pointer) == ["/video/clips/1"])
  }

  @Test func insideAClipLossesNameTheClipAndOutsideTheComposition() throws {
    let pieces = DocumentPieceEncoder(registry: .standard)
    let lossy = Animation<Double>.keyframes(
      [.at(0, value: 0), .at(1, value: 1)], timing: .custom { $0 * $0 })
    let clip = VideoClip(url: URL(fileURLWithPath: "/m/a.mov")).named("Interview")
    let inner = Self.clips.appending(index: 0).appending(key: "video").appending(key: "_0")
      .appending(key: "opacity")
    let written = try pieces.inside(clip: clip, index: 0, list: Self.clips) {
      try pieces.encode(value: lossy, at: inner)
    }
    #expect(written == nil)
    _ = try pieces.encode(value: lossy, at: JSONPointer.root.appending(key: "video"))
    let losses = pieces.losses
    #expect(losses.count == 2)
    #expect(losses.first?.location == "clips[0] (video “Interview”)")
    #expect(losses.first?.pointer == "/video/clips/0/video/_0/opacity")
    #expect(losses.last?.location == "composition")
  }

  @Test func piecesLeaveNothingBehindForTheNext() throws {
    let pieces = DocumentPieceEncoder(registry: .standard)
    let clip = Self.video.clips[0]
    let first = try pieces.encode(clip: clip, index: 0, list: Self.clips)
    for index in 1...3 {
      _ = try pieces.encode(clip: Self.video.clips[1], index: index, list: Self.clips)
    }
    let again = try pieces.encode(clip: clip, index: 0, list: Self.clips)
    #expect(first == again)
  }
}
