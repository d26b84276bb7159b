import Foundation
import KadrModel
import Testing

private let tenSeconds = Time(value: 10, timescale: 1)

@Suite("Export quality")
struct ExportQualityTests {
  /// A quality, a duration, and the bitrate it resolves to.
  static let cases: [(ExportQuality, Time, Int?)] = [
    (.automatic, tenSeconds, nil),  // the encoder's default
    (.bitrate(5_000_000), tenSeconds, 5_000_000),  // an explicit bitrate is used as is
    (.bitrate(5_000_000), .invalid, 5_000_000),  // ... whatever the duration
    (.bitrate(0), tenSeconds, nil),  // zero bitrate means the default
    (.bitrate(-1), tenSeconds, nil),  // negative bitrate means the default
    (.bitrate(.max), tenSeconds, .max),  // huge bitrate is kept
    (.fileSize(bytes: 10_000_000), tenSeconds, 7_872_000),  // MODEL.md's example
    (.fileSize(bytes: 10_000_000), Time(value: 6_000, timescale: 600), 7_872_000),  // same at 600
    (.fileSize(bytes: 0), tenSeconds, nil),  // no bytes
    (.fileSize(bytes: -5), tenSeconds, nil),  // negative bytes
    (.fileSize(bytes: 10_000_000), .zero, nil),  // zero duration
    (.fileSize(bytes: 10_000_000), Time(value: -1, timescale: 1), nil),  // negative duration
    (.fileSize(bytes: 10_000_000), .invalid, nil),  // invalid duration
    (.fileSize(bytes: 160_000), tenSeconds, nil),  // exactly the audio share: nothing for video
    (.fileSize(bytes: 100_000), tenSeconds, nil),  // less than the audio share
    (.fileSize(bytes: 160_001), tenSeconds, 1),  // 0.8 bit/s rounds down, then raised to 1
    (.fileSize(bytes: 16_001), Time(value: 1, timescale: 1), 8),  // 8 bits over one second
    (.fileSize(bytes: .max), Time(value: 1, timescale: 600), .max),  // clamped, no trap
    (.fileSize(bytes: .max), Time(value: 1, timescale: .max), .max),  // tiniest duration
    (.fileSize(bytes: .max), Time(value: .max, timescale: 1), nil),  // audio outweighs the bytes
  ]

  @Test(arguments: cases)
  func resolvesTheBitrate(quality: ExportQuality, duration: Time, expected: Int?) {
    #expect(quality.resolvedBitrate(forDuration: duration) == expected)
  }

  @Test func assumesKadrsAudioBitrate() {
    #expect(ExportQuality.assumedAudioBitrate == 128_000)
  }

  @Test func comparesByCaseAndValue() {
    #expect(ExportQuality.bitrate(1) == .bitrate(1))
    #expect(ExportQuality.bitrate(1) != .fileSize(bytes: 1))
    #expect(ExportQuality.fileSize(bytes: 1) != .fileSize(bytes: 2))
    #expect(Set([ExportQuality.automatic, .automatic, .bitrate(3)]).count == 2)
  }
}
