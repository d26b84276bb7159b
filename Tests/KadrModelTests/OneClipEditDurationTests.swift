import Foundation
import KadrModel
import Testing

/// A clip of any duration, at any timescale.
private struct Span: Clip {
  let duration: Time
  let clipID: ClipID?
}

/// A clip whose duration changes after it is in a composition, as a class's can.
private final class Growing: Clip, @unchecked Sendable {
  let lock = NSLock()
  var length = Time(value: 1, timescale: 600)
  var duration: Time { lock.withLock { length } }
}

/// kadr's definition, folded here: the plain sum of every top-level clip's duration, in order.
private func plainSum(_ clips: [any Clip]) -> Time {
  clips.reduce(Time.zero) { $0 + $1.duration }
}

/// The same number of units at the same timescale (`==` compares the rationals only).
private func identical(_ a: Time, _ b: Time) -> Bool {
  a.value == b.value && a.timescale == b.timescale
}

/// A small deterministic generator, so that a failure names its seed.
private struct SplitMix {
  var state: UInt64
  mutating func next(_ bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int((z ^ (z >> 31)) % UInt64(bound))
  }
}

@Suite("A composition's duration after edits of one clip")
struct OneClipEditDurationTests {
  /// Timescales and lengths that make the plain sum grow its timescale, reduce fractions, and
  /// overflow.
  private static let timescales: [Int32] = [1, 24, 30, 600, 1_001, 30_000, 1 << 30, .max]
  private static let lengths: [Int64] = [0, 1, 15, 1_200, -7, 1 << 40, .max / 3, .max, .min]

  private func span(_ random: inout SplitMix, _ number: Int) -> Span {
    // Mostly a common timescale, as a real timeline's are.
    let timescale: Int32 =
      random.next(6) == 0 ? Self.timescales[random.next(Self.timescales.count)] : 600
    let value =
      random.next(40) == 0
      ? Self.lengths[random.next(Self.lengths.count)] : Int64(random.next(100_000))
    let duration = random.next(150) == 0 ? .invalid : Time(value: value, timescale: timescale)
    return Span(duration: duration, clipID: ClipID("s\(number)"))
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8])
  func everyEditGivesThePlainSumExactly(seed: UInt64) throws {
    var random = SplitMix(state: seed)
    var video = Video(clips: (0..<20).map { span(&random, $0) })
    var validEdits = 0
    var overflows = 0
    for step in 0..<400 {
      let count = video.clips.count
      let before = video
      switch random.next(10) {
      case 0..<6 where count > 0:
        video = try video.replacingClip(at: [random.next(count)], with: span(&random, step))
      case 6 where count > 0:
        video = try video.updatingClip(at: [random.next(count)], as: Span.self) {
          Span(duration: $0.duration + Time(value: 1, timescale: 600), clipID: $0.clipID)
        }
      case 7:
        video = try video.insertingClip(span(&random, step), at: [random.next(count + 1)])
      case 8 where count > 1:
        video = try video.movingClip(from: [random.next(count)], to: [random.next(count - 1)])
      default:
        if count > 0 { video = try video.removingClip(at: [random.next(count)]) }
      }
      let expected = plainSum(video.clips)
      #expect(
        identical(video.duration, expected),
        "seed \(seed), step \(step): \(video.duration) is not \(expected)")
      if before.duration.isValid, video.duration.isValid { validEdits += 1 }
      if before.duration.isValid, !video.duration.isValid { overflows += 1 }
    }
    // The edits went through valid sums and into invalid ones.
    #expect(validEdits > 30)
    #expect(overflows > 0)
  }

  @Test func aClassWhoseDurationChangedIsReadAgainWithEveryClip() throws {
    let growing = Growing()
    let video = Video(clips: [growing, Span(duration: Time(value: 2, timescale: 600), clipID: nil)])
    #expect(identical(video.duration, Time(value: 3, timescale: 600)))
    growing.lock.withLock { growing.length = Time(value: 100, timescale: 600) }
    // The composition read the class's duration once, as kadr's does.
    #expect(identical(video.duration, Time(value: 3, timescale: 600)))
    let replaced = try video.replacingClip(
      at: [0], with: Span(duration: Time(value: 5, timescale: 600), clipID: nil))
    #expect(identical(replaced.duration, Time(value: 7, timescale: 600)))
    let edited = try replaced.replacingClip(
      at: [1], with: Span(duration: Time(value: 4, timescale: 600), clipID: nil))
    #expect(identical(edited.duration, Time(value: 9, timescale: 600)))
  }

  @Test func aTrackIsReadAgainWhenAClipInsideItChanges() throws {
    let video = Video {
      ImageClip.color(.black, duration: 1)
      Track {
        ImageClip.color(.black, duration: 2)
        ImageClip.color(.black, duration: 3)
      }
    }
    #expect(video.duration == Time(seconds: 6))
    let edited = try video.replacingClip(at: [1, 0], with: ImageClip.color(.black, duration: 5))
    #expect(identical(edited.duration, plainSum(edited.clips)))
    #expect(edited.duration == Time(seconds: 9))
  }

  @Test func reflectionShowsKadrsStoredPropertiesInTheirOrder() {
    let video = Video { ImageClip.color(.black, duration: 2) }
    let children = Mirror(reflecting: video).children
    #expect(
      children.compactMap(\.label) == [
        "clips", "audioTracks", "preset", "overlays", "crop", "multiInputCompositor",
        "compositorWindow", "quality", "captions", "markers", "startTimecode", "duration",
      ])
    #expect(Mirror(reflecting: video).displayStyle == .struct)
    #expect((children.first { $0.label == "clips" }?.value as? [any Clip])?.count == 1)
    // An absent field reflects as `Optional.none`, as a stored optional does.
    let crop = children.first { $0.label == "crop" }?.value
    #expect(Mirror(reflecting: crop as Any).displayStyle == .optional)
  }
}
