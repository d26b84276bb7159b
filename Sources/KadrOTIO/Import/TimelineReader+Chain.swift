import Foundation
import KadrModel
import KadrPersistence

extension TimelineReader {
  /// One item of a track that kadr keeps: a clip, a transition, or a nested stack or track.
  enum ChainItem {
    case clip(OTIONode)
    case transition(TransitionItem)
    case nested(OTIONode)
    /// A gap, or a disabled item (which OpenTimelineIO plays as a gap), of this length.
    case gap(OTIONode, Time)
  }

  /// A transition with its offsets, as kadr will hold it.
  struct TransitionItem {
    let transition: Transition
    let inOffset: Time
    let outOffset: Time
    let index: Int?
  }

  /// A track's leading gap: its duration as the file holds it, and as a kadr time.
  struct LeadingGap {
    let duration: OTIORationalTime
    let time: Time
  }

  /// Where a clip's start time comes from.
  enum StartPlacement {
    /// In the main chain: no start time.
    case chain
    /// Inside a track: the kadr metadata's (kadr does not consult it).
    case nested
    /// A top-level clip on a track of its own: the leading gap, if any.
    case timed(LeadingGap?)
  }

  /// The main chain: the first video track.
  mutating func mainChain(_ track: OTIONode) throws(PersistenceError) -> [Piece] {
    try reportCompositionExtras(of: track, what: "the main track")
    try reportName(of: track, unless: [ItemNaming.mainTrack], what: "main track")
    let (_, items) = try items(of: track, allowLeadingGap: false)
    return try chain(items, start: .chain, offset: .zero)
  }

  /// A secondary video track: a clip placed with `at(time:)` (a track the exporter wrote for
  /// one, or an unnamed foreign track holding one clip), or else a `Track` starting at the
  /// leading gap.
  mutating func secondaryLayer(_ track: OTIONode, role: KadrLayerRole?) throws(PersistenceError)
    -> [Piece]
  {
    try reportCompositionExtras(of: track, what: "a track")
    let kadr = try track.kadr()
    let index = try integer(KadrMetadataKey.index, in: kadr)
    let name = try track.string(OTIOKey.name) ?? ""
    let (gap, items) = try items(of: track, allowLeadingGap: true)
    if role == .timed || (role == nil && name.isEmpty), items.count == 1,
      case .clip(let node) = items[0]
    {
      guard let clip = try clip(node, handles: Handles(), start: .timed(gap)) else { return [] }
      return [Piece(clip: clip, index: index)]
    }
    let pieces = try chain(items, start: .nested, offset: gap?.time ?? .zero)
    let fields = try trackFields(kadr, name: name)
    let projectedGap = ClipTiming.leadingGap(for: fields?.startTime).map(OTIORationalTime.init)
    let start: Time
    if let fields, projectedGap == gap?.duration {
      start = fields.startTime ?? .zero
    } else {
      start = gap?.time ?? .zero
    }
    let track = (fields ?? Track(clips: [])).changing(
      clips: pieces.map(\.clip), startTime: start, name: trackName(name, fields: fields))
    return [Piece(clip: track, index: index)]
  }

  /// The kadr fields of a track (name, start time, opacity factor) from its metadata.
  func trackFields(_ kadr: OTIONode?, name: String) throws(PersistenceError) -> Track? {
    guard let kadr, let payload = try kadr.node(KadrMetadataKey.track) else { return nil }
    guard let kind = registry.clipKindID(of: Track.self) else {
      throw .invalid(
        "The registry has no codec for tracks; register the track module", at: payload.pointer)
    }
    let tagged = TaggedPayload(kind: kind.rawValue, payload: payload.object)
    do {
      return try registry.decodeClip(from: tagged.json, options: options) as? Track
    } catch {
      throw PersistenceError.wrapping(error).relocated(under: payload.pointer, dropping: 3)
    }
  }

  /// The file's track name, or the metadata's when the name is what the exporter wrote for it.
  func trackName(_ name: String, fields: Track?) -> String? {
    if let fields, ItemNaming.name(of: fields) == name { return fields.name }
    return name.isEmpty ? nil : name
  }

  /// A track's children that kadr keeps, and its leading gap (when allowed; otherwise every gap
  /// is reported).
  mutating func items(of track: OTIONode, allowLeadingGap: Bool) throws(PersistenceError) -> (
    LeadingGap?, [ChainItem]
  ) {
    var gap: LeadingGap?
    var items: [ChainItem] = []
    for (position, child) in try track.nodes(OTIOKey.children).enumerated() {
      let family = try child.family()
      switch family {
      case "Gap":
        guard try isEnabled(child, what: "gap") else { continue }
        let duration = try gapDuration(child)
        try reportGapExtras(of: child)
        let length = try time(duration, at: child.pointer(OTIOKey.sourceRange))
        if allowLeadingGap, position == 0 {
          gap = LeadingGap(duration: duration, time: length)
        } else {
          items.append(.gap(child, length))
        }
      case "Clip":
        if try isEnabled(child, what: "clip", keptAsGap: true) {
          items.append(.clip(child))
        } else {
          items.append(.gap(child, try length(of: child)))
        }
      case "Transition":
        items.append(.transition(try transitionItem(child)))
      case "Stack", "Track":
        if try isEnabled(child, what: family.lowercased(), keptAsGap: true) {
          items.append(.nested(child))
        } else {
          items.append(.gap(child, try length(of: child)))
        }
      default:
        report.add(
          .unknownSchema, at: child.pointer,
          "A \(try child.schema()) has no kadr equivalent; left out.")
      }
    }
    return (gap, items)
  }

  /// A gap's duration: its source range's (or, as older files write it, its `duration`).
  func gapDuration(_ gap: OTIONode) throws(PersistenceError) -> OTIORationalTime {
    if let range = try gap.timeRange(OTIOKey.sourceRange) { return range.duration }
    if let duration = try gap.rationalTime(OTIOKey.duration) { return duration }
    throw PersistenceError(.missingField(OTIOKey.sourceRange), at: gap.pointer)
  }

  /// The kadr clips of a chain, each media clip with the handles its neighbouring transitions
  /// borrow.
  ///
  /// - Parameter offset: Where the chain starts in the composition, so that the further tracks
  ///   of a nested stack can be placed at the stack's time.
  mutating func chain(_ items: [ChainItem], start: StartPlacement, offset: Time)
    throws(PersistenceError) -> [Piece]
  {
    var pieces: [Piece] = []
    var position = offset
    for (index, item) in items.enumerated() {
      let itemStart = position
      if case .gap(_, let length) = item {
        position = position + length
      } else if case .clip(let node) = item {
        position = position + (try length(of: node))
      } else if case .nested(let node) = item {
        position = position + (try length(of: node))
      }
      try append(item, at: index, of: items, start: start, offset: itemStart, to: &pieces)
    }
    return pieces
  }

  /// Appends the kadr piece of `items[position]`, with the handles its neighbouring
  /// transitions borrow.
  private mutating func append(
    _ item: ChainItem, at position: Int, of items: [ChainItem], start: StartPlacement,
    offset: Time, to pieces: inout [Piece]
  ) throws(PersistenceError) {
    var handles = Handles()
    if position > 0, case .transition(let before) = items[position - 1],
      ClipTiming.borrowsHandles(before.transition)
    {
      handles.head = before.inOffset
    }
    if position + 1 < items.count, case .transition(let after) = items[position + 1],
      ClipTiming.borrowsHandles(after.transition)
    {
      handles.tail = after.outOffset
    }
    switch item {
    case .transition(let transition):
      pieces.append(Piece(clip: transition.transition, index: transition.index))
    case .clip(let node):
      if let clip = try clip(node, handles: handles, start: start) {
        pieces.append(
          Piece(clip: clip, index: try integer(KadrMetadataKey.index, in: node.kadr())))
      }
    case .nested(let node):
      guard case .chain = start else {
        if let track = try nestedTrack(node, handles: handles, offset: offset) {
          pieces.append(Piece(clip: track, index: nil))
        }
        return
      }
      // kadr's main chain holds no tracks (a top-level track is a layer of its own), so a
      // stack there becomes top-level tracks at its time and a gap keeps its place.
      report.add(
        .unmappedStack, at: node.pointer,
        "kadr's main chain holds no nested tracks: the nested \(try node.family().lowercased()) "
          + "is a top-level track starting at \(offset.seconds) s, and a gap keeps its place in "
          + "the chain.")
      if let track = try nestedTrack(node, handles: Handles(), offset: offset) {
        hoisted.append(
          Piece(
            clip: Track(
              clips: track.clips, startTime: offset, name: track.name,
              opacityFactor: track.opacityFactor), index: nil))
      }
      let gap = OTIOPlaceholder.gap(
        try Self.sum(try length(of: node), handles.head, handles.tail, at: node.pointer))
      pieces.append(Piece(clip: gap, index: nil))
    case .gap(let node, let length):
      let gap = OTIOPlaceholder(
        role: .gap, name: try node.string(OTIOKey.name) ?? "",
        duration: try Self.sum(length, handles.head, handles.tail, at: node.pointer))
      pieces.append(Piece(clip: gap, index: nil))
    }
  }

  /// How long an item lasts on its track as OpenTimelineIO computes it: a clip's or gap's
  /// source range (else its media's available range), a track's items end to end, a stack's
  /// longest child (or its source range).
  mutating func length(of node: OTIONode, depth: Int = 0) throws(PersistenceError) -> Time {
    guard depth < Self.maximumNesting else {
      throw PersistenceError(.tooDeep(limit: Self.maximumNesting), at: node.pointer)
    }
    let family = try node.family()
    if family != "Track", let range = try node.timeRange(OTIOKey.sourceRange) {
      return try time(range.duration, at: node.pointer(OTIOKey.sourceRange))
    }
    switch family {
    case "Gap":
      return try time(try gapDuration(node), at: node.pointer(OTIOKey.sourceRange))
    case "Clip":
      guard let reference = try activeReference(of: node),
        let available = try reference.timeRange(OTIOKey.availableRange)
      else { return .zero }
      return try time(available.duration, at: reference.pointer(OTIOKey.availableRange))
    case "Track", "Stack":
      var total = Time.zero
      for child in try node.nodes(OTIOKey.children) where try child.family() != "Transition" {
        let length = try length(of: child, depth: depth + 1)
        total = family == "Track" ? total + length : max(total, length)
      }
      if family == "Track", let range = try node.timeRange(OTIOKey.sourceRange) {
        return try time(range.duration, at: node.pointer(OTIOKey.sourceRange))
      }
      return total
    default:
      return .zero
    }
  }
}
