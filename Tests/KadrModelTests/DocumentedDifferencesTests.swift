import Foundation
import KadrModel
import Testing

// The namespace the landing page's "Differences from kadr" shows, for code that writes
// `Kadr.Transition` (kadr's module name); kept here so that the snippet keeps compiling.
private enum Kadr {
  typealias Transition = KadrModel.Transition
  typealias Video = KadrModel.Video
}

@Suite("Differences from kadr, as the landing page states them")
struct DocumentedDifferencesTests {
  @Test func kadrQualifiedNamesCompileThroughOneNamespace() {
    let fade = Kadr.Transition.fade(duration: 0.5)
    let video = Kadr.Video {
      ImageClip.color(.black, duration: 1)
      fade
      ImageClip.color(.white, duration: 1)
    }
    #expect(video.duration == Time(seconds: 2.5))
  }

  @Test func equalityComparesColourWhereKadrIgnoresIt() {
    #expect(TextStroke(width: 2, color: .red) != TextStroke(width: 2, color: .blue))
    var red = TextStyle.default
    red.color = .red
    #expect(red != TextStyle.default)
  }

  @Test func aLUTForAMissingFileIsBuiltWithoutThrowingAndCheckedOnRequest() {
    let url = URL(fileURLWithPath: "/nonexistent/\(UUID().uuidString).cube")
    #expect(Filter.lut(url: url).kind == .lut)
    #expect(throws: LUTError.self) { try Filter.lut(loading: url) }
  }
}
