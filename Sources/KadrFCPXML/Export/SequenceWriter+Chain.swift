import Foundation
import KadrModel

extension SequenceWriter {
  /// The spine elements of a chain: its clips in order, with a `transition` between two clips
  /// that a dissolve (or a slide) overlaps.
  ///
  /// A transition's overlap becomes the `transition` element; the cut between its clips is in
  /// the overlap's middle (on a frame), so the outgoing clip ends there and the incoming one
  /// starts there, its in-point moved by as much: what each shows in the overlap is media FCPXML
  /// takes from the clips' handles, the same media kadr plays there.
  ///
  /// - Parameters:
  ///   - entries: The chain's layout entries.
  ///   - base: The frame the chain's own time starts at (0 for the main spine, the layer's
  ///     start for a connected storyline).
  mutating func chain(_ entries: [TimelineLayout.Entry], base: Int64) -> [Slot] {
    var slots: [Slot] = []
    var cursor: Int64 = 0
    for (index, entry) in entries.enumerated() {
      guard let clip = clip(at: entry.path) else { continue }
      let place = place(of: clip, path: entry.path)
      if case .transition(let transition, let overlap) = entry.kind {
        guard let span = cutSpan(entry, at: place) else {
          if case .fade = transition {
            lose(
              "a fade through black, which FCPXML has no built-in transition for; written as a cut",
              at: place)
          } else {
            lose("a transition the layout rejected, left out", at: place)
          }
          continue
        }
        if case .slide = transition {
          lose(
            "a slide, which FCPXML has no built-in transition for; written as a Cross Dissolve",
            at: place)
        }
        _ = overlap
        let effect = resources.effect(
          name: FCPXMLVocabulary.crossDissolveName, uid: FCPXMLVocabulary.crossDissolveUID)
        let element = XMLTree(
          "transition",
          [
            ("name", FCPXMLVocabulary.crossDissolveName),
            ("offset", text(frames: span.start - base)),
            ("duration", text(frames: span.duration)),
          ],
          children: [
            XMLTree(
              "filter-video", [("ref", effect), ("name", FCPXMLVocabulary.crossDissolveName)])
          ])
        slots.append(
          Slot(
            element: element, offset: span.start - base, duration: span.duration,
            localStart: .zero, isTransition: true))
        continue
      }
      var start = frames(entry.start, at: place) - base
      var end = frames(entry.end, at: place) - base
      if index > 0, let span = cutSpan(entries[index - 1], at: place) {
        start = span.cut - base
      }
      if index + 1 < entries.count, let span = cutSpan(entries[index + 1], at: place) {
        end = span.cut - base
      }
      guard end > start else { continue }
      if start > cursor {
        // A hole (a nested track left out): a gap keeps what follows in place.
        slots.append(gapSlot(from: cursor, to: start))
      }
      let shift = time(start + base) - entry.start
      if let (element, localStart) = clipElement(
        clip, offset: time(start), duration: time(end - start), sourceShift: shift, lane: nil,
        place: place)
      {
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

  /// The frames a dissolve or slide entry covers and its cut, or `nil` for any other entry
  /// (a clip, a fade, a rejected transition).
  mutating func cutSpan(_ entry: TimelineLayout.Entry, at place: Place) -> (
    start: Int64, duration: Int64, cut: Int64
  )? {
    guard case .transition(_, let overlap) = entry.kind, overlap.duration > .zero else {
      return nil
    }
    let start = frames(overlap.start, at: place)
    let duration = frames(overlap.duration, at: place)
    guard duration > 0 else { return nil }
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
