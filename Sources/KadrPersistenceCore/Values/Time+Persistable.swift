import Foundation
import KadrModel

extension Time: PersistableValue {
  /// The keys, spelled once in the model's `Codable` conformance.
  @usableFromInline
  typealias Key = CodingKeys

  /// Writes `{"timescale", "value"}`; refuses an invalid time.
  public func encodePersisted(to encoder: ValueEncoder) throws -> WrittenJSON? {
    guard isValid else {
      throw PersistenceError(
        .invalidValue("The \(encoder.pointer.lastKey ?? "time") is an invalid time"),
        at: encoder.pointer)
    }
    if let written = encoder.integers((Key.timescale, Int64(timescale)), (Key.value, value)) {
      return written
    }
    var object = encoder.keyed(by: Key.self)
    try object.encode(timescale, for: .timescale)
    try object.encode(value, for: .value)
    return object.finish()
  }

  /// Reads `{"timescale", "value"}`; refuses a timescale that is not positive or does not fit
  /// `Int32`.
  @inlinable
  public static func decodePersisted(from decoder: ValueDecoder) throws -> Time {
    if let time = onTape(decoder.tape, at: decoder.index) { return time }
    let object = try decoder.keyed(by: Key.self)
    let timescale = try object.decode(Int32.self, for: .timescale)
    guard timescale > 0 else {
      throw object.error(
        .integerOutOfRange("timescale", range: "a positive 32-bit integer"), for: .timescale)
    }
    return Time(value: try object.decode(Int64.self, for: .value), timescale: timescale)
  }

  /// The time at `index` on `tape`, read with no decoder when it is well formed and its shape
  /// was checked before (see ``ValueDecoder/integers(_:_:)``); `nil` otherwise.
  @inlinable
  static func onTape(_ tape: JSONTapeView, at index: Int) -> Time? {
    guard let (timescale, value) = tape.integers(ofObjectAt: index, Key.timescale, Key.value),
      let timescale = Int32(exactly: timescale), timescale > 0
    else { return nil }
    return Time(value: value, timescale: timescale)
  }
}

extension TimeRange: PersistableValue {
  /// The keys, spelled once in the model's `Codable` conformance.
  @usableFromInline
  typealias Key = CodingKeys

  /// Writes `{"duration", "start"}`.
  public func encodePersisted(to encoder: ValueEncoder) throws -> WrittenJSON? {
    var object = encoder.keyed(by: Key.self)
    try object.encode(duration, for: .duration)
    try object.encode(start, for: .start)
    return object.finish()
  }

  /// Reads `{"duration", "start"}`.
  @inlinable
  public static func decodePersisted(from decoder: ValueDecoder) throws
    -> TimeRange
  {
    // Figure: a range (1,600 in an open of 1,000 clips) read with no keyed decoder when its
    // times are well formed and their shapes were checked before: 9.4 M instructions for the
    // ranges of 20 opens through a keyed decoder, 7.5 M so.
    let tape = decoder.tape
    if let (startWord, durationWord) = tape.memberWords(
      ofObjectAt: decoder.index, Key.start, Key.duration),
      let start = Time.onTape(tape, at: startWord),
      let duration = Time.onTape(tape, at: durationWord)
    {
      return TimeRange(start: start, duration: duration)
    }
    let object = try decoder.keyed(by: Key.self)
    return TimeRange(
      start: try object.decode(Time.self, for: .start),
      duration: try object.decode(Time.self, for: .duration))
  }
}

// The model's `Codable` keys serve the codec too: one spelling of each member.
extension Time.CodingKeys: PayloadKey {}
extension TimeRange.CodingKeys: PayloadKey {}
