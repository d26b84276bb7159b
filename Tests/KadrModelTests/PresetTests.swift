import Foundation
import KadrModel
import Testing

@Suite("Preset")
struct PresetTests {
  /// A preset with its width, height, frame rate and codec as kadr documents them.
  static let cases: [(Preset, Int, Int, Int, Codec)] = [
    (.auto, 1_080, 1_920, 30, .h264),
    (.reelsAndShorts, 1_080, 1_920, 30, .hevc),
    (.tiktok, 1_080, 1_920, 30, .h264),
    (.square, 1_080, 1_080, 30, .h264),
    (.cinema, 1_920, 1_080, 24, .h264),
    (.custom(width: 640, height: 480, frameRate: 60, codec: .hevc), 640, 480, 60, .hevc),
    (.custom(width: -1, height: 0, frameRate: 0, codec: .h264), -1, 0, 0, .h264),  // as given
  ]

  @Test(arguments: cases)
  func resolvesItsSettings(preset: Preset, width: Int, height: Int, frameRate: Int, codec: Codec) {
    #expect(preset.resolution == CGSize(width: width, height: height))
    #expect(preset.frameRate == frameRate)
    #expect(preset.codec == codec)
  }

  @Test func comparesAndHashesByCaseAndPayload() {
    let custom = Preset.custom(width: 1, height: 2, frameRate: 3, codec: .h264)
    #expect(custom == .custom(width: 1, height: 2, frameRate: 3, codec: .h264))
    #expect(custom != .custom(width: 1, height: 2, frameRate: 3, codec: .hevc))
    #expect(Preset.auto != .tiktok)  // same settings, different preset
    #expect(Set([Preset.auto, .auto, .square, custom, custom]).count == 3)
  }

  @Test func codecsUseKadrNames() {
    #expect(Codec.allCases.map(\.rawValue) == ["h264", "hevc"])
  }
}
