import Foundation

/// What went wrong while building or exporting a composition, as kadr reports it.
///
/// Each case carries what was wrong; ``errorDescription`` says it in a sentence and
/// ``recoverySuggestion`` says how to fix it.
public enum KadrError: Error, Sendable, LocalizedError {
  /// A URL points nowhere usable (not a file, or not readable).
  case invalidURL(URL)
  /// A media file's format is not supported; the text describes it.
  case unsupportedFormat(String)
  /// The composition has no clips to export.
  case noClipsProvided
  /// The export failed because of `underlying`.
  case exportFailed(underlying: any Error)
  /// The export was cancelled.
  case cancelled
  /// A feature is not implemented yet; the text names it.
  case notYetImplemented(String)
  /// A transition is misplaced or too long; the text says which rule it breaks.
  case invalidTransition(String)
  /// A speed is outside 0.25…4.
  case invalidSpeed(Double)
  /// A ducking level is outside 0…1.
  case invalidDuckingLevel(Double)
  /// A LUT file could not be used; `reason` says why.
  case invalidLUT(URL, reason: String)

  /// What went wrong, in one sentence.
  public var errorDescription: String? {
    switch self {
    case .invalidURL(let url):
      return "The URL \(url.absoluteString) does not point to a readable media file."
    case .unsupportedFormat(let description):
      return "The media format is not supported: \(description)."
    case .noClipsProvided:
      return "The composition has no clips, so there is nothing to export."
    case .exportFailed(let underlying):
      return "The export failed: \(underlying.localizedDescription)"
    case .cancelled:
      return "The export was cancelled."
    case .notYetImplemented(let feature):
      return "\(feature) is not implemented yet."
    case .invalidTransition(let reason):
      return "A transition cannot be used here: \(reason)."
    case .invalidSpeed(let speed):
      return "The speed \(speed) is outside the supported range 0.25…4."
    case .invalidDuckingLevel(let level):
      return "The ducking level \(level) is outside the range 0…1."
    case .invalidLUT(let url, let reason):
      return "The LUT file \(url.absoluteString) cannot be used: \(reason)."
    }
  }

  /// How to fix it.
  public var recoverySuggestion: String? {
    switch self {
    case .invalidURL:
      return "Check that the file exists at that path and that the app may read it."
    case .unsupportedFormat:
      return "Convert the file to a common format (H.264 or HEVC video, AAC audio, PNG or JPEG)."
    case .noClipsProvided:
      return "Add at least one clip to the Video block before exporting."
    case .exportFailed:
      return "Check that the output location is writable and has free space, then export again."
    case .cancelled:
      return "Export again if the result is still wanted."
    case .notYetImplemented:
      return "Use another feature for now, or update to a version that implements this one."
    case .invalidTransition:
      return "Put each transition between two clips that have known, non-zero durations, "
        + "give it a positive duration that fits in both, and never place two in a row."
    case .invalidSpeed:
      return "Use a speed from 0.25 (four times slower) to 4 (four times faster)."
    case .invalidDuckingLevel:
      return "Use a ducking level from 0 (silent under clip audio) to 1 (no ducking)."
    case .invalidLUT:
      return "Use a 3D .cube file with a LUT_3D_SIZE line and SIZE³ rows of three numbers."
    }
  }
}
