import Foundation
import KadrModel
import Testing

private let song = URL(fileURLWithPath: "/music/song.m4a")

@Suite("Audio track")
struct AudioTrackTests {
  @Test func urlInitialiserUsesKadrDefaults() {
    let track = AudioTrack(url: song)
    #expect(track.url == song && track.volumeLevel == 1)
    #expect(track.fadeInDuration == .zero && track.fadeOutDuration == .zero)
    #expect(track.duckingLevel == nil && track.startTime == nil && track.explicitDuration == nil)
    #expect(track.crossfadeDuration == nil && track.volumeRamps.isEmpty)
    #expect(track.speedRate == 1 && track.pitchAlgorithm == .spectral)
  }

  @Test func modifiersSetTheirFieldAndKeepTheOthers() {
    let track = AudioTrack(url: song)
      .volume(0.7).fadeIn(1.5).fadeOut(Time(value: 2, timescale: 1)).ducking(0.2).at(time: 3)
      .duration(10).crossfade(Time(value: 1, timescale: 2))
    #expect(track.volumeLevel == 0.7)
    #expect(track.fadeInDuration == Time(value: 900, timescale: 600))
    #expect(track.fadeOutDuration == Time(seconds: 2))
    #expect(track.duckingLevel == 0.2)
    #expect(track.startTime == Time(seconds: 3))
    #expect(track.explicitDuration == Time(seconds: 10))
    #expect(track.crossfadeDuration == Time(seconds: 0.5))

    let retimed = track.fadeIn(Time(value: 1, timescale: 30)).fadeOut(0.25)
      .at(time: Time(value: 4, timescale: 1)).duration(Time(value: 6, timescale: 1)).crossfade(2)
    #expect(retimed.fadeInDuration == Time(value: 1, timescale: 30))
    #expect(retimed.fadeOutDuration == Time(seconds: 0.25))
    #expect(retimed.startTime == Time(seconds: 4) && retimed.explicitDuration == Time(seconds: 6))
    #expect(retimed.crossfadeDuration == Time(seconds: 2))
    #expect(retimed.volumeLevel == 0.7 && retimed.duckingLevel == 0.2 && retimed.url == song)
  }

  @Test func volumeRampsAppendInOrder() {
    let track = AudioTrack(url: song)
      .volumeRamp(start: 1, end: 0, during: TimeRange(start: .zero, duration: Time(seconds: 2)))
      .volumeRamp(start: 0, end: 1, during: 4...6)
    #expect(
      track.volumeRamps == [
        AudioTrack.VolumeRamp(
          startVolume: 1, endVolume: 0, range: TimeRange(start: .zero, duration: Time(seconds: 2))),
        AudioTrack.VolumeRamp(startVolume: 0, endVolume: 1, range: TimeRange(4...6)),
      ])
  }

  @Test func speedSetsRateAndAlgorithmTogether() {
    let slow = AudioTrack(url: song).speed(0.5, algorithm: .varispeed)
    #expect(slow.speedRate == 0.5 && slow.pitchAlgorithm == .varispeed)
    let reset = slow.speed(2)
    #expect(reset.speedRate == 2 && reset.pitchAlgorithm == .spectral)
  }

  @Test func nonFiniteSecondsGiveAnInvalidTime() {
    let track = AudioTrack(url: song).fadeIn(.infinity).at(time: .nan)
    #expect(track.fadeInDuration == .invalid && track.startTime == .invalid)
  }

  @Test(
    arguments: [
      (nil, true),  // no ducking
      (0, true),  // silent under clip audio
      (1, true),  // no drop
      (0.3, true),  // BackgroundMusic's default
      (-0.1, false),  // below the range
      (1.5, false),  // above the range
      (.nan, false),  // not a number
    ] as [(Double?, Bool)])
  func keepsTheDuckingLevelAndReportsWhetherItIsValid(level: Double?, valid: Bool) {
    let track = AudioTrack(url: song, duckingLevel: level)
    let ducked = level.map { AudioTrack(url: song).ducking($0) } ?? track
    #expect(track.isDuckingLevelValid == valid)
    #expect(ducked.isDuckingLevelValid == valid)
    #expect(ducked.duckingLevel?.isNaN == level?.isNaN)
  }

  @Test(
    arguments: [
      (1, true), (0.25, true), (4, true), (0.2, false), (4.5, false), (-1, false), (.nan, false),
    ] as [(Double, Bool)])
  func keepsTheSpeedAndReportsWhetherItIsValid(rate: Double, valid: Bool) {
    let track = AudioTrack(url: song).speed(rate)
    #expect(track.isSpeedRateValid == valid)
    #expect(track.speedRate == rate || rate.isNaN)
  }

  @Test func pitchAlgorithmsUseKadrNames() {
    #expect(
      AudioTimePitchAlgorithm.allCases.map(\.rawValue) == ["spectral", "timeDomain", "varispeed"])
  }
}

@Suite("Audio builder, background music and captions")
struct AudioBuilderTests {
  private func tracks(@AudioBuilder _ content: () -> [AudioTrack]) -> [String] {
    content().map(\.url.lastPathComponent)
  }

  private func named(_ name: String) -> AudioTrack {
    AudioTrack(url: URL(fileURLWithPath: "/\(name)"))
  }

  @Test func buildsEveryForm() {
    #expect(tracks {}.isEmpty)
    #expect(
      tracks {
        named("a")
        named("b")
      } == ["a", "b"])
    let extra = [named("x"), named("y")]
    #expect(
      tracks {
        extra
        named("c")
      } == ["x", "y", "c"])
    #expect(tracks { for name in ["p", "q"] { named(name) } } == ["p", "q"])
  }

  @Test(arguments: [true, false])
  func buildsConditionals(flag: Bool) {
    let built = tracks {
      if flag { named("if") }
      if flag { named("then") } else { named("else") }
      switch flag {
      case true: named("on")
      case false: named("off")
      }
    }
    #expect(built == (flag ? ["if", "then", "on"] : ["else", "off"]))
  }

  @Test func backgroundMusicHasKadrDefaultsAndConverts() {
    let music = BackgroundMusic(url: song)
    #expect(music.volume == 0.6 && music.fadeIn == 0.5 && music.fadeOut == 1)
    #expect(music.duckingLevel == 0.3)
    let track = AudioTrack(music)
    #expect(
      track
        == AudioTrack(
          url: song, volumeLevel: 0.6, fadeInDuration: Time(value: 300, timescale: 600),
          fadeOutDuration: Time(value: 600, timescale: 600), duckingLevel: 0.3))
  }

  @Test func captionsCompareByTextAndRange() {
    let a = Caption(text: "Hello", timeRange: TimeRange(0...1))
    #expect(
      a == Caption(text: "Hello", timeRange: TimeRange(start: .zero, duration: Time(seconds: 1))))
    #expect(a != Caption(text: "Hello", timeRange: TimeRange(0...2)))
    #expect(a != Caption(text: "Bye", timeRange: TimeRange(0...1)))
    #expect(Set([a, a]).count == 1)
  }
}
