import Foundation

/// The one place that turns ``TimelineLayout/Issue`` values into sentences.
enum IssueDescriber {
  /// A sentence for `issue`: what is wrong, how to fix it, how the layout treated it.
  static func describe(_ issue: TimelineLayout.Issue) -> String {
    let subject = self.subject(issue)
    let noOverlap = "; it is laid out with no overlap."
    switch issue.kind {
    case .chainBeginsWithTransition:
      return "\(subject) begins a chain, so there is no clip to transition from. "
        + "Put a clip before it or remove it\(noOverlap)"
    case .chainEndsWithTransition:
      return "\(subject) ends a chain, so there is no clip to transition to. "
        + "Put a clip after it or remove it\(noOverlap)"
    case .adjacentTransitions(let previous):
      return "\(subject) directly follows the transition at \(location(previous)); "
        + "two transitions need a clip between them. Remove one of them; both are laid out "
        + "with no overlap."
    case .nonPositiveTransitionDuration(let duration):
      return "\(subject) lasts \(seconds(duration)), but a transition must last longer than "
        + "zero. Give it a positive duration\(noOverlap)"
    case .neighbourWithoutDuration(let neighbour, let path, let length):
      return "\(subject) needs \(side(neighbour)) (at \(location(path))) to have a known, "
        + "non-zero duration, but it lasts \(seconds(length)). Give that clip a duration "
        + "(trim an untrimmed video clip)\(noOverlap)"
    case .transitionLongerThanNeighbour(let neighbour, let path, let sideLength, let length):
      return "\(subject) lasts \(seconds(sideLength)) on each side, longer than "
        + "\(side(neighbour)) (at \(location(path))), which lasts \(seconds(length)). Shorten the "
        + "transition or lengthen that clip\(noOverlap)"
    case .invalidClipDuration(let duration):
      return "\(subject) has a duration of \(seconds(duration)), which is not a usable length. "
        + "Give it a duration of zero or more; it is laid out as zero long."
    case .invalidStartTime(let start):
      return "\(subject) starts at \(seconds(start)), which is not a usable composition time. "
        + "Give it a start time of zero or later; it is laid out from zero."
    case .timeOverflow:
      return "A position of \(lowercased(subject)) cannot be represented exactly: the time "
        + "arithmetic overflows. Use shorter times or timescales that share a common multiple; "
        + "its positions are invalid."
    case .naiveDurationOverflow:
      return "The plain sum of the top-level clip durations overflows, so the naive duration "
        + "is invalid. Use shorter times or timescales that share a common multiple."
    case .nestingTooDeep(let limit):
      return "\(subject) is nested more than \(limit) tracks deep. It counts with its full "
        + "length in the track around it, but its contents are not laid out or checked. "
        + "Flatten the nesting."
    }
  }

  /// "The transition at clips[1]", "The clip 'intro' at clips[0]", "The composition".
  private static func subject(_ issue: TimelineLayout.Issue) -> String {
    guard !issue.path.isEmpty else { return "The composition" }
    let noun: String
    switch issue.kind {
    case .chainBeginsWithTransition, .chainEndsWithTransition, .adjacentTransitions,
      .nonPositiveTransitionDuration, .neighbourWithoutDuration, .transitionLongerThanNeighbour:
      noun = "transition"
    case .nestingTooDeep:
      noun = "track"
    case .invalidClipDuration, .invalidStartTime, .timeOverflow, .naiveDurationOverflow:
      noun = "clip"
    }
    if let clipID = issue.clipID {
      return "The \(noun) '\(clipID.rawValue)' at \(location(issue.path))"
    }
    return "The \(noun) at \(location(issue.path))"
  }

  private static func lowercased(_ subject: String) -> String {
    subject.hasPrefix("The ") ? "the " + subject.dropFirst(4) : subject
  }

  /// "the clip before it" or "the clip after it".
  private static func side(_ neighbour: TimelineLayout.Issue.Neighbour) -> String {
    switch neighbour {
    case .outgoing: "the clip before it"
    case .incoming: "the clip after it"
    }
  }

  /// An index path as the nested arrays read: `clips[1].clips[0]`.
  static func location(_ path: [Int]) -> String {
    guard !path.isEmpty else { return "the top level" }
    return path.map { "clips[\($0)]" }.joined(separator: ".")
  }

  /// A time for people: "0.5 s", or "an invalid time".
  static func seconds(_ time: Time) -> String {
    time.isValid ? "\(time.seconds) s" : "an invalid time"
  }
}
