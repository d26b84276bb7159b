import Foundation

/// What went wrong while building or exporting a composition, as kadr reports it.
///
/// Each case carries what was wrong; ``errorDescription`` says it in a sentence,
/// ``failureReason`` adds the detail where the case has one (a LUT's parser message), and
/// ``recoverySuggestion`` says how to fix it where there is something to fix (not for
/// ``cancelled``, ``exportFailed(underlying:)`` or ``notYetImplemented(_:)``, as in kadr).
///
/// A URL is named by its file name alone (`clip-04.mov`), never by its whole path: these texts
/// end up in alerts, where a sandbox path is noise to the user and shows the device's layout.
/// The case's URL keeps the whole location for the developer.
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
  /// A transition is misplaced or too long; the text is a sentence saying which rule it breaks,
  /// and is the error's description as it is.
  case invalidTransition(String)
  /// A speed is outside 0.25…4.
  case invalidSpeed(Double)
  /// A ducking level is outside 0…1.
  case invalidDuckingLevel(Double)
  /// A LUT file could not be used; `reason` says why (the parser's message).
  case invalidLUT(URL, reason: String)

  /// What went wrong, in one sentence.
  public var errorDescription: String? {
    switch self {
    case .invalidURL(let url):
      return "The file '\(url.nameForMessages)' is not a readable media file."
    case .unsupportedFormat(let description):
      return "The media format is not supported: \(description.endingAsSentence)"
    case .noClipsProvided:
      return "The composition has no clips, so there is nothing to export."
    case .exportFailed(let underlying):
      return "The export failed: \(underlying.localizedDescription.endingAsSentence)"
    case .cancelled:
      return "The export was cancelled."
    case .notYetImplemented(let feature):
      return "\(feature) is not implemented yet."
    case .invalidTransition(let sentence):
      return sentence
    case .invalidSpeed(let speed):
      return "The speed \(speed) is outside the supported range 0.25…4."
    case .invalidDuckingLevel(let level):
      return "The ducking level \(level) is outside the range 0…1."
    case .invalidLUT(let url, let reason):
      return "The LUT file '\(url.nameForMessages)' cannot be used: \(reason.endingAsSentence)"
    }
  }

  /// Why it went wrong: the parser's reason for ``invalidLUT(_:reason:)``, `nil` otherwise.
  public var failureReason: String? {
    switch self {
    case .invalidLUT(_, let reason): reason
    default: nil
    }
  }

  /// How to fix it; `nil` when there is nothing the user can fix (``cancelled``,
  /// ``exportFailed(underlying:)``, ``notYetImplemented(_:)``).
  public var recoverySuggestion: String? {
    switch self {
    case .invalidURL:
      return "Check that the file exists and that the app may read it."
    case .unsupportedFormat:
      return "Convert the file to a common format (H.264 or HEVC video, AAC audio, PNG or JPEG)."
    case .noClipsProvided:
      return "Add at least one clip to the Video block before exporting."
    case .exportFailed, .cancelled, .notYetImplemented:
      return nil
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

extension KadrError: CustomStringConvertible {
  /// The error's sentence (its `errorDescription`), so that `print(error)` and string
  /// interpolation show what happened rather than the case's name.
  public var description: String { errorDescription ?? String(reflecting: Self.self) }
}
