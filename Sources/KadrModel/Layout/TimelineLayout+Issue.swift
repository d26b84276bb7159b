import Foundation

extension TimelineLayout {
  /// Something that made the layout depart from what the clips ask for: reported as a value,
  /// never thrown, so that a document with a bad transition still opens and shows its timeline.
  ///
  /// The transition rules are kadr's engine rules (MODEL.md section 12.3), where breaking one makes
  /// an export throw `KadrError.invalidTransition`. ``description`` renders the issue as a
  /// sentence saying what is wrong, how to fix it and how the layout treated it.
  public struct Issue: Sendable, Hashable, CustomStringConvertible {
    /// A transition's neighbour.
    public enum Neighbour: Sendable, Hashable {
      /// The clip before the transition, which it transitions from.
      case outgoing
      /// The clip after the transition, which it transitions to.
      case incoming
    }

    /// What is wrong.
    public enum Kind: Sendable, Hashable {
      /// A chain's first piece is a transition: there is nothing to transition from.
      case chainBeginsWithTransition
      /// A chain's last piece is a transition: there is nothing to transition to.
      case chainEndsWithTransition
      /// The transition directly follows another one (at `previous`); reported on the later
      /// transition only, and both are laid out with no overlap.
      case adjacentTransitions(previous: [Int])
      /// The transition lasts zero, less, or an invalid time.
      case nonPositiveTransitionDuration(Time)
      /// A neighbour of the transition (at `path`) lasts zero, less or an invalid time (as an
      /// untrimmed video clip does).
      case neighbourWithoutDuration(Neighbour, path: [Int], length: Time)
      /// The transition's per-side length (its duration; half of it for a fade) is longer than
      /// the neighbour at `path`.
      case transitionLongerThanNeighbour(
        Neighbour, path: [Int], sideLength: Time, neighbourLength: Time)
      /// A clip's duration is negative or invalid; the clip is laid out as zero long.
      case invalidClipDuration(Time)
      /// A top-level clip's or track's start time is negative or invalid; it is laid out from
      /// zero.
      case invalidStartTime(Time)
      /// A position of the clip cannot be represented exactly (the arithmetic overflows); it
      /// and the positions computed from it are ``Time/invalid``.
      case timeOverflow
      /// The plain sum of the top-level durations overflows; ``TimelineLayout/naiveDuration`` is
      /// ``Time/invalid``.
      case naiveDurationOverflow
      /// The track is nested deeper than `limit` levels; it counts with its full length in its
      /// parent, but gets no layer and its contents are not checked.
      case nestingTooDeep(limit: Int)
    }

    /// What is wrong.
    public let kind: Kind
    /// Index path of the clip the issue is about (`[]` for the composition as a whole).
    public let path: [Int]
    /// The identity of the clip the issue is about, if it has one.
    public let clipID: ClipID?

    /// Creates an issue from all of its stored properties, as a decoder does.
    ///
    /// - Parameters:
    ///   - kind: What is wrong.
    ///   - path: Index path of the clip concerned.
    ///   - clipID: That clip's identity.
    public init(kind: Kind, path: [Int], clipID: ClipID? = nil) {
      self.kind = kind
      self.path = path
      self.clipID = clipID
    }

    /// The issue as a sentence: what is wrong, how to fix it, and what the layout did instead.
    public var description: String { IssueDescriber.describe(self) }
  }
}
