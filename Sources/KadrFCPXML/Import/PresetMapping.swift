import Foundation
import KadrModel

/// The preset of a sequence's `format`: kadr's named preset of that size and rate when there
/// is one (`auto`, `square`, `cinema`), else a custom one; a rate that is not a whole number of
/// frames per second (29.97) is rounded, and reported.
enum PresetMapping {
  static func preset(format: XMLTree?, reader: inout StoryReader, path: String) -> Preset {
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
    let exact = Double(frame.timescale) / Double(frame.value)
    let rate = max(1, Int(exact.rounded()))
    if Int64(frame.timescale) % frame.value != 0 {
      reader.note(
        .frameRate, path,
        "The sequence runs at \(String(format: "%.3f", exact)) fps; the preset says \(rate) fps, "
          + "clip times stay exact.")
    }
    switch (width, height, rate) {
    case (1080, 1920, 30): return .auto
    case (1080, 1080, 30): return .square
    case (1920, 1080, 24): return .cinema
    default: return .custom(width: width, height: height, frameRate: rate, codec: .h264)
    }
  }
}
