import Foundation
import KadrModel
import KadrPersistence

extension SequenceWriter {
  /// An element connected to the spine: where it starts and ends (frames of the sequence),
  /// and where its `offset` goes once the spine element it hangs from is known.
  struct ConnectedItem {
    var element: XMLTree
    let offsetPosition: Int
    let start: Int64
    let end: Int64
    let order: Int
    /// Whether it is a timeline marker, whose place is its `start` rather than an `offset`.
    var isMarker = false
    /// A marker's exact time from the sequence's start (`start` is its frame, to find the
    /// spine element it hangs from).
    var exactStart: Time? = nil
    /// Where it is in the composition, for a loss when nothing plays there.
    var place: Place? = nil
  }

  private static func offsetPosition(in element: XMLTree) -> Int {
    element.attributes.firstIndex { $0.name == "lane" }.map { $0 + 1 } ?? 0
  }

  /// The composition's other video layers, in declaration order on lanes 1, 2, …: a clip
  /// placed with `at(time:)` as a connected clip, a track as a connected storyline (`spine`).
  mutating func connectedLayers() -> [ConnectedItem] {
    var items: [ConnectedItem] = []
    var lane = 0
    for layer in layout.layers {
      switch layer.kind {
      case .mainChain:
        continue
      case .timed(let clipIndex):
        lane += 1
        guard let entry = layer.entries.first, let clip = clip(at: [clipIndex]) else { continue }
        let place = place(of: clip, path: [clipIndex])
        guard let start = frames(entry.start, at: place), let end = frames(entry.end, at: place),
          end > start,
          let (element, _) = clipElement(
            clip, offset: nil, duration: time(end - start), sourceShift: .zero, lane: lane,
            place: place)
        else { continue }
        items.append(
          ConnectedItem(
            element: element, offsetPosition: Self.offsetPosition(in: element), start: start,
            end: end, order: items.count))
      case .track(let name):
        lane += 1
        guard let track = clip(at: layer.path) as? Track else { continue }
        let place = place(of: track, path: layer.path)
        if track.opacityFactor != 1 {
          lose(
            "a track opacity (a connected storyline has none in FCPXML; a track nested in a "
              + "track keeps its own, as a compound clip's)", at: place)
        }
        guard let start = frames(layer.start, at: place) else { continue }
        let slots = chain(layer, base: start)
        guard let last = slots.last else { continue }
        var attributes: [(name: String, value: String)] = [("lane", "\(lane)")]
        if let name {
          attributes.append(("name", xmlText(name, naming: "a storyline's name", at: place)))
        }
        let element = XMLTree("spine", attributes, children: slots.map(\.element))
        items.append(
          ConnectedItem(
            element: element, offsetPosition: 1, start: start,
            end: start + last.offset + last.duration, order: items.count))
      }
    }
    return items
  }

  /// The audio tracks, on lanes −1, −2, …: each a connected `asset-clip` of an audio asset,
  /// from its start time, with its in-point as `start`, as long as its explicit duration or,
  /// without one, to the composition's end (kadr stops it there).
  mutating func audioItems() -> [ConnectedItem] {
    var items: [ConnectedItem] = []
    let compositionEnd = layout.duration
    for (index, track) in video.audioTracks.enumerated() {
      let place = Place(
        location: "audioTracks[\(index)] (\(track.url.lastPathComponent))",
        pointer: "/\(DocumentEnvelope.rootKey)/audioTracks/\(index)",
        user: "audio track \(index + 1) (\(track.url.lastPathComponent))")
      audioLosses(track, at: place)
      let rate = audioRate(track, at: place)
      let startTime = track.startTime ?? .zero
      let played = track.explicitDuration.flatMap {
        try? $0.multiplied(by: rate.denominator, dividedBy: rate.numerator)
      }
      let length = played ?? (compositionEnd - startTime)
      // Both ends snap to frames, never the length on its own. kadr plays nothing past the
      // last picture, so neither does the timeline: the clip ends there.
      guard let start = frames(startTime, at: place),
        let end = frames(Time.min(startTime + length, compositionEnd), at: place)
      else { continue }
      let count = end - start
      guard count > 0, length.isValid else {
        lose("an audio track that starts after the composition ends; left out", at: place)
        continue
      }
      if played != nil, startTime + length > compositionEnd {
        note(
          .endsWithLastPicture(seconds: (startTime + length - compositionEnd).seconds), at: place)
      }
      let inPoint = track.trimStart ?? .zero
      // With a speed, local time runs at 1/rate of the media's: a timeMap maps local 0 to
      // media 0, and the in-point is local `inPoint / rate`.
      guard
        let localIn = try? inPoint.multiplied(by: rate.denominator, dividedBy: rate.numerator),
        let mediaEnd = try? (localIn + time(count)).multiplied(
          by: rate.numerator, dividedBy: rate.denominator)
      else {
        lose("an in-point or speed whose times overflow; left out", at: place)
        continue
      }
      let fileName = xmlText(track.url.lastPathComponent, naming: "an audio file's name", at: place)
      let asset = resources.asset(
        source: xmlText(track.url.absoluteString, naming: "an audio file's location", at: place),
        name: fileName, kind: .audio, usedUpTo: mediaEnd)
      var attributes: [(name: String, value: String)] = [
        ("ref", asset), ("lane", "\(-(index + 1))"), ("name", fileName),
      ]
      if localIn != .zero { attributes.append(("start", FCPXMLTime.text(localIn))) }
      attributes.append(("duration", text(frames: count)))
      if let role = track.role {
        attributes.append(("audioRole", xmlText(role.rawValue, naming: "a role", at: place)))
      }
      var children: [XMLTree] = []
      if rate.numerator != rate.denominator {
        var map = Self.timeMap([(.zero, .zero), (localIn + time(count), mediaEnd)])
        if track.pitchAlgorithm == .varispeed { map.attributes = [("preservesPitch", "0")] }
        children.append(map)
      }
      if let volume = volumeAdjustment(
        level: track.volumeLevel, fadeIn: track.fadeInDuration, fadeOut: track.fadeOutDuration,
        ramps: track.volumeRamps, origin: localIn, at: place)
      {
        children.append(volume)
      }
      let element = XMLTree("asset-clip", attributes, children: children)
      items.append(
        ConnectedItem(
          element: element, offsetPosition: 2, start: start, end: start + count,
          order: 1_000_000 + index))
    }
    return items
  }

  /// An audio track's speed as an exact fraction, for its `timeMap` (whose `preservesPitch`
  /// says kadr's pitch algorithm: off for varispeed, on for the others).
  ///
  /// kadr plays an audio track's *source* for its explicit duration (capped by the file's
  /// length) and scales that by the speed, so the track lasts `explicitDuration / speedRate`, as
  /// the OpenTimelineIO export also writes it, assuming (as at normal speed) that the file is
  /// long enough. Without an explicit duration the source is capped by the composition's end
  /// before scaling: the played length then depends on the file, and the speed is a loss; so is
  /// a speed that is not a simple fraction and the time-domain algorithm (FCPXML only says that
  /// the pitch is kept, which reads back as spectral).
  private mutating func audioRate(_ track: AudioTrack, at place: Place) -> (
    numerator: Int64, denominator: Int64
  ) {
    guard track.speedRate != 1 else { return (1, 1) }
    guard track.explicitDuration != nil else {
      lose(
        "a speed other than 1 with no explicit duration, whose played length depends on the "
          + "file's length; written at normal speed", at: place)
      return (1, 1)
    }
    guard let fraction = Self.fraction(track.speedRate) else {
      lose(
        "a speed of \(track.speedRate), which is not a simple fraction; written at normal speed",
        at: place)
      return (1, 1)
    }
    if track.pitchAlgorithm == .timeDomain {
      lose(
        "the time-domain pitch algorithm (FCPXML only says the pitch is kept; it reads back as "
          + "spectral)", at: place)
    }
    return fraction
  }

  /// What FCPXML cannot hold of an audio track: ducking (kadr lowers the track wherever clip
  /// audio plays, a rule FCPXML has no element for) and a crossfade with the next track
  /// (FCPXML crossfades only with a transition on one storyline). Volume, fades, ramps and
  /// speed are written.
  private mutating func audioLosses(_ track: AudioTrack, at place: Place) {
    if track.duckingLevel != nil { lose("ducking", at: place) }
    if track.crossfadeDuration != nil { lose("a crossfade", at: place) }
    if track.fadeInDuration < .zero || track.fadeOutDuration < .zero {
      lose("a negative fade, left out", at: place)
    }
  }

  /// The captions, as FCPXML `caption` elements (iTT, English) on the lane above every video
  /// layer.
  mutating func captionItems() -> [ConnectedItem] {
    var items: [ConnectedItem] = []
    let lane = layout.layers.filter { $0.kind != .mainChain }.count + 1
    for (index, caption) in video.captions.enumerated() {
      let place = Place(
        location: "captions[\(index)]",
        pointer: "/\(DocumentEnvelope.rootKey)/captions/\(index)",
        user: "caption \(index + 1)")
      // Both ends snap to frames, never the length on its own: a caption ends where it did, or
      // at the last picture, past which kadr shows nothing.
      guard let start = frames(caption.timeRange.start, at: place),
        let end = frames(Time.min(caption.timeRange.end, layout.duration), at: place)
      else { continue }
      let count = end - start
      guard count > 0 else {
        lose("a caption with no duration, or shown after the last picture; left out", at: place)
        continue
      }
      if caption.timeRange.end > layout.duration {
        note(
          .endsWithLastPicture(seconds: (caption.timeRange.end - layout.duration).seconds),
          at: place)
      }
      if !XMLTree.isRepresentable(caption.text) {
        lose("characters XML cannot hold in a caption, left out", at: place)
      }
      let words = Self.representable(caption.text)
      let styleID = nextStyleID()
      let element = XMLTree(
        "caption",
        [
          ("lane", "\(lane)"), ("name", words), ("duration", text(frames: count)),
          ("role", FCPXMLVocabulary.captionRole),
        ],
        children: [
          XMLTree(
            "text", [("placement", "bottom")],
            children: [XMLTree("text-style", [("ref", styleID)], text: words)]),
          XMLTree(
            "text-style-def", [("id", styleID)],
            children: [
              XMLTree(
                "text-style",
                [
                  ("font", ".SF NS Text"), ("fontSize", "13"), ("fontFace", "Regular"),
                  ("fontColor", "1 1 1 1"), ("backgroundColor", "0 0 0 1"),
                ])
            ]),
        ])
      items.append(
        ConnectedItem(
          element: element, offsetPosition: 1, start: start, end: start + count,
          order: 2_000_000 + index))
    }
    return items
  }

  /// What FCPXML has no place for in the composition's own fields.
  mutating func compositionLosses() {
    let place = Self.compositionPlace
    for (index, overlay) in video.overlays.enumerated() {
      let overlayPlace = Place(
        location: "overlays[\(index)]", pointer: "/\(DocumentEnvelope.rootKey)/overlays/\(index)",
        user: "overlay \(index + 1)")
      lose("an overlay (\(type(of: overlay))), which FCPXML has no element for", at: overlayPlace)
    }
    if video.crop != nil { lose("a crop of the whole composition", at: place) }
    if video.multiInputCompositor != nil {
      lose("a multi-input compositor (code)", at: place, kind: .multiInputCompositor)
    }
    if video.compositorWindow != nil { lose("a compositor window", at: place) }
    // Settings of kadr's export that a timeline has no place for: notes, not losses (the
    // picture and sound are the same; the preset's size and rate are the sequence's format).
    if video.quality != .automatic { note(.exportQuality, at: place) }
    switch video.preset {
    case .reelsAndShorts: note(.presetName("Reels and Shorts"), at: place)
    case .tiktok: note(.presetName("TikTok"), at: place)
    case .custom(_, _, _, let codec) where codec != .h264:
      note(.presetCodec(codec.rawValue), at: place)
    default:
      break
    }
    if video.preset.frameRate <= 0 {
      lose("a frame rate of \(video.preset.frameRate), written as 1 fps", at: place)
    }
  }
}
