import Foundation

/// Ready-made media for previews, tests and demos: colour bars as real PNG images.
///
/// kadr's movie files (`movieFileURL`) are not provided: this package renders nothing.
public enum SampleMedia {
  /// The colour-bar colours, in order.
  public static let barColors: [PlatformColor] = [
    PlatformColor(red: 0.75, green: 0.75, blue: 0.75),
    PlatformColor(red: 0.75, green: 0.75, blue: 0),
    PlatformColor(red: 0, green: 0.75, blue: 0.75), PlatformColor(red: 0, green: 0.75, blue: 0),
    PlatformColor(red: 0.75, green: 0, blue: 0.75), PlatformColor(red: 0.75, green: 0, blue: 0),
    PlatformColor(red: 0, green: 0, blue: 0.75),
  ]

  /// A composition of four equal image clips, one per colour bar.
  ///
  /// - Parameters:
  ///   - seconds: The total length; each clip lasts a quarter of it. A non-finite or negative
  ///     value gives clips of zero length.
  ///   - preset: The composition's preset.
  public static func video(seconds: Double = 4, preset: Preset = .auto) -> Video {
    let each = seconds.isFinite && seconds > 0 ? seconds / 4 : 0
    let clips: [any Clip] = (0..<4).map { index in
      ImageClip(image(index: index, size: CGSize(width: 16, height: 16)), duration: each)
    }
    return Video { clips }.preset(preset)
  }

  /// A solid image in the colour of bar `index` (wrapping around).
  ///
  /// - Parameters:
  ///   - index: Which bar.
  ///   - size: The pixel size; clamped as ``PlatformImage/solidColor(_:width:height:)`` does.
  public static func image(index: Int = 0, size: CGSize = CGSize(width: 1080, height: 1920))
    -> PlatformImage
  {
    let count = barColors.count
    let color = barColors[((index % count) + count) % count]
    let width = size.width.isFinite ? Int(max(1, min(Double(size.width), 4096))) : 1
    let height = size.height.isFinite ? Int(max(1, min(Double(size.height), 4096))) : 1
    return PlatformImage.solidColor(color, width: width, height: height)
  }
}
