import Foundation
import KadrModel
import KadrOTIO
import KadrPersistence
import Testing

/// An audio clip whose media is missing keeps its place, length and name, exports back as
/// missing, and relinks.
@Suite("Offline audio")
struct OfflineAudioTests {
  static let edl = CorpusTests.corpus.appendingPathComponent("edl_offline_edit.otio")

  @Test func aMissingAudioClipIsKeptAsAnOfflineAudioTrack() throws {
    let imported = try OTIOImporter().read(from: Self.edl)
    let track = try #require(imported.video.audioTracks.first)
    #expect(track.url.absoluteString == "kadr-offline:music.wav")
    #expect(OfflineAudio.name(of: track.url) == "music.wav")
    // OpenTimelineIO places it at 2 s for 2 s: its track's source range trims it.
    #expect(track.startTime?.seconds == 2)
    #expect(track.explicitDuration?.seconds == 2)

    let exported = try JSONSerialization.jsonObject(
      with: try OTIOExporter().export(imported.video).data)
    let missing = ExportTargetTests.objects("Clip.2", in: exported).filter {
      ($0["media_references"] as? [String: Any]).flatMap { $0["DEFAULT_MEDIA"] as? [String: Any] }?[
        "OTIO_SCHEMA"] as? String == "MissingReference.1"
    }
    #expect(missing.contains { $0["name"] as? String == "music.wav" })
  }

  @Test func anOfflineAudioTrackRelinksByItsName() throws {
    let imported = try OTIOImporter().read(from: Self.edl)
    let relinker = OTIOMediaRelinker(rules: [
      OTIOMediaRelinker.Rule(
        from: OfflineAudio.url(named: "music.wav"),
        to: URL(fileURLWithPath: "/media/music.wav"))
    ])
    let (video, count) = relinker.relink(imported.video)
    #expect(count >= 1)
    #expect(video.audioTracks.first?.url == URL(fileURLWithPath: "/media/music.wav"))
    #expect(video.audioTracks.first?.startTime?.seconds == 2)
  }

  @Test func namesSurviveTheirURL() {
    for name in ["music.wav", "a b/c?.wav", "", "ünïcode ♪.aiff"] {
      let url = OfflineAudio.url(named: name)
      #expect(url.scheme == OfflineAudio.scheme)
      #expect(OfflineAudio.name(of: url) == (name.isEmpty ? "audio" : name))
    }
    #expect(OfflineAudio.name(of: URL(fileURLWithPath: "/a.wav")) == nil)
  }
}
