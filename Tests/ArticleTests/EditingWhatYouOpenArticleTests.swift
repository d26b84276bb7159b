import Foundation
import KadrPersistence
import Testing

/// "Editing what you open", sample by sample.
@Suite("Article: Editing what you open")
struct EditingWhatYouOpenArticleTests {
  /// The composition the article opens: an intro, a dissolve, a track whose second clip is the
  /// interview, and a draft watermark.
  static func document() throws -> Data {
    let video = Video {
      VideoClip(url: URL(fileURLWithPath: "/media/intro.mov")).id("intro")
      Transition.dissolve(duration: 0.5)
      Track(name: "B-roll") {
        VideoClip(url: URL(fileURLWithPath: "/media/city.mov")).id("city")
        VideoClip(url: URL(fileURLWithPath: "/media/interview.mov")).id("interview")
      }
    }
    .overlay(TextOverlay("Draft").id("draft"))
    return try KadrCoding.data(for: video)
  }

  @Test func editsAClipByItsIdentityAndSaves() throws {
    let data = try Self.document()
    let opened = try KadrCoding.video(from: data)

    var edited = try opened.updatingClip(id: "interview", as: VideoClip.self) {
      $0.trimmed(to: 2...6).volume(0.8)
    }
    edited = try edited.insertingClip(TitleSequence("Part two", duration: 2), after: "interview")
    edited = try edited.removingOverlay(id: "draft")

    let saved = try KadrCoding.data(for: edited)

    let reopened = try KadrCoding.video(from: saved)
    #expect(String(reflecting: reopened) == String(reflecting: edited))
    let interview = try #require(reopened.clip(id: "interview") as? VideoClip)
    #expect(interview.trimRange == TimeRange(2...6))
    #expect(interview.volumeLevel == 0.8)
    #expect(reopened.clip(at: [2, 2]) is TitleSequence)
    #expect(reopened.overlays.isEmpty)
    #expect(reopened.clip(id: "city") != nil)
  }

  @Test func editsATrackByItsPlaceAndMovesAClip() throws {
    let opened = try KadrCoding.video(from: Self.document())

    let regraded = try opened.updatingClip(at: [2], as: Track.self) {
      $0.opacity(0.5).named("Cutaways")
    }
    let moved = try regraded.movingClip(id: "intro", to: [1, 0])

    let track = try #require(moved.clip(at: [1]) as? Track)
    #expect(track.name == "Cutaways")
    #expect(track.opacityFactor == 0.5)
    #expect(track.clips.map(\.clipID) == ["intro", "city", "interview"])
  }

  @Test func aClipThatIsNotThereChangesNothingAndSaysSo() throws {
    var current = try KadrCoding.video(from: Self.document()).removingClip(id: "interview")
    var status = ""
    let before = String(reflecting: current)

    do {
      current = try current.updatingClip(id: "interview", as: VideoClip.self) { $0.muted() }
    } catch let error as TimelineEditError where error.code == .clipNotFound {
      status = error.localizedDescription
    }

    #expect(status == "No clip of the composition is clip “interview”.")
    #expect(String(reflecting: current) == before)
  }

  @Test func professionalFactsAreEditedAndSaved() throws {
    let opened = try KadrCoding.video(from: Self.document())

    let broadcast =
      try opened
      .preset(.custom(width: 1920, height: 1080, rate: .ntsc30DropFrame, codec: .h264))
      .startTimecode(SMPTETimecode(parsing: "01:00:00;00", rate: .ntsc30DropFrame))
      .marker(Marker("Act two", at: Time(value: 42, timescale: 1), kind: .chapter))
      .updatingClip(id: "interview", as: VideoClip.self) {
        $0.named("Interview").role(.dialogue.subrole("Dialogue-1"))
      }

    let reopened = try KadrCoding.video(from: try KadrCoding.data(for: broadcast))
    #expect(String(reflecting: reopened) == String(reflecting: broadcast))
    #expect(reopened.startTimecode?.frameNumber == 107892)
    #expect(reopened.markers.map(\.kind) == [.chapter])
    let interview = try #require(reopened.clip(id: "interview") as? VideoClip)
    #expect(interview.role?.subrole == "Dialogue-1")
  }
}
