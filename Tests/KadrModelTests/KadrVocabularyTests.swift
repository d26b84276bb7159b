import Foundation
import KadrModel
import Testing

/// kadr's spelling of the model, written as kadr code is written: if a label or a modifier
/// drifts from kadr's, this file stops compiling.
@Suite("kadr's vocabulary")
struct KadrVocabularyTests {
  @Test func aCompositionReadsAsInKadr() throws {
    let url = URL(fileURLWithPath: "/media/a.mov")
    let image = PlatformImage.solidColor(.red)
    let includeIntro = true
    let video = Video {
      if includeIntro {
        TitleSequence("Intro", duration: 2, style: .default, background: .black)
      }
      VideoClip(url: url)
        .trimmed(to: 0...5).reversed().muted().volume(0.5).withAudio(url)
        .filter(.sepia(intensity: 0.5), .mono).filter(
          .glow(), animation: .keyframes([.at(0, value: 1)])
        )
        .filter(.brightness(0.1), id: "b", animation: nil)
        .setFilter(for: "b", .contrast(1.2)).filterAnimation(for: "b", nil)
        .moveFilters(fromOffsets: IndexSet(integer: 0), toOffset: 2).removeFilter(for: "b")
        .id("a").at(time: 1.5).transform(.identity).opacity(0.9)
        .transformAnimation(nil).opacityAnimation(nil).speed(.flat(1.25))
        .compositor { frame, _ in frame }
        .crop(at: .center, size: .normalized(width: 0.5, height: 0.5))
      Transition.dissolve(duration: 0.5)
      ImageClip.color(.blue, duration: 1).background(.white).withAudio(url).duration(2).id("c")
      Transition.slide(direction: .fromLeft, duration: 0.5)
      ImageClip(image, duration: 3)
      Track(at: 2, name: "pip") {
        for index in 0..<2 { TitleSequence("T\(index)") }
      }
      .opacity(0.5)
    }
    .audio { AudioTrack(url: url).volume(0.5).fadeIn(1).fadeOut(1).ducking(0.3).at(time: 1) }
    .audio(url: url)
    .backgroundMusic(BackgroundMusic(url: url))
    .captions([Caption(text: "hi", timeRange: TimeRange(0...1))])
    .overlay(TextOverlay("Hi").position(.top).anchor(.top).animation(.fadeIn(duration: 0.5)))
    .overlay(
      StickerOverlay(image).rotation(degrees: 10).shadow(
        color: .black, radius: 4, offset: CGSize(width: 0, height: 2), opacity: 0.5)
    )
    .watermark(image)
    .crop(at: .center, size: .normalized(width: 1, height: 1))
    .preset(.reelsAndShorts).quality(.bitrate(4_000_000))
    .compositor(during: 0...1) { frames, _ in frames[0] }

    #expect(video.clips.count == 7)
    #expect(video.overlays.count == 3)
    #expect((video.overlays.last as? ImageOverlay)?.layerID == "watermark")
    #expect((video.overlays.last as? ImageOverlay)?.anchor == .bottomRight)
    #expect(video.audioTracks.count == 3)
    #expect(video.compositorWindow == TimeRange(0...1))
    #expect(video.multiInputCompositor != nil)
    #expect(Preset.reelsAndShorts.resolution == CGSize(width: 1080, height: 1920))
    #expect(
      ExportQuality.fileSize(bytes: 10_000_000).resolvedBitrate(forDuration: Time(seconds: 10))
        == 7_872_000)
    #expect(FilterKind.allCases.count == 13)
  }
}
