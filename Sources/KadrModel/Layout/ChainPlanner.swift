import Foundation

/// One piece of a chain as the planner sees it: a clip, a nested track of known length, or a
/// transition between its neighbours.
enum ChainPiece {
  /// A media clip (or any non-track, non-transition clip) with its declared duration.
  case clip(Time)
  /// A nested track, inserted as one piece whose length is its own laid-out length.
  case track(Time)
  /// A transition between the pieces around it.
  case transition(Transition)
}

/// Something wrong with a chain, located by chain positions (the builder turns positions into
/// index paths).
enum ChainProblem: Equatable {
  case beginsWithTransition
  case endsWithTransition
  case adjacentTransitions(previous: Int)
  case nonPositiveTransitionDuration(Time)
  case neighbourWithoutDuration(TimelineLayout.Issue.Neighbour, position: Int, length: Time)
  case transitionLongerThanNeighbour(
    TimelineLayout.Issue.Neighbour, position: Int, sideLength: Time, neighbourLength: Time)
  case invalidClipDuration(Time)
  case timeOverflow
}

/// The placement of one chain, relative to the chain's start (time zero).
struct ChainPlan {
  /// Where one piece lands, relative to the chain's start.
  struct Placement {
    /// Where the piece starts (for a transition: where its effect starts).
    var start: Time
    /// Where the piece ends (for a transition: where its effect ends).
    var end: Time
    /// For a transition, the span both neighbours share; `nil` for other pieces.
    var overlap: TimeRange?
  }

  /// One placement per input piece, in the same order.
  var placements: [Placement]
  /// The problems found, each at the chain position of the piece it is about.
  var problems: [(position: Int, problem: ChainProblem)]
  /// The chain's length: the latest end among its pieces (zero for an empty chain), or
  /// ``Time/invalid`` when a position could not be represented.
  var length: Time
}

/// Validates and places one chain as MODEL.md section 12.3 describes.
///
/// Validation follows kadr's engine (a chain may not begin or end with a transition, no two
/// transitions are adjacent, a transition lasts longer than zero, both neighbours have a known
/// non-zero length that holds the per-side length), but reports problems instead of throwing. A
/// transition that fails any rule is laid out with no overlap, as a zero-length mark where the
/// cursor stands, so the rest of the chain still has sensible positions.
enum ChainPlanner {
  /// Places `pieces` from time zero.
  ///
  /// - Parameter pieces: The chain, in order.
  /// - Returns: The relative placement, the problems found and the chain's length.
  static func plan(_ pieces: [ChainPiece]) -> ChainPlan {
    var problems: [(position: Int, problem: ChainProblem)] = []
    let accepted = validateTransitions(pieces, problems: &problems)
    var placements: [ChainPlan.Placement] = []
    placements.reserveCapacity(pieces.count)
    var arithmetic = OverflowWatch()
    var cursor = Time.zero
    var lastEnd = Time.zero
    for (position, piece) in pieces.enumerated() {
      arithmetic.position = position
      switch piece {
      case .transition(let transition):
        if accepted[position] {
          placements.append(place(transition, boundary: lastEnd, arithmetic: &arithmetic))
        } else {
          placements.append(
            .init(start: cursor, end: cursor, overlap: TimeRange(start: cursor, duration: .zero)))
        }
      case .clip(let declared):
        var length = declared
        if !declared.isValid || declared < .zero {
          problems.append((position, .invalidClipDuration(declared)))
          length = .zero
        }
        let end = arithmetic.add(cursor, length)
        placements.append(.init(start: cursor, end: end, overlap: nil))
        lastEnd = end
        cursor = arithmetic.subtract(end, outgoingOverlap(after: position, pieces, accepted))
      case .track(let length):
        let end = arithmetic.add(cursor, length)
        placements.append(.init(start: cursor, end: end, overlap: nil))
        lastEnd = end
        cursor = arithmetic.subtract(end, outgoingOverlap(after: position, pieces, accepted))
      }
    }
    if let overflow = arithmetic.firstOverflow { problems.append((overflow, .timeOverflow)) }
    problems.sort { $0.position < $1.position }
    return ChainPlan(
      placements: placements, problems: problems, length: latestEnd(of: placements))
  }

  /// The placement of an accepted transition whose outgoing clip ends at `boundary`.
  private static func place(
    _ transition: Transition, boundary: Time, arithmetic: inout OverflowWatch
  ) -> ChainPlan.Placement {
    let overlapStart = arithmetic.subtract(boundary, transition.overlap)
    let overlap = TimeRange(start: overlapStart, end: boundary)
    switch transition {
    case .fade:
      let side = transition.perSideLength
      return .init(
        start: arithmetic.subtract(boundary, side), end: arithmetic.add(boundary, side),
        overlap: overlap)
    case .dissolve, .slide:
      return .init(start: overlapStart, end: boundary, overlap: overlap)
    }
  }

  /// The overlap the accepted transition right after `position` imposes, or zero.
  private static func outgoingOverlap(
    after position: Int, _ pieces: [ChainPiece], _ accepted: [Bool]
  ) -> Time {
    let next = position + 1
    guard next < pieces.count, accepted[next], case .transition(let transition) = pieces[next]
    else { return .zero }
    return transition.overlap
  }

  /// The latest end among `placements`, zero when there are none, or ``Time/invalid`` when any
  /// end is invalid.
  static func latestEnd(of placements: [ChainPlan.Placement]) -> Time {
    var latest = Time.zero
    for placement in placements {
      guard placement.end.isValid else { return .invalid }
      latest = Time.max(latest, placement.end)
    }
    return latest
  }

  /// Checks every transition; returns, per position, whether the transition is accepted
  /// (always `false` for other pieces).
  private static func validateTransitions(
    _ pieces: [ChainPiece], problems: inout [(position: Int, problem: ChainProblem)]
  ) -> [Bool] {
    var accepted = [Bool](repeating: false, count: pieces.count)
    for (position, piece) in pieces.enumerated() {
      guard case .transition(let transition) = piece else { continue }
      var found: [ChainProblem] = []
      checkNeighbours(of: position, in: pieces, into: &found)
      if found.isEmpty, !isTransitionRightAfter(position, in: pieces) {
        checkLengths(of: transition, at: position, in: pieces, into: &found)
      }
      accepted[position] = found.isEmpty && !isTransitionRightAfter(position, in: pieces)
      problems.append(contentsOf: found.map { (position, $0) })
    }
    return accepted
  }

  /// Whether the piece after `position` is a transition (the later one reports the pair).
  private static func isTransitionRightAfter(_ position: Int, in pieces: [ChainPiece]) -> Bool {
    guard position + 1 < pieces.count, case .transition = pieces[position + 1] else {
      return false
    }
    return true
  }

  /// The structural rules: something before, something after, no transition just before.
  private static func checkNeighbours(
    of position: Int, in pieces: [ChainPiece], into found: inout [ChainProblem]
  ) {
    if position == 0 {
      found.append(.beginsWithTransition)
    } else if case .transition = pieces[position - 1] {
      found.append(.adjacentTransitions(previous: position - 1))
    }
    if position + 1 >= pieces.count { found.append(.endsWithTransition) }
  }

  /// The length rules: a positive duration whose per-side length fits both neighbours.
  private static func checkLengths(
    of transition: Transition, at position: Int, in pieces: [ChainPiece],
    into found: inout [ChainProblem]
  ) {
    let duration = transition.duration
    guard duration.isValid, duration > .zero else {
      found.append(.nonPositiveTransitionDuration(duration))
      return
    }
    let side = transition.perSideLength
    guard side.isValid else {
      found.append(.timeOverflow)
      return
    }
    let neighbours: [(TimelineLayout.Issue.Neighbour, Int)] = [
      (.outgoing, position - 1), (.incoming, position + 1),
    ]
    for (neighbour, index) in neighbours {
      let length = pieceLength(pieces[index])
      if !length.isValid || length <= .zero {
        found.append(.neighbourWithoutDuration(neighbour, position: index, length: length))
      } else if side > length {
        found.append(
          .transitionLongerThanNeighbour(
            neighbour, position: index, sideLength: side, neighbourLength: length))
      }
    }
  }

  /// The declared length of a non-transition piece (zero for a transition).
  private static func pieceLength(_ piece: ChainPiece) -> Time {
    switch piece {
    case .clip(let length), .track(let length): length
    case .transition: .zero
    }
  }
}

/// Exact time arithmetic that remembers where a result first stopped being representable.
///
/// Only a fresh overflow counts (valid operands, invalid result): an invalid value carried
/// along from an earlier overflow is not reported again.
struct OverflowWatch {
  /// The position the next operations are about.
  var position = 0
  /// The position of the first fresh overflow, if any.
  private(set) var firstOverflow: Int?

  /// `a + b`, noting a fresh overflow.
  mutating func add(_ a: Time, _ b: Time) -> Time { note(a, b, a + b) }

  /// `a - b`, noting a fresh overflow.
  mutating func subtract(_ a: Time, _ b: Time) -> Time { note(a, b, a - b) }

  private mutating func note(_ a: Time, _ b: Time, _ result: Time) -> Time {
    if !result.isValid, a.isValid, b.isValid, firstOverflow == nil { firstOverflow = position }
    return result
  }
}
