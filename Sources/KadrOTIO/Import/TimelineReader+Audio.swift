import Foundation
import KadrModel
import KadrPersistence

extension TimelineReader {
  /// The background audio tracks of an `Audio` track: one per clip, starting where the clip
  /// sits on the track, playing as long as the clip's source range at its time warp's speed;
  /// volume, fades, ducking, ramps, crossfade and pitch from the metadata (kadr's defaults for a
  /// foreign clip).
  ///
  /// A stack on the track is read in place: each of its tracks as an audio track starting where
  /// the stack sits (`offset` is where `track` starts in the composition).
  mutating func audioTracks(_ track: OTIONode, compositionEnd: Time, offset: Time)
    throws(PersistenceError) -> [AudioTrack]
  {
    guard nesting < Self.maximumNesting else {
      throw PersistenceError(.tooDeep(limit: Self.maximumNesting), at: track.pointer)
    }
    nesting += 1
    defer { nesting -= 1 }
    try reportCompositionExtras(of: track, what: "an audio track", mapsSourceRange: true)
    var tracks: [AudioTrack] = []
    var position = offset
    var leadingGap: OTIORationalTime?
    var followsLeadingGapOnly = true
    for (index, child) in try track.nodes(OTIOKey.children).enumerated() {
      switch try child.family() {
      case "Gap":
        guard try isEnabled(child, what: "gap") else { continue }
        let duration = try gapDuration(child)
        try reportGapExtras(of: child)
        if index == 0 { leadingGap = duration } else { followsLeadingGapOnly = false }
        position = try Self.sum(
          position, try time(duration, at: child.pointer(OTIOKey.sourceRange)), at: child.pointer)
      case "Clip":
        guard try isEnabled(child, what: "clip") else {
          followsLeadingGapOnly = false
          continue
        }
        let placed = try audioTrack(
          child, position: position, leadingGap: followsLeadingGapOnly ? .some(leadingGap) : nil,
          compositionEnd: compositionEnd)
        if let track = placed.track { tracks.append(track) }
        position = try Self.sum(position, placed.length, at: child.pointer)
        followsLeadingGapOnly = false
      case "Stack", "Track":
        let length = try length(of: child)
        if try isEnabled(child, what: "stack") {
          let inner = try child.family() == "Stack" ? try child.nodes(OTIOKey.children) : [child]
          for nested in inner where try nested.family() == "Track" {
            tracks += try audioTracks(nested, compositionEnd: compositionEnd, offset: position)
          }
        }
        position = try Self.sum(position, length, at: child.pointer)
        followsLeadingGapOnly = false
      case "Transition":
        report.add(
          .unmappedField, at: child.pointer,
          "A transition between audio clips has no kadr equivalent (kadr crossfades whole audio "
            + "tracks); left out.")
      default:
        report.add(
          .unknownSchema, at: child.pointer,
          "A \(try child.schema()) on an audio track has no kadr equivalent; left out.")
      }
    }
    guard let trim = try track.timeRange(OTIOKey.sourceRange) else { return tracks }
    return try trimmed(
      tracks, by: try range(trim, at: track.pointer(OTIOKey.sourceRange)), offset: offset,
      at: track.pointer(OTIOKey.sourceRange))
  }

  /// `tracks` as a trimmed audio track plays them: the track's time `trim.start` sits at
  /// `offset`, and only its first `trim.duration` plays. A clip cut at its start keeps the cut
  /// as its in-point (`trimStart`), which is reported; one wholly outside the window is left
  /// out, and reported.
  private mutating func trimmed(
    _ tracks: [AudioTrack], by trim: TimeRange, offset: Time, at pointer: JSONPointer
  ) throws(PersistenceError) -> [AudioTrack] {
    let windowEnd = try Self.sum(offset, trim.duration, at: pointer)
    var result: [AudioTrack] = []
    for track in tracks {
      // Where the clip starts once the trim's start is taken off, and where it ends.
      let start = (track.startTime ?? .zero) - trim.start
      // A clip without a length plays to the end of the window.
      let end =
        try track.explicitDuration.map { (length) throws(PersistenceError) in
          try Self.sum(start, length, at: pointer)
        } ?? windowEnd
      let visibleStart = max(start, offset)
      let visibleEnd = min(end, windowEnd)
      guard start.isValid, visibleEnd > visibleStart else {
        report.add(
          .unmappedField, at: pointer,
          "The audio clip \(OfflineAudio.name(of: track.url) ?? track.url.lastPathComponent) lies "
            + "outside its track's source range; left out.")
        continue
      }
      var trimStart = track.trimStart
      if visibleStart > start {
        // The cut is timeline time; the in-point is the file's, so it moves by the cut at the
        // clip's speed.
        let cut = ClipTiming.exactlyScaled(visibleStart - start, by: track.speedRate)
        let moved = try Self.sum(trimStart ?? .zero, cut, at: pointer)
        trimStart = moved
        report.add(
          .audioPlacement, at: pointer,
          "The track's source range cuts \((visibleStart - start).seconds) s off the start of an "
            + "audio clip; its in-point, \(moved.seconds) s into the file, is kept as the audio "
            + "track's trimStart, which kadr 1.x does not play.")
      }
      result.append(
        AudioTrack(
          url: track.url, volumeLevel: track.volumeLevel, fadeInDuration: track.fadeInDuration,
          fadeOutDuration: track.fadeOutDuration, duckingLevel: track.duckingLevel,
          startTime: visibleStart == .zero ? nil : visibleStart,
          explicitDuration: visibleEnd - visibleStart,
          crossfadeDuration: track.crossfadeDuration, volumeRamps: track.volumeRamps,
          speedRate: track.speedRate, pitchAlgorithm: track.pitchAlgorithm, trimStart: trimStart))
    }
    return result
  }

  /// One audio clip as a background audio track, and how long it lasts on its track.
  ///
  /// - Parameter leadingGap: For the first clip of the track, the track's leading gap as the
  ///   file holds it (`.some(nil)` when there is none); `nil` for later clips.
  private mutating func audioTrack(
    _ node: OTIONode, position: Time, leadingGap: OTIORationalTime??, compositionEnd: Time
  ) throws(PersistenceError) -> (track: AudioTrack?, length: Time) {
    try countClip(at: node.pointer)
    for marker in try node.nodes(OTIOKey.markers) { reportMarker(marker) }
    try reportForeignMetadata(of: node)
    let sourceRange = try node.timeRange(OTIOKey.sourceRange)
    let rangePointer = node.pointer(OTIOKey.sourceRange)
    let source = try sourceRange.map { (range) throws(PersistenceError) in
      try self.range(range, at: rangePointer)
    }
    let length = source?.duration ?? .zero
    let name = try node.string(OTIOKey.name) ?? ""
    let url: URL
    let reference = try activeReference(of: node)
    if let reference, try reference.family() == "ExternalReference" {
      if case .url(let resolved, _) = try resolvedURL(of: reference) {
        url = resolved
      } else {
        url = OfflineAudio.url(named: name)
        report.add(
          .missingAudioMedia, at: reference.pointer(OTIOKey.targetURL),
          "The audio clip's target URL names no file kadr can use (empty, or relative with no "
            + "directory to resolve it against); kept as the offline audio track \(url.absoluteString)."
        )
      }
    } else {
      url = OfflineAudio.url(named: name)
      report.add(
        .missingAudioMedia, at: node.pointer,
        "The audio clip does not reference a file; kept as the offline audio track "
          + "\(url.absoluteString).")
    }
    let stored = try node.kadr()?.node(KadrMetadataKey.audioTrack)
    var decoded = AudioTrack(url: url)
    if let stored {
      do {
        decoded = try registry.decodeModel(
          AudioTrack.self, from: .object(stored.object), options: options, images: images)
      } catch {
        throw PersistenceError.wrapping(error).relocated(under: stored.pointer)
      }
      decoded = decoded.changing { $0.url = url }
    }
    let scalar = try audioScalar(of: node)
    var startTime: Time? = position == .zero ? nil : position
    if stored != nil, let leadingGap,
      ClipTiming.leadingGap(for: decoded.startTime).map(OTIORationalTime.init) == leadingGap
    {
      startTime = decoded.startTime
    }
    var explicitDuration = decoded.explicitDuration
    var speedRate = decoded.speedRate
    var trimStart = decoded.trimStart
    let projected = try? ClipTiming.audioRange(of: decoded, compositionEnd: compositionEnd)
    if stored == nil || projected.map(OTIOTimeRange.init) != sourceRange
      || (decoded.speedRate == 1 ? nil : decoded.speedRate) != scalar
    {
      speedRate = supportedScalar(scalar ?? 1, at: node.pointer(OTIOKey.effects))
      if speedRate <= 0 {
        report.add(
          .unsupportedTimeWarp, at: node.pointer(OTIOKey.effects),
          "A time scalar of \(speedRate) has no kadr equivalent for audio; played at speed 1.")
        speedRate = 1
      }
      explicitDuration = source.map { ClipTiming.scaled($0.duration, by: speedRate) }
      trimStart = nil
      if let source, source.start != .zero {
        trimStart = source.start
        report.add(
          .audioPlacement, at: rangePointer,
          "The audio clip starts \(source.start.seconds) s into its file; the in-point is kept as "
            + "the audio track's trimStart (export-otio writes it back), which kadr 1.x does not "
            + "play.")
      }
    }
    let track = decoded.changing {
      $0.startTime = startTime
      $0.explicitDuration = explicitDuration
      $0.speedRate = speedRate
      $0.trimStart = trimStart
    }
    return (track, length)
  }

  /// The product of an audio clip's linear time warps; other effects are reported.
  private mutating func audioScalar(of clip: OTIONode) throws(PersistenceError) -> Double? {
    var scalar: Double?
    for effect in try clip.nodes(OTIOKey.effects) {
      guard try isEnabled(effect, what: "effect") else { continue }
      if try effect.family() == "LinearTimeWarp" {
        scalar = (scalar ?? 1) * (try effect.number(OTIOKey.timeScalar) ?? 1)
      } else {
        report.add(
          .unknownEffect, at: effect.pointer,
          "The effect '\(try effect.string(OTIOKey.effectName) ?? "")' on an audio clip has no "
            + "kadr equivalent; left out.")
      }
    }
    return scalar
  }
}
