#if canImport(CoreMedia)
  import CoreMedia
  import KadrModel
  import Testing

  /// `Time` and `TimeRange` meet CoreMedia's types exactly, where CoreMedia exists (Apple
  /// platforms; the Apple CI workflow runs these).
  @Suite("CoreMedia bridges")
  struct CoreMediaBridgeTests {
    @Test(arguments: [(1, 30), (-7, 600), (0, 1), (Int64.max, 1), (1, Int32.max)])
    func aTimeIsTheSameCMTime(value: Int64, timescale: Int32) {
      let time = Time(value: value, timescale: timescale)
      let cmTime = time.cmTime
      #expect(cmTime.value == value && cmTime.timescale == timescale && cmTime.isNumeric)
      #expect(Time(cmTime) == time)
      #expect(Time(cmTime).value == value && Time(cmTime).timescale == timescale)
    }

    @Test func timesCMTimeCannotHoldAreInvalid() {
      #expect(Time(CMTime.invalid) == .invalid)
      #expect(Time(CMTime.indefinite) == .invalid)
      #expect(Time(CMTime.positiveInfinity) == .invalid)
      #expect(Time(CMTime.negativeInfinity) == .invalid)
      #expect(Time.invalid.cmTime.isValid == false)
    }

    @Test func aRangeIsTheSameCMTimeRange() {
      let range = TimeRange(
        start: Time(value: 20, timescale: 600), duration: Time(value: 3, timescale: 30))
      let cmRange = range.cmTimeRange
      #expect(cmRange.start == CMTime(value: 20, timescale: 600))
      #expect(cmRange.duration == CMTime(value: 3, timescale: 30))
      #expect(TimeRange(cmRange) == range)
    }
  }
#endif
