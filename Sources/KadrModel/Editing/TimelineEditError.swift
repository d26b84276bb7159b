import Foundation

/// Why an edit of a composition could not be made: the clip, overlay or place it names is not
/// there, or is not of the kind the edit expects.
///
/// An edit that throws changes nothing: the composition it was called on is a value and stays as
/// it was. Match a reason with ``code`` (`error.code == .clipNotFound`); new codes may be added
/// in later versions, so a `switch` over them needs a `default`.
public struct TimelineEditError: Error, Sendable, Hashable, LocalizedError, CustomStringConvertible
{
  /// What kind of thing went wrong; a set that may grow.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private let name: String
    private init(_ name: String) { self.name = name }

    /// No clip of the timeline, at any depth, has the identity the edit names.
    public static let clipNotFound = Code("clipNotFound")
    /// No overlay has the identity the edit names.
    public static let overlayNotFound = Code("overlayNotFound")
    /// The place the edit names is outside the list it points into.
    public static let noSuchPlace = Code("noSuchPlace")
    /// A path goes through a clip that is not a ``Track``, so it holds no clips.
    public static let notATrack = Code("notATrack")
    /// The clip or overlay is of another kind than the edit asked for.
    public static let kindMismatch = Code("kindMismatch")

    /// The code's name, as in `clipNotFound`.
    public var description: String { name }
  }

  /// What kind of thing went wrong.
  public let code: Code
  /// The place or identity the edit named, as reports write it: `clip “intro”`,
  /// `clips[2].clips[0]`, `audioTracks[4]`.
  public let place: String
  /// What was found instead, where something was: the list's length, or the kind found.
  private let found: String?
  /// The kind the edit asked for, for ``Code/kindMismatch``.
  private let expected: String?

  init(_ code: Code, place: String, found: String? = nil, expected: String? = nil) {
    self.code = code
    self.place = place
    self.found = found
    self.expected = expected
  }

  /// What went wrong, in one sentence.
  public var errorDescription: String? {
    switch code {
    case .clipNotFound: "No clip of the composition is \(place)."
    case .overlayNotFound: "No overlay of the composition is \(place)."
    case .notATrack: "The clip at \(place) is not a track, so it holds no clips."
    case .kindMismatch:
      "The \(place) is a \(found ?? "clip of another kind"), not a \(expected ?? "")."
    default: "There is nothing at \(place) to edit."
    }
  }

  /// The detail: how long the list is, or which kind was found.
  public var failureReason: String? {
    switch code {
    case .noSuchPlace: found.map { "The list there holds \($0)." }
    case .notATrack: found.map { "It is a \($0)." }
    default: nil
    }
  }

  /// How to make the edit work.
  public var recoverySuggestion: String? {
    switch code {
    case .clipNotFound, .overlayNotFound:
      "It may have been removed, or given another identity, by an earlier edit: look it up "
        + "again in the composition you are editing before you change it."
    case .kindMismatch:
      "Update it as the kind it is, or replace it with a value of the kind you want."
    default:
      "Use a place inside the list; an insertion may also use the place just past its end."
    }
  }

  /// The error's sentence, so that `print(error)` shows what happened.
  public var description: String { errorDescription ?? "TimelineEditError(\(code))" }
}
