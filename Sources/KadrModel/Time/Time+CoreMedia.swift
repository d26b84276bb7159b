#if canImport(CoreMedia)
  import CoreMedia

  extension Time {
    /// The time of a `CMTime`, exactly: the same value and timescale.
    ///
    /// A `CMTime` that is not numeric (invalid, indefinite, or positive or negative infinity)
    /// gives ``invalid``: `Time` has no infinities.
    /// - Parameter time: A CoreMedia time.
    public init(_ time: CMTime) {
      self = time.isNumeric ? Time(value: time.value, timescale: time.timescale) : .invalid
    }

    /// The same time as a `CMTime` (`CMTime.invalid` for ``invalid``), for kadr and AVFoundation.
    public var cmTime: CMTime {
      isValid ? CMTime(value: value, timescale: timescale) : .invalid
    }
  }

  extension TimeRange {
    /// The range of a `CMTimeRange`, exactly; a start or duration that is not numeric gives an
    /// invalid ``Time`` there.
    /// - Parameter range: A CoreMedia time range.
    public init(_ range: CMTimeRange) {
      self.init(start: Time(range.start), duration: Time(range.duration))
    }

    /// The same range as a `CMTimeRange`, for kadr and AVFoundation.
    public var cmTimeRange: CMTimeRange {
      CMTimeRange(start: start.cmTime, duration: duration.cmTime)
    }
  }
#endif
