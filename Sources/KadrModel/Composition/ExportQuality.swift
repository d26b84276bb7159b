import Foundation

/// How hard an export compresses: the encoder's default, an average bitrate, or a target size.
public enum ExportQuality: Sendable, Hashable {
  /// The encoder's default settings.
  case automatic
  /// An average video bitrate in bits per second.
  case bitrate(Int)
  /// A target total file size in bytes; see ``resolvedBitrate(forDuration:)``.
  case fileSize(bytes: Int)

  /// The audio bitrate, in bits per second, a target file size reserves for audio.
  public static let assumedAudioBitrate = 128_000

  /// The average video bitrate, in bits per second, this quality asks for over `duration`.
  ///
  /// `automatic` gives `nil`. `bitrate(b)` gives `b` when it is positive, else `nil`.
  /// `fileSize(n)` gives `nil` unless `n > 0` and `duration` is valid and positive; otherwise the
  /// video's share of the bits, `n × 8 − assumedAudioBitrate × seconds`, is spread over the
  /// seconds: `nil` if that share is not positive, else at least 1. For example 10 000 000 bytes
  /// over 10 s give 7 872 000. A result past `Int.max` is clamped to `Int.max` instead of trapping.
  /// - Parameter duration: The composition's duration.
  /// - Returns: The bitrate, or `nil` for the encoder's default.
  public func resolvedBitrate(forDuration duration: Time) -> Int? {
    switch self {
    case .automatic:
      return nil
    case .bitrate(let bitsPerSecond):
      return bitsPerSecond > 0 ? bitsPerSecond : nil
    case .fileSize(let bytes):
      let seconds = duration.seconds
      guard bytes > 0, seconds.isFinite, seconds > 0 else { return nil }
      let videoBits = Double(bytes) * 8 - Double(ExportQuality.assumedAudioBitrate) * seconds
      guard videoBits > 0 else { return nil }
      let perSecond = videoBits / seconds
      // Double(Int.max) rounds up to 2^63, which Int cannot hold.
      guard perSecond < Double(Int.max) else { return Int.max }
      return max(1, Int(perSecond))
    }
  }
}
