import Foundation
import KadrModel
import KadrPersistence

extension TimelineReader {
  /// A transition: `SMPTE_Dissolve` is a dissolve; a custom transition the exporter wrote is the
  /// fade or slide its metadata names; any other is imported as a dissolve and reported. Its
  /// duration is `in_offset + out_offset`, or the metadata's when the offsets are what the
  /// exporter wrote for it.
  mutating func transitionItem(_ node: OTIONode) throws(PersistenceError) -> TransitionItem {
    guard let inTime = try node.rationalTime(OTIOKey.inOffset) else {
      throw PersistenceError(.missingField(OTIOKey.inOffset), at: node.pointer)
    }
    guard let outTime = try node.rationalTime(OTIOKey.outOffset) else {
      throw PersistenceError(.missingField(OTIOKey.outOffset), at: node.pointer)
    }
    let inOffset = try time(inTime, at: node.pointer(OTIOKey.inOffset))
    let outOffset = try time(outTime, at: node.pointer(OTIOKey.outOffset))
    let kadr = try node.kadr()
    var stored: Transition?
    if let (tagged, pointer) = try taggedClip(in: kadr) {
      guard let transition = try decodeClip(tagged, at: pointer) as? Transition else {
        throw .invalid(
          "kadr's metadata on a transition holds a '\(tagged.kind)' clip, not a transition",
          at: pointer)
      }
      stored = transition
    }
    try reportForeignMetadata(of: node)
    var duration = try Self.sum(inOffset, outOffset, at: node.pointer)
    if let stored {
      let offsets = ClipTiming.offsets(span: stored.duration)
      let projected = [offsets, (Time.zero, Time.zero)].map {
        [OTIORationalTime($0.0), OTIORationalTime($0.1)]
      }
      if projected.contains([inTime, outTime]) { duration = stored.duration }
    }
    let type = try node.string(OTIOKey.transitionType) ?? ""
    let written = [
      Transition.dissolve(duration: .zero), .fade(duration: .zero),
      .slide(direction: .fromLeft, duration: .zero),
    ].map(ItemNaming.name(of:))
    try reportName(of: node, unless: written, what: "transition")
    let transition: Transition
    switch (type, stored) {
    case (OTIOValue.dissolve, _):
      transition = .dissolve(duration: duration)
    case (OTIOValue.customTransition, .fade?):
      transition = .fade(duration: duration)
    case (OTIOValue.customTransition, .slide(let direction, _)?):
      transition = .slide(direction: direction, duration: duration)
    default:
      report.add(
        .unsupportedTransition, at: node.pointer(OTIOKey.transitionType),
        "The transition type '\(type)' has no kadr equivalent; imported as a dissolve.")
      transition = .dissolve(duration: duration)
    }
    return TransitionItem(
      transition: transition, inOffset: inOffset, outOffset: outOffset,
      index: try integer(KadrMetadataKey.index, in: kadr))
  }

  /// A track nested in a chain: a stack holding one video track (or a track directly), which
  /// becomes a `Track`. A stack of several tracks keeps its first video track here, padded to
  /// the stack's length; its other video tracks become top-level tracks and its audio tracks
  /// audio tracks, starting at the stack's time (`offset`), and this is reported. A clip placed
  /// directly in a stack (it plays from the stack's start) is a track of one clip: the first
  /// stays in place when the stack has no video track, the others become top-level tracks at
  /// the stack's time, and each is reported.
  mutating func nestedTrack(_ node: OTIONode, handles: Handles, offset: Time)
    throws(PersistenceError) -> Track?
  {
    guard nesting < Self.maximumNesting else {
      throw PersistenceError(.tooDeep(limit: Self.maximumNesting), at: node.pointer)
    }
    nesting += 1
    defer { nesting -= 1 }
    var inner = node
    var innerClip: OTIONode?
    var padding = Time.zero
    let isStack = try node.family() == "Stack"
    if isStack {
      var video: [OTIONode] = []
      var audio: [OTIONode] = []
      var clips: [OTIONode] = []
      var others = 0
      for child in try node.nodes(OTIOKey.children) {
        if try child.family() == "Clip" {
          if try isEnabled(child, what: "clip") { clips.append(child) }
          continue
        }
        guard try child.family() == "Track", try isEnabled(child, what: "track") else {
          others += 1
          continue
        }
        if try (child.string(OTIOKey.kind) ?? OTIOValue.videoKind) == OTIOValue.videoKind {
          video.append(child)
        } else if try child.string(OTIOKey.kind) == OTIOValue.audioKind {
          audio.append(child)
        } else {
          others += 1
        }
      }
      guard video.first != nil || !clips.isEmpty else {
        report.add(
          .unmappedStack, at: node.pointer,
          "A nested stack with no video track keeps its place as a gap"
            + (audio.isEmpty ? "." : "; its audio tracks become audio tracks at its time."))
        hoistedAudio += audio.map { ($0, offset) }
        return Track(clips: [OTIOPlaceholder.gap(try length(of: node))])
      }
      if video.count + clips.count > 1 || !audio.isEmpty || others > 0 {
        report.add(
          .unmappedStack, at: node.pointer,
          "A nested stack of \(video.count + clips.count + audio.count + others) items: a nested "
            + "kadr track is one chain, so its first video \(video.isEmpty ? "clip" : "track") "
            + "stays in place and its other tracks and clips become top-level tracks starting at "
            + "\(offset.seconds) s (drawn over every layer below them, not only inside the "
            + "stack).")
      }
      // A clip directly in the stack plays from the stack's start: a track of its own.
      for (position, clip) in clips.enumerated() {
        if video.isEmpty, position == 0 {
          innerClip = clip
          continue
        }
        report.add(
          .unmappedStack, at: clip.pointer,
          "A clip placed directly in a nested stack becomes a top-level track of one clip "
            + "starting at \(offset.seconds) s.")
        let pieces = try chain([.clip(clip)], start: .nested, offset: offset)
        hoisted.append(Piece(clip: Track(clips: pieces.map(\.clip), startTime: offset), index: nil))
      }
      for extra in video.dropFirst() {
        if let track = try nestedTrack(extra, handles: Handles(), offset: offset) {
          hoisted.append(
            Piece(
              clip: Track(
                clips: track.clips, startTime: offset, name: track.name,
                opacityFactor: track.opacityFactor), index: nil))
        }
      }
      hoistedAudio += audio.map { ($0, offset) }
      inner = video.first ?? innerClip ?? node
      padding = try length(of: node) - length(of: inner)
      for effect in try node.nodes(OTIOKey.effects) {
        report.add(
          .unmappedField, at: effect.pointer,
          "An effect on a nested stack has no kadr equivalent; left out.")
      }
      for marker in try node.nodes(OTIOKey.markers) { reportMarker(marker) }
      try reportForeignMetadata(of: node)
    }
    let name: String
    let items: [ChainItem]
    let fields: Track?
    if let innerClip {
      (name, items, fields) = ("", [.clip(innerClip)], nil)
      report.add(
        .unmappedStack, at: innerClip.pointer,
        "A clip placed directly in a nested stack with no video track is kept in the stack's "
          + "place, as a nested track of one clip.")
    } else {
      try reportCompositionExtras(of: inner, what: "a nested track")
      name = try inner.string(OTIOKey.name) ?? ""
      items = try self.items(of: inner, allowLeadingGap: false).1
      fields = try trackFields(try inner.kadr(), name: name)
    }
    var pieces = try chain(items, start: .nested, offset: offset).map(\.clip)
    if padding > .zero { pieces.append(OTIOPlaceholder.gap(padding)) }
    let track = (fields ?? Track(clips: [])).changing(
      clips: pieces, startTime: fields?.startTime ?? .zero, name: trackName(name, fields: fields))
    if isStack { try checkStackRange(of: node, track: track, handles: handles) }
    return track
  }

  /// Reports a nested stack's source range unless it is the trim the exporter writes for the
  /// handles of neighbouring transitions (kadr cannot trim a nested track).
  private mutating func checkStackRange(of node: OTIONode, track: Track, handles: Handles)
    throws(PersistenceError)
  {
    guard let range = try node.timeRange(OTIOKey.sourceRange) else { return }
    let length = TimelineLayout(clips: [track]).layers.first { $0.path == [0] }?.duration ?? .zero
    if let projected = (try? ClipTiming.stackRange(length: length, handles: handles)) ?? nil,
      OTIOTimeRange(projected) == range
    {
      return
    }
    let file = try time(range.duration, at: node.pointer(OTIOKey.sourceRange))
    let start = try time(range.start, at: node.pointer(OTIOKey.sourceRange))
    guard file != length else {
      report.add(
        .unmappedField, at: node.pointer(OTIOKey.sourceRange),
        "The nested stack's source range starts \(Self.seconds(start)) s into the nested track, "
          + "which kadr cannot do; the track plays from its start, for the same length.")
      return
    }
    reportLengthChange(
      at: node.pointer(OTIOKey.sourceRange), from: file, to: length,
      why: "the nested stack's source range (\(Self.seconds(start)) s for "
        + "\(Self.seconds(file)) s) trims the nested track, which kadr cannot do, so the whole "
        + "track plays and what follows it moves")
  }
}
