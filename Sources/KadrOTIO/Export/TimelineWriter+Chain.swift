import Foundation
import KadrModel
import KadrPersistence

extension TimelineWriter {
  /// The OpenTimelineIO items of a chain: its clips, transitions and nested tracks in order.
  ///
  /// - Parameters:
  ///   - clips: The clip array the chain indexes into.
  ///   - indices: The chain, as indices into `clips`.
  ///   - path: The index path of the chain's layer (`[]` for the main chain).
  ///   - pointer: The schema-1 pointer of `clips`.
  ///   - depth: The nesting level of the chain's track (0 for the main chain).
  ///   - topLevel: Whether `clips` are the composition's own (their indices are recorded).
  mutating func chain(
    _ clips: [any Clip], indices: [Int], path: [Int], pointer: JSONPointer, depth: Int,
    topLevel: Bool
  ) throws(PersistenceError) -> [JSONValue] {
    var items: [JSONValue] = []
    for (position, index) in indices.enumerated() {
      let clip = clips[index]
      let itemPointer = pointer.appending(index: index)
      let itemPath = path + [index]
      let topIndex = topLevel ? index : nil
      if let transition = clip as? Transition {
        if let item = try transitionItem(
          transition, path: itemPath, pointer: itemPointer, index: topIndex)
        {
          items.append(item)
        }
        continue
      }
      var handles = Handles()
      if position > 0, let before = clips[indices[position - 1]] as? Transition,
        ClipTiming.borrowsHandles(before)
      {
        handles.head = offsets(at: path + [indices[position - 1]], of: before).in
      }
      if position + 1 < indices.count, let after = clips[indices[position + 1]] as? Transition,
        ClipTiming.borrowsHandles(after)
      {
        handles.tail = offsets(at: path + [indices[position + 1]], of: after).out
      }
      if let track = clip as? Track {
        items.append(
          try nestedTrack(
            track, path: itemPath, pointer: itemPointer, handles: handles, depth: depth + 1))
      } else if let item = try clipItem(
        clip, pointer: itemPointer, handles: handles, index: topIndex)
      {
        items.append(item)
      }
    }
    return items
  }

  /// The in and out offsets of the transition at `path`, from its layout entry: each half of
  /// the span the entry covers (the transition's duration when the layout accepted it, which is
  /// then used as written, to keep its timescale; zero when the layout rejected it).
  func offsets(at path: [Int], of transition: Transition) -> (in: Time, out: Time) {
    let span = transitionSpans[path] ?? .zero
    return ClipTiming.offsets(span: span == transition.duration ? transition.duration : span)
  }

  /// A `Transition.1`: a dissolve is `SMPTE_Dissolve`; a fade or a slide is a custom transition
  /// whose kadr kind (and direction) the metadata keeps.
  mutating func transitionItem(
    _ transition: Transition, path: [Int], pointer: JSONPointer, index: Int?
  ) throws(PersistenceError) -> JSONValue? {
    guard let tagged = try encodeClip(transition, at: pointer) else { return nil }
    let (inOffset, outOffset) = offsets(at: path, of: transition)
    var kadr: JSONObject = [KadrMetadataKey.clip: tagged.json]
    if let index { kadr[KadrMetadataKey.index] = .integer(Int64(index)) }
    let type: String
    if case .dissolve = transition {
      type = OTIOValue.dissolve
    } else {
      type = OTIOValue.customTransition
    }
    return OTIOObjects.transition(
      name: ItemNaming.name(of: transition), type: type, inOffset: OTIORationalTime(inOffset),
      outOffset: OTIORationalTime(outOffset), metadata: KadrMetadata.wrap(kadr))
  }

  /// A track nested in a chain: a `Stack.1` holding one `Track.1` with the track's clips.
  ///
  /// The stack is one piece of its parent's chain, as long as the track's laid-out length, as
  /// kadr's engine pre-renders a nested track; a transition next to it trims the stack's
  /// `source_range` by its handles.
  mutating func nestedTrack(
    _ track: Track, path: [Int], pointer: JSONPointer, handles: Handles, depth: Int
  ) throws(PersistenceError) -> JSONValue {
    let inner = try trackTrack(track, path: path, pointer: pointer, depth: depth, metadata: [:])
    let length = layers[path]?.duration ?? .zero
    let range = try Self.timing(at: pointer) { () throws(TimingFailure) in
      try ClipTiming.stackRange(length: length, handles: handles)
    }
    return OTIOObjects.stack(
      name: ItemNaming.name(of: track),
      sourceRange: try range.map { (range) throws(PersistenceError) in
        try Self.otioRange(range, at: pointer)
      }, children: [inner])
  }

  /// A top-level track: a `Track.1` that starts with a gap as long as the track's start time.
  mutating func trackLayer(_ track: Track, index: Int, pointer: JSONPointer)
    throws(PersistenceError) -> JSONValue
  {
    try trackTrack(
      track, path: [index], pointer: pointer, depth: 1,
      metadata: [KadrMetadataKey.index: .integer(Int64(index))], leadingGap: track.startTime)
  }

  /// The `Track.1` of a kadr track, with its kadr fields (name, opacity factor, start time) in
  /// the metadata.
  private mutating func trackTrack(
    _ track: Track, path: [Int], pointer: JSONPointer, depth: Int, metadata: JSONObject,
    leadingGap: Time? = nil
  ) throws(PersistenceError) -> JSONValue {
    guard depth <= Self.maximumTrackDepth else {
      throw PersistenceError(.tooDeep(limit: Self.maximumTrackDepth), at: pointer)
    }
    // The track's own fields; its clips are the OpenTimelineIO track's children.
    let fields = track.changing(clips: [], startTime: track.startTime ?? .zero, name: track.name)
    guard let tagged = try encodeClip(fields, at: pointer) else {
      throw .invalid("The track could not be written", at: pointer)
    }
    var kadr = metadata
    kadr[KadrMetadataKey.layer] = .string(KadrLayerRole.track.rawValue)
    kadr[KadrMetadataKey.track] = .object(tagged.payload)
    var children: [JSONValue] = []
    if let gap = ClipTiming.leadingGap(for: leadingGap) {
      children.append(OTIOObjects.gap(try Self.otioRange(ClipTiming.gapRange(gap), at: pointer)))
    }
    let innerPointer = tagged.payloadPointer(under: pointer).appending(
      key: FormatKeys.clips)
    children += try inside(track, at: pointer) { (writer) throws(PersistenceError) in
      try writer.chain(
        track.clips, indices: Array(track.clips.indices), path: path, pointer: innerPointer,
        depth: depth, topLevel: false)
    }
    return OTIOObjects.track(
      name: ItemNaming.name(of: track), kind: OTIOValue.videoKind,
      metadata: KadrMetadata.wrap(kadr), children: children)
  }

  /// A top-level clip placed with `at(time:)`: a `Track.1` with a gap as long as its start time,
  /// then the clip. `nil` when the clip was left out as loss.
  mutating func timedLayer(_ clip: any Clip, index: Int) throws(PersistenceError) -> JSONValue? {
    let pointer = Self.clipsPointer.appending(index: index)
    guard let item = try clipItem(clip, pointer: pointer, handles: Handles(), index: nil) else {
      return nil
    }
    var children: [JSONValue] = []
    if let gap = ClipTiming.leadingGap(for: clip.startTime) {
      children.append(OTIOObjects.gap(try Self.otioRange(ClipTiming.gapRange(gap), at: pointer)))
    }
    children.append(item)
    let kadr: JSONObject = [
      KadrMetadataKey.layer: .string(KadrLayerRole.timed.rawValue),
      KadrMetadataKey.index: .integer(Int64(index)),
    ]
    let name = item.objectValue?[OTIOKey.name]?.stringValue ?? ""
    return OTIOObjects.track(
      name: name, kind: OTIOValue.videoKind, metadata: KadrMetadata.wrap(kadr), children: children)
  }
}
