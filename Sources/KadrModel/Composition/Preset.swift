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

  /// The render size in pixels.
  public var resolution: CGSize {
    switch self {
    case .auto, .reelsAndShorts, .tiktok: CGSize(width: 1080, height: 1920)
    case .square: CGSize(width: 1080, height: 1080)
    case .cinema: CGSize(width: 1920, height: 1080)
    case .custom(let width, let height, _, _): CGSize(width: width, height: height)
    }
  }

  /// The frame rate in frames per second.
  public var frameRate: Int {
    switch self {
    case .auto, .reelsAndShorts, .tiktok, .square: 30
    case .cinema: 24
    case .custom(_, _, let frameRate, _): frameRate
    }
  }

  /// The codec an export encodes with.
  ///
  /// Public here (kadr keeps it internal) because the persistence layer needs it.
  public var codec: Codec {
    switch self {
    case .reelsAndShorts: .hevc
    case .auto, .tiktok, .square, .cinema: .h264
    case .custom(_, _, _, let codec): codec
    }
  }
}
