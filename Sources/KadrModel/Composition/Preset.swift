import Foundation

/// The video codec an export encodes with.
public enum Codec: String, Sendable, Hashable, CaseIterable {
  /// H.264 / AVC.
  case h264
  /// H.265 / HEVC.
  case hevc
}

/// The export format of a composition: resolution, frame rate and codec.
public enum Preset: Sendable, Hashable {
  /// 1080 × 1920 portrait at 30 fps, H.264 (the default).
  case auto
  /// 1080 × 1920 portrait at 30 fps, HEVC.
  case reelsAndShorts
  /// 1080 × 1920 portrait at 30 fps, H.264.
  case tiktok
  /// 1080 × 1080 at 30 fps, H.264.
  case square
  /// 1920 × 1080 landscape at 24 fps, H.264.
  case cinema
  /// A resolution, frame rate and codec of your own, kept as given (not validated here).
  case custom(width: Int, height: Int, frameRate: Int, codec: Codec)
  /// A resolution and codec of your own at an exact frame rate that a whole number cannot say:
  /// an NTSC rate such as 29.97 (`30000/1001`), or one whose timecode counts in drop frame.
  ///
  /// Make one with ``custom(width:height:rate:codec:)``, which picks
  /// ``custom(width:height:frameRate:codec:)`` for a whole rate, so each rate has one spelling.
  case customRate(width: Int, height: Int, frameRate: FrameRate, codec: Codec)

  /// The render size in pixels.
  public var resolution: CGSize {
    switch self {
    case .auto, .reelsAndShorts, .tiktok: CGSize(width: 1080, height: 1920)
    case .square: CGSize(width: 1080, height: 1080)
    case .cinema: CGSize(width: 1920, height: 1080)
    case .custom(let width, let height, _, _): CGSize(width: width, height: height)
    case .customRate(let width, let height, _, _): CGSize(width: width, height: height)
    }
  }

  /// The frame rate in whole frames per second; an exact rate such as 29.97 gives the whole
  /// number its timecode counts in (30). ``rate`` has the exact rate.
  public var frameRate: Int {
    switch self {
    case .auto, .reelsAndShorts, .tiktok, .square: 30
    case .cinema: 24
    case .custom(_, _, let frameRate, _): frameRate
    case .customRate(_, _, let rate, _): rate.fps
    }
  }

  /// The exact frame rate, with whether its timecode counts in drop frame.
  public var rate: FrameRate {
    switch self {
    case .auto, .reelsAndShorts, .tiktok, .square: .fps30
    case .cinema: .fps24
    case .custom(_, _, let frameRate, _): .custom(frameRate)
    case .customRate(_, _, let rate, _): rate
    }
  }

  /// A resolution, exact frame rate and codec of your own.
  ///
  /// ```swift
  /// let broadcast = Preset.custom(width: 1920, height: 1080, rate: .ntsc30DropFrame, codec: .h264)
  /// ```
  ///
  /// - Parameters:
  ///   - width: The width in pixels.
  ///   - height: The height in pixels.
  ///   - rate: The frame rate; a whole rate not counted in drop frame gives
  ///     ``custom(width:height:frameRate:codec:)``, any other ``customRate(width:height:frameRate:codec:)``.
  ///   - codec: The codec an export encodes with.
  /// - Returns: The preset.
  public static func custom(width: Int, height: Int, rate: FrameRate, codec: Codec) -> Preset {
    let (numerator, denominator) = rate.exactRate
    if denominator == 1, !rate.isDropFrame {
      return .custom(width: width, height: height, frameRate: numerator, codec: codec)
    }
    return .customRate(width: width, height: height, frameRate: rate, codec: codec)
  }

  /// The codec an export encodes with.
  ///
  /// Public here (kadr keeps it internal) because the persistence layer needs it.
  public var codec: Codec {
    switch self {
    case .reelsAndShorts: .hevc
    case .auto, .tiktok, .square, .cinema: .h264
    case .custom(_, _, _, let codec), .customRate(_, _, _, let codec): codec
    }
  }
}
