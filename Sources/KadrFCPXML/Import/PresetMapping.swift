import Foundation
import KadrModel

/// The preset of a sequence's `format`: kadr's named preset of that size and rate when there
/// is one (`auto`, `square`, `cinema`), else a custom one with the exact rate: `1001/30000s`
/// frames are `FrameRate.ntsc30` (`ntsc30DropFrame` when the sequence's `tcFormat` is `DF`),
/// never a rounded 30.
enum PresetMapping {
  static func preset(
    format: XMLTree?, sequence: XMLTree?, reader: inout StoryReader, path: String
  ) -> Preset {
    guard let format, let width = format["width"].flatMap(Int.init),
      let height = format["height"].flatMap(Int.init), width > 0, height > 0,
      let frame = format["frameDuration"].flatMap(FCPXMLTime.parse), frame.value > 0
    else {
      reader.note(
        .frameRate, path,
        "The sequence's format gives no size or rate (\(format?["name"] ?? "none")); the "
          + "preset is kadr's default.")
      return .auto
    }
    // Frames per second = timescale / value, in lowest terms.
    var (a, b) = (UInt64(frame.timescale), frame.value.magnitude)
    while b != 0 { (a, b) = (b, a % b) }
    let numerator = Int64(frame.timescale) / Int64(a)
    let denominator = frame.value / Int64(a)
    let wantsDropFrame = sequence?["tcFormat"] == "DF"
    if denominator == 1 {
      if wantsDropFrame {
        reader.note(
          .frameRate, path,
          "The sequence counts its timecode in drop frame at \(numerator) fps, which only 29.97 "
            + "and 59.94 fps do; kadr counts it without dropping frames.")
      }
      let rate = Int(numerator)
      switch (width, height, rate) {
      case (1080, 1920, 30): return .auto
      case (1080, 1080, 30): return .square
      case (1920, 1080, 24): return .cinema
      default: return .custom(width: width, height: height, frameRate: rate, codec: .h264)
      }
    }
    let dropFrame =
      wantsDropFrame
      && FrameRate.rational(
        numerator: Int(numerator), denominator: Int(denominator), dropFrame: true
      ).isValid
    let rate = FrameRate.rational(
      numerator: Int(numerator), denominator: Int(denominator), dropFrame: dropFrame)
    guard rate.isValid else {
      // Only a frame duration past Int32 in lowest terms gets here.
      let exact = Double(frame.timescale) / Double(frame.value)
      let rounded = max(1, Int(exact.rounded()))
      reader.note(
        .frameRate, path,
        "The sequence runs at \(String(format: "%.3f", exact)) fps, a rate kadr cannot hold "
          + "exactly; the preset says \(rounded) fps, clip times stay exact.")
      return .custom(width: width, height: height, frameRate: rounded, codec: .h264)
    }
    if wantsDropFrame && !dropFrame {
      reader.note(
        .frameRate, path,
        "The sequence counts its timecode in drop frame at \(numerator)/\(denominator) fps, "
          + "which only 29.97 and 59.94 fps do; kadr counts it without dropping frames.")
    }
    return .custom(width: width, height: height, rate: rate, codec: .h264)
  }

  /// The sequence's start timecode (`tcStart`) at the preset's rate, or `nil` at zero. A start
  /// between frames is moved to the frame it falls in, and reported.
  static func startTimecode(
    _ sequence: XMLTree?, preset: Preset, reader: inout StoryReader, path: String
  ) throws(FCPXMLError) -> SMPTETimecode? {
    guard let sequence, let start = try reader.time(sequence, "tcStart", path: path),
      start != .zero
    else { return nil }
    guard let timecode = try? SMPTETimecode(time: start, rate: preset.rate) else {
      reader.note(
        .startTimecode, path,
        "The sequence's start timecode (\(sequence["tcStart"] ?? "")) cannot be counted in "
          + "frames of \(preset.rate); the timeline starts at 00:00:00:00.")
      return nil
    }
    if timecode.time != start {
      reader.note(
        .startTimecode, path,
        "The sequence starts between two frames (\(sequence["tcStart"] ?? "")); its start "
          + "timecode is the frame it falls in, \(timecode).")
    }
    return timecode
  }
}
