import Foundation
import KadrModel
import Testing

@Suite("Editing a composition")
struct TimelineEditTests {
  static func media(_ name: String) -> URL { URL(fileURLWithPath: "/media/\(name).mov") }

  /// A composition with something in every field an edit must keep: a nested track, a
  /// transition, audio, overlays, captions, a crop, a preset and a quality.
  static func sample(interviewVolume: Double = 1) -> Video {
    Video {
      VideoClip(url: media("intro")).id("intro")
      Transition.dissolve(duration: 0.5)
      Track(name: "B-roll") {
        VideoClip(url: media("city")).id("city").trimmed(to: 1...4)
        VideoClip(url: media("interview")).id("interview").volume(interviewVolume)
      }
      TitleSequence("The end", duration: 2).id("credits")
    }
    .audio(url: media("music"))
    .overlay(TextOverlay("Draft").id("draft"))
    .captions([
      Caption(text: "Hello", timeRange: TimeRange(start: .zero, duration: Time(seconds: 1)))
    ])
    .crop(at: .center, size: .normalized(width: 0.9, height: 0.9))
    .preset(.cinema)
    .quality(.bitrate(8_000_000))
  }

  @Test func updatingANestedClipKeepsEveryOtherField() throws {
    let edited = try Self.sample().updatingClip(id: "interview", as: VideoClip.self) {
      $0.volume(0.25)
    }
    #expect(String(reflecting: edited) == String(reflecting: Self.sample(interviewVolume: 0.25)))
  }

  @Test func anEditReturnsAChangedValueAndLeavesTheOriginal() throws {
    let original = Self.sample()
    let before = String(reflecting: original)
    let edited = try original.removingClip(id: "credits")
    #expect(String(reflecting: original) == before)
    #expect(edited.clips.count == original.clips.count - 1)
    // The duration follows the clips, as when the composition is built.
    #expect(edited.duration == original.duration - Time(seconds: 2))
  }

  @Test func findsClipsByIdentityAndPlace() throws {
    let video = Self.sample()
    #expect(video.path(of: "interview") == [2, 1])
    #expect(video.clip(at: [2, 1])?.clipID == "interview")
    #expect(video.clip(id: "city")?.clipID == "city")
    #expect(video.clip(id: "missing") == nil)
    #expect(video.clip(at: [0, 0]) == nil)  // the intro is not a track
    #expect(video.clip(at: []) == nil)
  }

  @Test func insertsBeforeAndAfterAClipInsideItsTrack() throws {
    let cutaway = VideoClip(url: Self.media("cutaway")).id("cutaway")
    let after = try Self.sample().insertingClip(cutaway, after: "city")
    #expect(after.path(of: "cutaway") == [2, 1])
    #expect(after.path(of: "interview") == [2, 2])
    let before = try Self.sample().insertingClip(cutaway, before: "intro")
    #expect(before.path(of: "cutaway") == [0])
    let appended = try Self.sample().insertingClip(cutaway, at: [2, 2])
    #expect(appended.path(of: "cutaway") == [2, 2])
  }

  @Test func movesAClipIntoATrackAndOut() throws {
    let video = Self.sample()
    // Taking the intro out shifts the track to [1]; the destination names the moved timeline.
    let intoTrack = try video.movingClip(id: "intro", to: [1, 0])
    #expect(intoTrack.clip(at: [1, 0])?.clipID == "intro")
    #expect(intoTrack.clips.count == video.clips.count - 1)
    let backOut = try intoTrack.movingClip(from: [1, 0], to: [0])
    #expect(String(reflecting: backOut) == String(reflecting: video))
  }

  @Test func replacesAClipWithOneOfAnotherKind() throws {
    let slate = TitleSequence("Slate", duration: 1).id("city")
    let edited = try Self.sample().replacingClip(id: "city", with: slate)
    #expect(edited.clip(at: [2, 0]) is TitleSequence)
    let track = try #require(edited.clip(at: [2]) as? Track)
    #expect(track.name == "B-roll")
  }

  @Test func updatesATrackByItsPlace() throws {
    let edited = try Self.sample().updatingClip(at: [2], as: Track.self) {
      $0.opacity(0.5).named("Cutaways")
    }
    let track = try #require(edited.clip(at: [2]) as? Track)
    #expect(track.opacityFactor == 0.5)
    #expect(track.name == "Cutaways")
    #expect(track.clips.count == 2)
  }

  /// Edits that cannot be made, with the code and the place their error names.
  static let failures:
    [(String, @Sendable (Video) throws -> Video, TimelineEditError.Code, String)] = [
      ("an unknown id", { try $0.removingClip(id: "gone") }, .clipNotFound, "clip “gone”"),
      (
        "a path through a clip that is no track", { try $0.removingClip(at: [0, 0]) }, .notATrack,
        "clips[0]"
      ),
      (
        "past the end of a track", { try $0.removingClip(at: [2, 2]) }, .noSuchPlace,
        "clips[2].clips[2]"
      ),
      ("a negative index", { try $0.removingClip(at: [-1]) }, .noSuchPlace, "clips[-1]"),
      (
        "an empty path", { try $0.insertingClip(Transition.fade(duration: 1), at: []) },
        .noSuchPlace, "the timeline"
      ),
      (
        "insertion two past the end",
        { try $0.insertingClip(Transition.fade(duration: 1), at: [5]) }, .noSuchPlace,
        "clips[5]"
      ),
      (
        "the wrong kind", { try $0.updatingClip(id: "credits", as: VideoClip.self) { $0 } },
        .kindMismatch, "clip “credits”"
      ),
      (
        "an unknown overlay", { try $0.removingOverlay(id: "logo") }, .overlayNotFound,
        "overlay “logo”"
      ),
      ("no such audio track", { try $0.removingAudioTrack(at: 1) }, .noSuchPlace, "audioTracks[1]"),
      ("no such caption", { try $0.movingCaption(from: 0, to: 1) }, .noSuchPlace, "captions[1]"),
    ]

  @Test(arguments: failures.indices)
  func refusesAnEditThatCannotBeMade(_ index: Int) throws {
    let (why, edit, code, place) = Self.failures[index]
    let error = try #require(throws: TimelineEditError.self, "\(why)") { try edit(Self.sample()) }
    #expect(error.code == code, "\(why)")
    #expect(error.place == place, "\(why)")
    #expect(error.localizedDescription.contains(place), "\(why)")
    #expect(error.recoverySuggestion != nil, "\(why)")
  }

  @Test func editsOverlaysAudioAndCaptions() throws {
    let video = Self.sample()
    let overlays = try video.updatingOverlay(id: "draft", as: TextOverlay.self) { $0.opacity(0.3) }
      .insertingOverlay(TextOverlay("Logo").id("logo"), at: 0)
      .movingOverlay(from: 0, to: 1)
    #expect(overlays.overlays.map(\.layerID) == ["draft", "logo"])
    #expect(overlays.overlay(id: "draft")?.opacity == 0.3)

    let audio = try video.updatingAudioTrack(at: 0) { $0.volume(0.4) }
      .insertingAudioTrack(AudioTrack(url: Self.media("voice")), at: 1)
      .movingAudioTrack(from: 1, to: 0)
    #expect(audio.audioTracks.map(\.url.lastPathComponent) == ["voice.mov", "music.mov"])
    #expect(audio.audioTracks[1].volumeLevel == 0.4)
    #expect(try audio.removingAudioTrack(at: 0).audioTracks.count == 1)

    let late = Caption(
      text: "Bye", timeRange: TimeRange(start: Time(seconds: 5), duration: Time(seconds: 1)))
    let captions = try video.insertingCaption(late, at: 1)
      .updatingCaption(at: 0) { Caption(text: "Hi", timeRange: $0.timeRange) }
    #expect(captions.captions.map(\.text) == ["Hi", "Bye"])
    #expect(try captions.removingCaption(at: 0).captions == [late])

    // None of these touched the timeline.
    #expect(String(reflecting: overlays.clips) == String(reflecting: video.clips))
  }
}
