import Foundation
import KadrModel

extension SequenceWriter {
  /// One piece of a chain: a layout entry (a clip or a transition), or a track nested in the
  /// chain's track, which plays as one piece of it.
  enum ChainItem {
    case entry(TimelineLayout.Entry)
    case nested(TimelineLayout.Layer)

    var path: [Int] {
      switch self {
      case .entry(let entry): entry.path
      case .nested(let layer): layer.path
      }
    }

    var start: Time {
      switch self {
      case .entry(let entry): entry.start
      case .nested(let layer): layer.start
      }
    }

    var end: Time {
      switch self {
      case .entry(let entry): entry.end
      case .nested(let layer): layer.end
      }
    }
  }

  /// The spine elements of a layer's chain: its clips and nested tracks in order, with a
  /// `transition` for each transition between two pieces.
  ///
  /// A dissolve's or a slide's overlap becomes the `transition` element; the cut between its
  /// pieces is in the overlap's middle (on a frame), so the outgoing piece ends there and the
  /// incoming one starts there, its in-point moved by as much: what each shows in the overlap is
  /// media FCPXML takes from the pieces' handles, the same media kadr plays there. A fade through
  /// black spans half its duration either side of the boundary, which is its cut: Fade To Color
  /// shows the outgoing piece to black, then the incoming one from black, as kadr does. A nested track is a
  /// compound clip (`ref-clip`) over a `media` sequence holding its own chain.
  ///
  /// - Parameters:
  ///   - layer: The layer: the main chain, a track, or a nested track.
  ///   - base: The frame the chain's own time starts at (0 for the main spine, the layer's
  ///     start for a connected storyline or a compound clip's sequence).
  mutating func chain(_ layer: TimelineLayout.Layer, base: Int64) -> [Slot] {
    let items = (layer.entries.map(ChainItem.entry) + layer.children.map(ChainItem.nested))
      .sorted { ($0.path.last ?? 0) < ($1.path.last ?? 0) }
    var slots: [Slot] = []
    var cursor: Int64 = 0
    for (index, item) in items.enumerated() {
      guard let clip = clip(at: item.path) else { continue }
      let place = place(of: clip, path: item.path)
      if case .entry(let entry) = item, case .transition(let transition, _) = entry.kind {
        guard let span = cutSpan(item, at: place) else {
          lose("a transition the layout rejected, left out", at: place)
          continue
        }
        slots.append(transitionSlot(span, transition: transition, base: base))
        continue
      }
      guard let first = frames(item.start, at: place), let last = frames(item.end, at: place)
      else { continue }
      var start = first - base
      var end = last - base
      if index > 0, let span = cutSpan(items[index - 1], at: place) { start = span.cut - base }
      if index + 1 < items.count, let span = cutSpan(items[index + 1], at: place) {
        end = span.cut - base
      }
      guard end > start else { continue }
      if start > cursor { slots.append(gapSlot(from: cursor, to: start)) }
      let shift = time(start + base) - item.start
      let written: (XMLTree, Time)?
      switch item {
      case .entry:
        written = clipElement(
          clip, offset: time(start), duration: time(end - start), sourceShift: shift, lane: nil,
          place: place)
      case .nested(let nested):
        written = compoundElement(
          nested, track: clip as? Track, offset: time(start), duration: time(end - start),
          shift: shift, place: place)
      }
      if let (element, localStart) = written {
        slots.append(
          Slot(
            element: element, offset: start, duration: end - start, localStart: localStart,
            isTransition: false))
      } else {
        slots.append(gapSlot(from: start, to: end))
      }
      cursor = end
    }
    return slots
  }

  /// A `ref-clip` over a new `media` whose sequence holds the nested track's chain.
  private mutating func compoundElement(
    _ layer: TimelineLayout.Layer, track: Track?, offset: Time, duration: Time, shift: Time,
    place: Place
  ) -> (XMLTree, Time) {
    // A nested track's opacity factor multiplies its clips' opacity; its clips chain one after
    // another (or it is rendered as one piece), so that is the compound clip's opacity.
    var children: [XMLTree] = []
    if let factor = track?.opacityFactor, factor != 1 {
      if factor.isFinite {
        children.append(XMLTree("adjust-blend", [("amount", LookMapping.number(factor))]))
      } else {
        lose("a track opacity that is not a finite number; left out", at: place)
      }
    }
    let start = frames(layer.start, at: place) ?? 0
    let slots = chain(layer, base: start)
    let length = slots.last.map { $0.offset + $0.duration } ?? 0
    let name =
      track?.name.map { xmlText($0, naming: "a track's name", at: place) }
      ?? FCPXMLVocabulary.compoundName
    let sequence = XMLTree(
      "sequence",
      [
        ("format", ResourceTable.formatID), ("duration", text(frames: length)),
        ("tcStart", "0s"), ("tcFormat", "NDF"), ("audioLayout", "stereo"), ("audioRate", "48k"),
      ], children: [XMLTree("spine", children: slots.map(\.element))])
    let media = resources.media(name: name, sequence: sequence)
    var attributes: [(name: String, value: String)] = [
      ("ref", media), ("offset", FCPXMLTime.text(offset)), ("name", name),
    ]
    if shift != .zero { attributes.append(("start", FCPXMLTime.text(shift))) }
    attributes.append(("duration", FCPXMLTime.text(duration)))
    return (XMLTree("ref-clip", attributes, children: children), shift)
  }

  /// A `transition` over `span` (frames of the sequence) as Final Cut Pro's own: a Cross
  /// Dissolve, a Fade To Color (black, its default) for a fade through black, a Slide with its
  /// direction for a slide.
  private mutating func transitionSlot(
    _ span: (start: Int64, duration: Int64, cut: Int64), transition: Transition, base: Int64
  ) -> Slot {
    let name: String
    let uid: String
    var parameters: [XMLTree] = []
    switch transition {
    case .fade:
      (name, uid) = (FCPXMLVocabulary.fadeToColorName, FCPXMLVocabulary.fadeToColorUID)
    case .slide(let direction, _):
      (name, uid) = (FCPXMLVocabulary.slideName, FCPXMLVocabulary.slideUID)
      parameters.append(
        XMLTree(
          "param",
          [
            ("name", FCPXMLVocabulary.slideDirectionName),
            ("key", FCPXMLVocabulary.slideDirectionKey),
            ("value", FCPXMLVocabulary.slideDirectionValue(direction)),
          ]))
    case .dissolve:
      (name, uid) = (FCPXMLVocabulary.crossDissolveName, FCPXMLVocabulary.crossDissolveUID)
    }
    let effect = resources.effect(name: name, uid: uid)
    let element = XMLTree(
      "transition",
      [
        ("name", name), ("offset", text(frames: span.start - base)),
        ("duration", text(frames: span.duration)),
      ],
      children: [
        XMLTree("filter-video", [("ref", effect), ("name", name)], children: parameters)
      ])
    return Slot(
      element: element, offset: span.start - base, duration: span.duration, localStart: .zero,
      isTransition: true)
  }

  /// The frames a transition entry covers and its cut, or `nil` for any other item (a clip, a
  /// nested track, a rejected transition). A dissolve or a slide covers its overlap, cut in the
  /// middle; a fade through black covers half its duration either side of the boundary between
  /// its clips, which is its cut (its clips do not overlap).
  mutating func cutSpan(_ item: ChainItem, at place: Place) -> (
    start: Int64, duration: Int64, cut: Int64
  )? {
    guard case .entry(let entry) = item, case .transition(let transition, let overlap) = entry.kind
    else { return nil }
    if case .fade = transition {
      // A rejected fade is a mark of no length; an accepted one spans both sides.
      guard entry.end > entry.start, let start = frames(entry.start, at: place),
        let end = frames(entry.end, at: place), let cut = frames(overlap.start, at: place),
        start < cut, cut < end
      else { return nil }
      return (start, end - start, cut)
    }
    guard overlap.duration > .zero, let start = frames(overlap.start, at: place),
      let duration = frames(overlap.duration, at: place), duration > 0
    else { return nil }
    return (start, duration, start + duration / 2)
  }

  /// A `gap` from `start` to `end` (frames of the spine's time).
  func gapSlot(from start: Int64, to end: Int64) -> Slot {
    Slot(
      element: XMLTree(
        "gap",
        [("name", "Gap"), ("offset", text(frames: start)), ("duration", text(frames: end - start))]
      ), offset: start, duration: end - start, localStart: .zero, isTransition: false)
  }
}
