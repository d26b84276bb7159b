import Foundation
import KadrModel
import KadrPersistence
import KadrPersistenceCore
import Testing

/// Saving builds JSON pointers only when an error or a loss needs one, from the path of the
/// value being written; these check that the pointer is exact however deep the value is.
@Suite("Pointers of errors and losses found while saving")
struct SavePointerTests {
  static let url = URL(fileURLWithPath: "/media/a.mov")

  static func nested(_ clip: any Clip) -> Video {
    Video(clips: [
      TitleSequence("first", duration: 1),
      Track(clips: [Track(clips: [VideoClip(url: url), clip])]),
    ])
  }

  @Test func aNonFiniteNumberDeepInNestedTracksIsReportedAtItsPointer() throws {
    let clip = VideoClip(url: Self.url, opacity: .nan)
    let error = try #require(throws: PersistenceError.self) {
      try KadrCoding.data(for: Self.nested(clip))
    }
    #expect(
      error.pointer?.description
        == "/video/clips/1/track/_0/clips/0/track/_0/clips/1/video/_0/opacity", "\(error)")
  }

  @Test func aLossDeepInAnAnimationIsReportedAtItsPointer() throws {
    let custom = Animation<Double>.keyframes(
      [.at(.zero, value: 0), .at(Time(seconds: 1), value: 1)],
      timing: .custom { $0 })
    let clip = VideoClip(url: Self.url, opacity: 1, opacityAnimation: custom)
    let losses = KadrCoding.lossyContent(in: Self.nested(clip))
    #expect(
      losses.map(\.pointer) == [
        "/video/clips/1/track/_0/clips/0/track/_0/clips/1/video/_0/opacityAnimation"
      ], "\(losses)")
    // The pointers of siblings written after the loss are unaffected: the save still works.
    let data = try KadrCoding.data(for: Self.nested(clip), allowingLoss: true)
    #expect(try KadrCoding.video(from: data).clips.count == 2)
  }
}
