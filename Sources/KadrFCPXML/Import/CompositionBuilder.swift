import Foundation
import KadrInterchange
import KadrModel
import KadrPersistence

/// Turns the story reader's layers into a composition: the main chain from lane 0, a timed
/// clip or a track per connected layer, audio tracks and captions.
struct CompositionBuilder {
  typealias Piece = StoryPieces.Piece

  let images: (any ImageStore)?
  var items: [FCPXMLImportReport.Item] = []
  /// The reader's layers, for the nested tracks of compound clips.
  var layers: [StoryPieces.Layer] = []
  /// The clip ids given so far, and the next number to try after each name.
  var usedIDs: Set<String> = []
  var nextNumber: [String: Int] = [:]
  /// The timeline's start timecode and rate, to name places by their timecodes in the report.
  var timecode: (origin: Time, rate: FrameRate)?

  init(images: (any ImageStore)?) {
    self.images = images
  }

  /// The composition of `reader`'s layers, with `preset`.
  mutating func video(from reader: StoryReader, preset: Preset) throws(FCPXMLError) -> Video {
    layers = reader.layers
    var main = reader.layers[0].pieces
    // A trailing gap that only carries connected pictures adds nothing kadr needs: those layers
    // hold the timeline's length themselves. One that carries audio or captions past the last
    // picture stays, since kadr plays nothing past the last picture (the timeline keeps Final
    // Cut Pro's length, and its audio plays to the end).
    let layersEnd = reader.layers.dropFirst().flatMap(\.pieces).map(\.end).max()
    while let last = main.last, case .gap(let name) = last.kind, name.isEmpty,
      let layersEnd, last.end <= layersEnd, main.count > 1
    {
      main.removeLast()
    }
    var clips = try chain(main, from: .zero)
    let connected = reader.layers.dropFirst().filter {
      !$0.isNested && $0.pieces.contains { !$0.isTransition }
    }
    .sorted { lhs, rhs in
      // Lanes above the spine first, upwards; then lanes below it, downwards. The distance is
      // a magnitude: `abs` traps on lane -9223372036854775808.
      let a = (lhs.lane > 0 ? 0 : 1, lhs.lane.magnitude, firstStart(lhs), lhs.order)
      let b = (rhs.lane > 0 ? 0 : 1, rhs.lane.magnitude, firstStart(rhs), rhs.order)
      return a < b
    }
    for layer in connected {
      let pieces = layer.pieces.sorted { $0.start < $1.start }
      let start = pieces[0].start
      if !layer.isStoryline, pieces.count == 1, let clip = try clip(pieces[0], at: start) {
        clips.append(clip)
      } else {
        clips.append(
          Track(
            clips: try chain(pieces, from: start), startTime: Self.reduced(start),
            name: layer.name))
      }
    }
    let audio = reader.audio.sorted { lhs, rhs in
      (lhs.lane < 0 ? 0 : 1, lhs.lane.magnitude, lhs.start, lhs.order)
        < (rhs.lane < 0 ? 0 : 1, rhs.lane.magnitude, rhs.start, rhs.order)
    }.map { piece in
      AudioTrack(
        url: piece.url, volumeLevel: piece.volume.level,
        fadeInDuration: Self.reduced(piece.volume.fadeIn),
        fadeOutDuration: Self.reduced(piece.volume.fadeOut),
        startTime: piece.start == .zero ? nil : Self.reduced(piece.start),
        // kadr's explicit duration is of the source, which the speed then scales.
        explicitDuration: Self.reduced(piece.rate.media(piece.duration)),
        volumeRamps: Self.ramps(piece.volume.keys),
        speedRate: piece.rate.isNormal ? 1 : piece.rate.value,
        pitchAlgorithm: piece.rate.isNormal || piece.preservesPitch ? .spectral : .varispeed,
        trimStart: piece.mediaStart == .zero ? nil : Self.reduced(piece.mediaStart),
        role: piece.role)
    }
    let captions = reader.captions.map { caption in
      Caption(
        text: caption.text,
        timeRange: TimeRange(
          start: Self.reduced(caption.timeRange.start),
          duration: Self.reduced(caption.timeRange.duration)))
    }
    return Video(
      clips: clips, audioTracks: audio, preset: preset, captions: captions,
      markers: reader.timelineMarkers.map { marker in
        Marker(
          marker.name, at: Self.reduced(marker.start), duration: Self.reduced(marker.duration),
          kind: marker.kind, note: marker.note)
      })
  }

  /// The trim length that kadr plays in `length` at `rate`: exact when kadr's own arithmetic
  /// (the trim's length divided by the speed, rounded to its timescale) gives `length` back,
  /// else the nearest, reported.
  mutating func mediaLength(playing length: Time, at rate: StoryPieces.Rate, piece: Piece)
    -> Time
  {
    let exact = rate.media(length)
    guard !rate.isNormal else { return Self.reduced(exact) }
    // kadr rounds the played length to the trim's own timescale: a trim is kept reduced only
    // when that still plays `length`.
    let plays = { (trim: Time) in trim.multiplied(byFloat: 1 / rate.value) == length }
    let center = (Double(length.value) * rate.value).rounded()
    let candidates =
      [exact]
      + [0.0, -1, 1, -2, 2].compactMap { step in
        Int64(exactly: center + step).map { Time(value: $0, timescale: length.timescale) }
      }
    for trim in candidates where plays(trim) {
      return plays(Self.reduced(trim)) ? Self.reduced(trim) : trim
    }
    items.append(
      FCPXMLImportReport.Item(
        kind: .timeMap, path: piece.path,
        detail: "At \(rate.value)× no trim plays exactly \(length) in kadr; the clip's length "
          + "may differ by 1/\(length.timescale) s.",
        subject: subject(of: piece)))
    return exact
  }

  /// kadr's volume ramps of FCPXML's volume keyframes: one ramp between each two neighbouring
  /// keyframes at different times and levels (where the level holds, kadr holds it too).
  static func ramps(_ keys: [(time: Time, level: Double)]) -> [AudioTrack.VolumeRamp] {
    zip(keys, keys.dropFirst()).compactMap { a, b in
      guard b.time > a.time, a.level != b.level else { return nil }
      return AudioTrack.VolumeRamp(
        startVolume: a.level, endVolume: b.level,
        range: TimeRange(start: reduced(a.time), end: reduced(b.time)))
    }
  }

  /// `time` as a fraction in lowest terms, so imported times read as written (`10/1`, not
  /// `20/2`).
  static func reduced(_ time: Time) -> Time {
    guard time.isValid else { return time }
    var (a, b) = (time.value.magnitude, UInt64(time.timescale))
    while b != 0 { (a, b) = (b, a % b) }
    guard a > 1 else { return time }
    return Time(value: time.value / Int64(a), timescale: Int32(Int64(time.timescale) / Int64(a)))
  }

  private func firstStart(_ layer: StoryPieces.Layer) -> Time {
    layer.pieces.map(\.start).min() ?? .zero
  }

  /// The clips of a chain that starts at `origin`: a gap before a piece that starts later
  /// than the previous ended, and a kadr transition for each transition: a dissolve or a slide,
  /// whose neighbours are extended to share its span (as kadr's layout overlaps them), or a
  /// fade through black, whose neighbours meet at its middle.
  mutating func chain(_ unsorted: [Piece], from origin: Time) throws(FCPXMLError) -> [any Clip] {
    var pieces = unsorted.enumerated().sorted { lhs, rhs in
      (lhs.element.start, lhs.element.isTransition ? 0 : 1, lhs.offset)
        < (rhs.element.start, rhs.element.isTransition ? 0 : 1, rhs.offset)
    }.map(\.element)
    // Sorted by start, a transition comes after the clip it leaves (which started earlier)
    // and before the clip it enters (which starts at the cut, after the transition's start).
    var kept: [Piece] = []
    for index in pieces.indices {
      guard pieces[index].isTransition else {
        kept.append(pieces[index])
        continue
      }
      let span = pieces[index]
      guard let before = kept.lastIndex(where: { !$0.isTransition }), before == kept.count - 1,
        index + 1 < pieces.count, !pieces[index + 1].isTransition,
        pieces[index + 1].start <= span.end, kept[before].end >= span.start
      else {
        items.append(
          FCPXMLImportReport.Item(
            kind: .transitionKind, path: span.path,
            detail: "A transition without a clip on each side is left out.",
            subject: subject(of: span)))
        continue
      }
      // A fade through black's clips meet at its middle, as kadr lays them out; a dissolve's
      // and a slide's share its span.
      if case .transition(.fade) = span.kind {
      } else {
        kept[before].end = Time.max(kept[before].end, span.end)
        pieces[index + 1].moveStart(to: Time.min(pieces[index + 1].start, span.start))
      }
      kept.append(span)
    }
    var clips: [any Clip] = []
    var cursor = origin
    for piece in kept {
      if case .transition(let kind) = piece.kind {
        let duration = Self.reduced(piece.end - piece.start)
        switch kind {
        case .dissolve: clips.append(Transition.dissolve(duration: duration))
        case .fade: clips.append(Transition.fade(duration: duration))
        case .slide(let direction):
          clips.append(Transition.slide(direction: direction, duration: duration))
        }
        continue
      }
      if piece.start > cursor, !(clips.last is Transition) {
        clips.append(
          InterchangePlaceholder(role: .gap, duration: Self.reduced(piece.start - cursor)))
      }
      if let clip = try clip(piece, at: nil) { clips.append(clip) }
      cursor = piece.end
    }
    return clips
  }

  /// The kadr clip of a piece; `startTime` places it on a layer of its own.
  mutating func clip(_ piece: Piece, at startTime: Time?) throws(FCPXMLError) -> (any Clip)? {
    let length = Self.reduced(piece.end - piece.start)
    let startTime = startTime.map(Self.reduced)
    guard length.isValid, piece.start.isValid else {
      throw FCPXMLError(
        .invalidValue(attribute: "duration", value: "(overflows)"), path: piece.path)
    }
    switch piece.kind {
    case .video(let url, let mediaStart, let rate, let muted):
      let look = piece.look
      let (clipID, name) = identity(
        named: piece.facts.name, defaultName: url.lastPathComponent, otherDefault: nil)
      let markers = markers(of: piece, length: length)
      if let retime = piece.retime {
        return try retimedClip(
          url: url, retime: retime, length: length, muted: muted, clipID: clipID,
          startTime: startTime, look: look, piece: piece
        ).with(name: name, role: piece.facts.role, markers: markers)
      }
      let exact = exactMediaLength(playing: length, at: rate)
      let mediaLength = exact ?? mediaLength(playing: length, at: rate, piece: piece)
      let mediaStart = Self.reduced(mediaStart)
      guard mediaStart.isValid, mediaLength.isValid else {
        throw FCPXMLError(.invalidValue(attribute: "start", value: "(overflows)"), path: piece.path)
      }
      return VideoClip(
        url: url, trimRange: TimeRange(start: mediaStart, duration: mediaLength), isMuted: muted,
        volumeLevel: look.volume.level, speedRate: rate.isNormal ? 1 : rate.value,
        clipID: clipID, startTime: startTime, transform: look.transform,
        transformAnimation: look.relative(look.transformKeys), opacity: look.opacity,
        opacityAnimation: look.relative(look.opacityKeys),
        speedRatio: exact == nil || rate.isNormal
          ? nil : SpeedRatio(numerator: rate.numerator, denominator: rate.denominator),
        name: name, role: piece.facts.role, markers: markers)
    case .still(let source):
      let (clipID, name) = identity(
        named: piece.facts.name,
        defaultName: URL(string: source)?.lastPathComponent ?? "image", otherDefault: nil)
      if let images {
        let token = ImageSource.token(forSource: source, in: images)
        if let image = try? images.image(for: token) {
          let look = piece.look
          return ImageClip(
            image: image, duration: length, clipID: clipID, startTime: startTime,
            transform: look.transform, transformAnimation: look.relative(look.transformKeys),
            opacity: look.opacity, opacityAnimation: look.relative(look.opacityKeys), name: name)
        }
      }
      items.append(
        FCPXMLImportReport.Item(
          kind: .unresolvedStill, path: piece.path,
          detail: images == nil
            ? "A still is kept as an offline placeholder (no image store was given)."
            : "A still its image store does not hold is kept as an offline placeholder.",
          subject: subject(of: piece)))
      return InterchangePlaceholder(
        role: .offline, name: piece.facts.name ?? "", duration: length,
        mediaURL: URL(string: source), clipID: clipID, startTime: startTime)
    case .title(let text, let style):
      let look = piece.look
      let (clipID, name) = identity(
        named: piece.facts.name, defaultName: FCPXMLVocabulary.basicTitleName, otherDefault: text)
      return TitleSequence(
        text: text, style: style, duration: length, clipID: clipID, startTime: startTime,
        transform: look.transform, transformAnimation: look.relative(look.transformKeys),
        opacity: look.opacity, opacityAnimation: look.relative(look.opacityKeys), name: name,
        role: piece.facts.role, markers: markers(of: piece, length: length))
    case .gap(let name):
      return InterchangePlaceholder(
        role: .gap, name: name, duration: length,
        clipID: identity(named: name, defaultName: "Gap", otherDefault: nil).id,
        startTime: startTime)
    case .offline(let name, let url, let mediaStart):
      let mediaStart = Self.reduced(mediaStart)
      return InterchangePlaceholder(
        role: .offline, name: name, duration: length,
        sourceRange: TimeRange(start: mediaStart, duration: length), mediaURL: url,
        clipID: identity(
          named: name, defaultName: url?.lastPathComponent ?? "Offline clip", otherDefault: nil
        ).id,
        startTime: startTime)
    case .nested(let name, let layer):
      return Track(
        clips: try chain(layers[layer].pieces, from: piece.start), startTime: .zero, name: name,
        opacityFactor: piece.look.opacity ?? 1)
    case .transition:
      return nil
    }
  }
}
