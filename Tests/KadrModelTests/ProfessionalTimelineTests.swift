import Foundation
import KadrModel
import Testing

@Suite("Markers, roles, names and exact speeds")
struct ProfessionalTimelineTests {
  let url = URL(fileURLWithPath: "/media/a.mov")

  @Test func modifiersReturnChangedCopies() {
    let plain = VideoClip(url: url)
    let clip = plain.named("Intro").role(.dialogue.subrole("Dialogue-1"))
      .marker(Marker("Look", at: .zero))
    #expect(plain.name == nil && plain.role == nil && plain.markers.isEmpty)
    #expect(clip.name == "Intro")
    #expect(clip.role?.mainRole == "dialogue")
    #expect(clip.role?.subrole == "Dialogue-1")
    #expect(clip.role == "dialogue.Dialogue-1")
    #expect(clip.markers.map(\.name) == ["Look"])
    #expect(Role.music.subrole == nil)

    let video = Video { clip }
      .marker(Marker("Chapter", at: Time(value: 1, timescale: 1), kind: .chapter))
    #expect(video.markers.count == 1)
    #expect(Video { clip }.markers.isEmpty)
    #expect(Marker("Todo", at: .zero).completed().kind == .toDo(completed: true))
  }

  @Test func anExactSpeedGivesAnExactDuration() {
    let trimmed = VideoClip(url: url)
      .trimmed(to: TimeRange(start: .zero, duration: Time(value: 1001, timescale: 1000)))
    let conformed = trimmed.speed(numerator: 1001, denominator: 1000)
    #expect(conformed.speedRatio == SpeedRatio(numerator: 1001, denominator: 1000))
    #expect(conformed.speedRate == 1.001)
    #expect(conformed.duration == Time(value: 1, timescale: 1))
    // A flat speed clears the ratio; a bad ratio changes nothing.
    #expect(conformed.speed(.flat(2)).speedRatio == nil)
    #expect(trimmed.speed(numerator: 0, denominator: 1).speedRatio == nil)
    #expect(trimmed.speed(numerator: 1, denominator: -2).speedRate == 1)
  }
}
