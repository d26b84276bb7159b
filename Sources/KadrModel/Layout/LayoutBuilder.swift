import Foundation

/// Computes a ``TimelineLayout`` without recursion, so that nesting of any depth is safe.
///
/// The work goes in passes over a flat list of *nodes* (the main chain and every track, each
/// parent before its children):
/// 1. list the nodes breadth-first;
/// 2. from the deepest node up, plan each chain relative to its own start (a nested track's
///    length is known by then) and sum the naive durations;
/// 3. from the top down, give each node its index path and composition start time;
/// 4. from the deepest node up, build the ``TimelineLayout/Layer`` values, each parent taking its
///    children's finished layers.
///
/// Nodes deeper than the depth limit take part in passes 1 and 2 only (their lengths count), so
/// index paths, which grow with depth, are only built for the levels that get layers.
struct LayoutBuilder {
  /// A chain to lay out: the main chain or one track.
  struct Node {
    /// The node of the enclosing track; `nil` for the main chain and top-level tracks.
    let parent: Int?
    /// The position of this track in its parent's chain (0 for top-level nodes).
    let positionInParent: Int
    /// The index of this track in the enclosing clip array (the top-level array for a top-level
    /// track); unused for the main chain.
    let clipIndex: Int
    /// 0 for the main chain, 1 for a top-level track, one more per level of nesting.
    let level: Int
    /// The clip array the chain indexes into.
    let clips: [any Clip]
    /// Indices into ``clips``, in chain order.
    let chain: [Int]
    /// The effective opacity factor.
    let factor: Double
    /// The track, or `nil` for the main chain.
    let track: Track?
    /// For each chain position, the node of the track nested there, if any.
    var childAt: [Int?]
  }

  let clips: [any Clip]
  let maximumTrackDepth: Int
  var nodes: [Node] = []
  var plans: [ChainPlan] = []
  var paths: [[Int]?] = []
  var starts: [Time] = []
  var issues: [(issue: TimelineLayout.Issue, order: Int)] = []
  /// The node of each top-level track, by top-level index.
  var trackNodes: [Int: Int] = [:]

  /// Prepares a builder for `clips`.
  ///
  /// - Parameters:
  ///   - clips: The top-level clips.
  ///   - maximumTrackDepth: How many levels of tracks get layers.
  init(clips: [any Clip], maximumTrackDepth: Int) {
    self.clips = clips
    self.maximumTrackDepth = maximumTrackDepth
  }

  /// Runs every pass and assembles the layout.
  func build() -> TimelineLayout {
    var builder = self
    builder.listNodes()
    let naive = builder.planChains()
    builder.placeNodes()
    let layers = builder.buildLayers()
    let duration = layers.reduce(Time.zero) { latest, layer in
      guard latest.isValid, layer.end.isValid else { return .invalid }
      return Time.max(latest, layer.end)
    }
    let issues = builder.issues.sorted { lhs, rhs in
      if lhs.issue.path != rhs.issue.path {
        return lhs.issue.path.lexicographicallyPrecedes(rhs.issue.path)
      }
      return lhs.order < rhs.order
    }
    return TimelineLayout(
      layers: layers, duration: duration, naiveDuration: naive, issues: issues.map(\.issue))
  }

  /// Records an issue, remembering the order it was found in (to break ties when sorting).
  mutating func report(_ kind: TimelineLayout.Issue.Kind, at path: [Int], clipID: ClipID? = nil) {
    issues.append((TimelineLayout.Issue(kind: kind, path: path, clipID: clipID), issues.count))
  }

  /// Clamps an opacity or factor to 0…1; NaN counts as 1.
  static func clampedOpacity(_ value: Double) -> Double {
    value.isNaN ? 1 : Swift.min(Swift.max(value, 0), 1)
  }

  // MARK: Pass 1: nodes

  /// Lists the main chain, the top-level tracks and, breadth-first, every nested track.
  private mutating func listNodes() {
    let mainChain = clips.indices.filter { !(clips[$0] is Track) && clips[$0].startTime == nil }
    nodes.append(
      Node(
        parent: nil, positionInParent: 0, clipIndex: 0, level: 0, clips: clips, chain: mainChain,
        factor: 1, track: nil, childAt: Array(repeating: nil, count: mainChain.count)))
    for (index, clip) in clips.enumerated() {
      guard let track = clip as? Track else { continue }
      trackNodes[index] = nodes.count
      nodes.append(
        node(for: track, parent: nil, position: 0, clipIndex: index, level: 1, factor: 1))
    }
    var next = 1
    while next < nodes.count {
      let node = nodes[next]
      for (position, index) in node.chain.enumerated() {
        guard let inner = node.clips[index] as? Track else { continue }
        nodes[next].childAt[position] = nodes.count
        nodes.append(
          self.node(
            for: inner, parent: next, position: position, clipIndex: index,
            level: node.level + 1, factor: node.factor))
      }
      next += 1
    }
  }

  private func node(
    for track: Track, parent: Int?, position: Int, clipIndex: Int, level: Int, factor: Double
  ) -> Node {
    Node(
      parent: parent, positionInParent: position, clipIndex: clipIndex, level: level,
      clips: track.clips, chain: Array(track.clips.indices),
      factor: factor * Self.clampedOpacity(track.opacityFactor), track: track,
      childAt: Array(repeating: nil, count: track.clips.count))
  }

  // MARK: Pass 2: chains and naive durations

  /// Plans every chain, deepest first, and returns the naive duration of the top-level clips.
  private mutating func planChains() -> Time {
    plans = Array(
      repeating: ChainPlan(placements: [], problems: [], length: .zero), count: nodes.count)
    var naive = [Time](repeating: .zero, count: nodes.count)
    var overflowed = [Bool](repeating: false, count: nodes.count)
    for id in nodes.indices.reversed() {
      let node = nodes[id]
      var pieces: [ChainPiece] = []
      pieces.reserveCapacity(node.chain.count)
      var sum = NaiveSum()
      for (position, index) in node.chain.enumerated() {
        if let child = node.childAt[position] {
          pieces.append(.track(plans[child].length))
          sum.add(naive[child], carriedOverflow: overflowed[child])
        } else if let transition = node.clips[index] as? Transition {
          pieces.append(.transition(transition))
          sum.add(transition.duration)
        } else {
          pieces.append(.clip(node.clips[index].duration))
          sum.add(node.clips[index].duration)
        }
      }
      plans[id] = ChainPlanner.plan(pieces)
      naive[id] = sum.total
      overflowed[id] = sum.overflowed
    }
    var total = NaiveSum()
    for (index, clip) in clips.enumerated() {
      if let id = trackNodes[index] {
        total.add(naive[id], carriedOverflow: overflowed[id])
      } else {
        total.add(clip.duration)
      }
    }
    if total.overflowed { report(.naiveDurationOverflow, at: []) }
    return total.total
  }
}

/// A running plain sum of durations that remembers whether any addition overflowed.
private struct NaiveSum {
  private(set) var total = Time.zero
  private(set) var overflowed = false

  mutating func add(_ duration: Time, carriedOverflow: Bool = false) {
    let result = total + duration
    if carriedOverflow || (!result.isValid && total.isValid && duration.isValid) {
      overflowed = true
    }
    total = result
  }
}
