import Foundation
import KadrDiff
import KadrFCPXML
import KadrModel
import KadrOTIO
import KadrPersistence
import Testing

/// Every clip an import makes has an id of its own, the same on each import, so that two edits
/// of one imported clip merge as changes of that clip (#58 item 1).
@Suite("FCPXML imported clip ids")
struct ImportedIdentityTests {
  static func ids(_ clips: [any Clip]) -> [String] {
    clips.flatMap { clip -> [String] in
      if let track = clip as? Track { return ids(track.clips) }
      return clip.clipID.map { [$0.rawValue] } ?? []
    }
  }

  static func count(_ clips: [any Clip]) -> Int {
    clips.reduce(0) { total, clip in
      if let track = clip as? Track { return total + count(track.clips) }
      return total + (clip is Transition ? 0 : 1)
    }
  }

  @Test(arguments: RealFileTests.files)
  func everyImportedClipHasAUniqueIdTheSameEachTime(name: String) throws {
    let first = try RealFileTests.load(name).video
    let second = try RealFileTests.load(name).video
    let ids = Self.ids(first.clips)
    #expect(ids == Self.ids(second.clips))
    #expect(ids.count == Self.count(first.clips), "\(name): a clip without an id")
    #expect(Set(ids).count == ids.count, "\(name): \(ids)")
  }

  @Test func repeatedNamesGetNumberedIdsAndKeepTheirName() throws {
    // 29.97d.fcpxml cuts one file, “TestVideo”, into most of its clips.
    let video = try RealFileTests.load("29.97d.fcpxml").video
    let clips = video.clips.compactMap { $0 as? VideoClip }.filter { $0.name == "TestVideo" }
    #expect(clips.count >= 3)
    #expect(
      clips.prefix(3).map(\.clipID?.rawValue) == ["TestVideo", "TestVideo (2)", "TestVideo (3)"])
  }

  @Test func twoEditsOfOneImportedClipMergeAsChanges() throws {
    let imported = try RealFileTests.load("29.97d.fcpxml").video
    let coder = KadrCoder(
      registry: OTIOPlaceholderModule.standardRegistry,
      options: CodingOptions(preservingUnknown: true))
    let differ = CompositionDiffer(coder: coder)
    let id = try #require(imported.clips[3].clipID)
    // One person turns the clip down, another moves its in-point a second later and renames
    // it: matched by media and in-point alone, theirs would read as a new clip.
    let ours = try imported.updatingClip(id: id) { (clip: VideoClip) in clip.volume(0.5) }
    let trim = try #require((imported.clips[3] as? VideoClip)?.trimRange)
    let later = TimeRange(start: trim.start + Time(value: 1, timescale: 1), duration: trim.duration)
    let theirs = try imported.updatingClip(id: id) { (clip: VideoClip) in
      clip.trimmed(to: later).named("Hero")
    }
    let merged = try differ.merge(
      base: coder.data(for: imported), ours: coder.data(for: ours),
      theirs: coder.data(for: theirs))
    #expect(merged.conflicts.isEmpty, "\(merged.conflicts)")
    let clip = try #require(merged.video.clip(id: id) as? VideoClip)
    #expect(clip.volumeLevel == 0.5)
    #expect(clip.name == "Hero")
    #expect(clip.trimRange == later)
    #expect(merged.video.clips.count == imported.clips.count)
  }

  /// The control: the same two edits of a clip without an id are a deletion of one clip and an
  /// addition of another, which the merge reports as a conflict (so the test above can fail).
  @Test func withoutAnIdTheSameEditsConflict() throws {
    let imported = try RealFileTests.load("29.97d.fcpxml").video
    let coder = KadrCoder(
      registry: OTIOPlaceholderModule.standardRegistry,
      options: CodingOptions(preservingUnknown: true))
    let differ = CompositionDiffer(coder: coder)
    let original = try #require(imported.clips[3] as? VideoClip)
    let trim = try #require(original.trimRange)
    let anonymous = VideoClip(url: original.url, trimRange: trim)
    let base = try imported.replacingClip(at: [3], with: anonymous)
    let ours = try base.replacingClip(at: [3], with: anonymous.volume(0.5))
    let later = TimeRange(start: trim.start + Time(value: 1, timescale: 1), duration: trim.duration)
    let theirs = try base.replacingClip(at: [3], with: anonymous.trimmed(to: later))
    let merged = try differ.merge(
      base: coder.data(for: base), ours: coder.data(for: ours), theirs: coder.data(for: theirs))
    #expect(merged.conflicts.map(\.kind).contains(.deletedAndChanged), "\(merged.conflicts)")
  }
}
