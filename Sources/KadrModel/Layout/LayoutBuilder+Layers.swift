import Foundation

extension LayoutBuilder {
  // MARK: Pass 3: paths and start times

  /// Gives every node that gets a layer (and the first level past the limit, for its issue) an
  /// index path, and every node that gets a layer its composition start time.
  mutating func placeNodes() {
    paths = Array(repeating: nil, count: nodes.count)
    starts = Array(repeating: .zero, count: nodes.count)
    paths[0] = []
    for id in nodes.indices.dropFirst() {
      let node = nodes[id]
      guard node.level <= maximumTrackDepth + 1 else { continue }
      guard let parent = node.parent else {
        let path = [node.clipIndex]
        paths[id] = path
        starts[id] = validatedStart(node.track?.startTime ?? .zero, path: path, clipID: nil)
        continue
      }
      guard let parentPath = paths[parent] else { continue }
      let path = parentPath + [node.clipIndex]
      paths[id] = path
      guard node.level <= maximumTrackDepth, node.positionInParent < plans[parent].placements.count
      else { continue }
      let base = starts[parent]
      let offset = plans[parent].placements[node.positionInParent].start
      let start = base + offset
      if !start.isValid, base.isValid, offset.isValid { report(.timeOverflow, at: path) }
      starts[id] = start
    }
  }

  /// `start` if it is a valid time at or after zero; otherwise zero, with an issue.
  private mutating func validatedStart(_ start: Time, path: [Int], clipID: ClipID?) -> Time {
    guard start.isValid, start >= .zero else {
      report(.invalidStartTime(start), at: path, clipID: clipID)
      return .zero
    }
    return start
  }

  // MARK: Pass 4: layers

  /// Builds every layer, deepest first, and returns the top-level layers in layering order.
  mutating func buildLayers() -> [TimelineLayout.Layer] {
    var built = [TimelineLayout.Layer?](repeating: nil, count: nodes.count)
    for id in nodes.indices.reversed() where nodes[id].level <= maximumTrackDepth {
      built[id] = layer(of: id, taking: &built)
    }
    var layers: [TimelineLayout.Layer] = []
    if let main = built[0] { layers.append(main) }
    for (index, clip) in clips.enumerated() {
      if let id = trackNodes[index] {
        if let layer = built[id] {
          layers.append(layer)
        } else {
          report(.nestingTooDeep(limit: maximumTrackDepth), at: [index])
        }
      } else if let start = clip.startTime {
        layers.append(timedLayer(clip, at: index, start: start))
      }
    }
    return layers
  }

  /// The layer of node `id`, moving its children's finished layers out of `built`.
  private mutating func layer(
    of id: Int, taking built: inout [TimelineLayout.Layer?]
  ) -> TimelineLayout.Layer? {
    let node = nodes[id]
    let plan = plans[id]
    guard let path = paths[id], plan.placements.count == node.chain.count else { return nil }
    let base = starts[id]
    var watch = OverflowWatch()
    var entries: [TimelineLayout.Entry] = []
    var children: [TimelineLayout.Layer] = []
    for (position, index) in node.chain.enumerated() {
      if let child = node.childAt[position] {
        if nodes[child].level > maximumTrackDepth {
          if let childPath = paths[child] {
            report(.nestingTooDeep(limit: maximumTrackDepth), at: childPath)
          }
        } else if let layer = built[child] {
          children.append(layer)
          built[child] = nil
        }
        continue
      }
      watch.position = position
      let placement = plan.placements[position]
      let clip = node.clips[index]
      var kind = TimelineLayout.Entry.Kind.media
      if let transition = clip as? Transition, let overlap = placement.overlap {
        let shifted = TimeRange(
          start: watch.add(base, overlap.start), duration: overlap.duration)
        kind = .transition(transition, overlap: shifted)
      }
      entries.append(
        TimelineLayout.Entry(
          path: path + [index], clipID: clip.clipID, start: watch.add(base, placement.start),
          end: watch.add(base, placement.end), kind: kind,
          opacity: Self.clampedOpacity(Self.clampedOpacity(clip.opacity ?? 1) * node.factor)))
    }
    watch.position = -1
    let end = watch.add(base, plan.length)
    reportProblems(of: plan, in: node, at: path)
    if let overflow = watch.firstOverflow {
      let index = overflow >= 0 && overflow < node.chain.count ? node.chain[overflow] : nil
      report(
        .timeOverflow, at: index.map { path + [$0] } ?? path,
        clipID: index.map { node.clips[$0].clipID } ?? nil)
    }
    let kind: TimelineLayout.Layer.Kind = node.track.map { .track(name: $0.name) } ?? .mainChain
    return TimelineLayout.Layer(
      kind: kind, path: path, start: base, end: end, entries: entries, children: children,
      opacityFactor: node.factor)
  }

  /// Turns a plan's chain problems into issues located by index path.
  private mutating func reportProblems(of plan: ChainPlan, in node: Node, at path: [Int]) {
    func pathOf(_ position: Int) -> [Int] {
      position >= 0 && position < node.chain.count ? path + [node.chain[position]] : path
    }
    for (position, problem) in plan.problems {
      let kind: TimelineLayout.Issue.Kind
      switch problem {
      case .beginsWithTransition: kind = .chainBeginsWithTransition
      case .endsWithTransition: kind = .chainEndsWithTransition
      case .adjacentTransitions(let previous):
        kind = .adjacentTransitions(previous: pathOf(previous))
      case .nonPositiveTransitionDuration(let duration):
        kind = .nonPositiveTransitionDuration(duration)
      case .neighbourWithoutDuration(let side, let neighbour, let length):
        kind = .neighbourWithoutDuration(side, path: pathOf(neighbour), length: length)
      case .transitionLongerThanNeighbour(let side, let neighbour, let sideLength, let length):
        kind = .transitionLongerThanNeighbour(
          side, path: pathOf(neighbour), sideLength: sideLength, neighbourLength: length)
      case .invalidClipDuration(let duration): kind = .invalidClipDuration(duration)
      case .timeOverflow: kind = .timeOverflow
      }
      let clipID =
        position >= 0 && position < node.chain.count
        ? node.clips[node.chain[position]].clipID : nil
      report(kind, at: pathOf(position), clipID: clipID)
    }
  }

  /// The layer of a top-level clip placed with `at(time:)`.
  private mutating func timedLayer(
    _ clip: any Clip, at index: Int, start declared: Time
  ) -> TimelineLayout.Layer {
    let path = [index]
    let start = validatedStart(declared, path: path, clipID: clip.clipID)
    var length = clip.duration
    if !length.isValid || length < .zero {
      report(.invalidClipDuration(length), at: path, clipID: clip.clipID)
      length = .zero
    }
    let end = start + length
    if !end.isValid { report(.timeOverflow, at: path, clipID: clip.clipID) }
    let entry = TimelineLayout.Entry(
      path: path, clipID: clip.clipID, start: start, end: end, kind: .media,
      opacity: Self.clampedOpacity(clip.opacity ?? 1))
    return TimelineLayout.Layer(
      kind: .timed(clipIndex: index), path: path, start: start, end: end, entries: [entry])
  }
}
