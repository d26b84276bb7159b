import Foundation
import KadrModel
import KadrPersistence

/// Rewrites a finished `Timeline.1` for an ``OTIOExportTarget`` other than OpenTimelineIO
/// itself, collecting what the target cannot hold as loss.
struct TargetAdaptation {
  let target: OTIOExportTarget
  /// The rate every time is written at.
  let rate: Double
  private(set) var losses: [Loss] = []

  /// The frame rates the Final Cut Pro X XML adapter knows (its frame-duration table).
  static let adapterRates: Set<Int> = [24, 25, 30, 50, 60]

  init(target: OTIOExportTarget, frameRate: Int) {
    self.target = target
    rate = Double(Self.adapterRates.contains(frameRate) ? frameRate : 30)
  }

  /// The timeline for the target.
  mutating func apply(to timeline: JSONValue) -> JSONValue {
    guard target != .openTimelineIO else { return timeline }
    var result = timeline
    if target == .cmx3600 { result = oneVideoTrack(result) }
    return adapted(result)
  }

  /// Every value below `json`, with times at ``rate``, generators as missing references and
  /// available ranges filled.
  private mutating func adapted(_ json: JSONValue) -> JSONValue {
    switch json {
    case .array(let values):
      return .array(values.map { adapted($0) })
    case .object(let object):
      let schema = object[OTIOKey.schema]?.stringValue
      if schema == OTIOSchema.rationalTime { return rescaled(object) }
      var result = JSONObject()
      for (key, value) in object { result[key] = adapted(value) }
      if schema == OTIOSchema.clip { result = clip(result) }
      if schema == OTIOSchema.track { result = trimmingNestedStacks(result) }
      return .object(result)
    default:
      return json
    }
  }

  /// A `RationalTime.1` at ``rate``, the same instant.
  private func rescaled(_ time: JSONObject) -> JSONValue {
    guard let value = time[OTIOKey.value]?.doubleValue, let from = time[OTIOKey.rate]?.doubleValue,
      from > 0
    else { return .object(time) }
    var result = time
    let scaled = value / from * rate
    result[OTIOKey.value] =
      scaled.rounded() == scaled && abs(scaled) < 1e15 ? .integer(Int64(scaled)) : .number(scaled)
    result[OTIOKey.rate] = .integer(Int64(rate))
    return .object(result)
  }

  /// A clip whose generated media is a missing reference carrying the generator's fields in
  /// kadr's metadata, and whose file reference has an available range.
  private mutating func clip(_ clip: JSONObject) -> JSONObject {
    var clip = clip
    guard var references = clip[OTIOKey.mediaReferences]?.objectValue,
      let key = clip[OTIOKey.activeMediaReferenceKey]?.stringValue,
      var reference = references[key]?.objectValue
    else { return clip }
    let schema = reference[OTIOKey.schema]?.stringValue
    if schema == OTIOSchema.generatorReference,
      reference[OTIOKey.generatorKind]?.stringValue?.hasPrefix(OTIOValue.generatorPrefix) == true
    {
      clip[OTIOKey.metadata] = Self.keeping(
        reference[OTIOKey.parameters]?.objectValue ?? JSONObject(), in: clip[OTIOKey.metadata])
      var missing = OTIOObjects.missingReference().objectValue ?? JSONObject()
      missing[OTIOKey.name] = reference[OTIOKey.name]
      missing[OTIOKey.availableRange] = reference[OTIOKey.availableRange]
      reference = missing
    } else if schema == OTIOSchema.externalReference,
      reference[OTIOKey.availableRange] == nil || reference[OTIOKey.availableRange] == .null
    {
      // The file's length is unknown: the part the clip plays is the part known to exist.
      reference[OTIOKey.availableRange] = clip[OTIOKey.sourceRange] ?? .null
    }
    references[key] = .object(reference)
    clip[OTIOKey.mediaReferences] = .object(references)
    return clip
  }

  /// A track whose nested stacks say how long they are (`source_range` from zero), as the
  /// Final Cut Pro X XML adapter needs for a compound clip.
  private func trimmingNestedStacks(_ track: JSONObject) -> JSONObject {
    guard let children = track[OTIOKey.children]?.arrayValue else { return track }
    var track = track
    track[OTIOKey.children] = .array(
      children.map { child in
        guard var stack = child.objectValue,
          stack[OTIOKey.schema]?.stringValue == OTIOSchema.stack,
          stack[OTIOKey.sourceRange] == nil || stack[OTIOKey.sourceRange] == .null
        else { return child }
        let length = Self.length(ofStack: stack)
        stack[OTIOKey.sourceRange] =
          OTIOTimeRange(
            start: OTIORationalTime(value: 0, rate: rate),
            duration: OTIORationalTime(value: length, rate: rate)
          ).json
        return .object(stack)
      })
    return track
  }

  /// How long a stack plays, in frames at the rate its times are written at: its longest track,
  /// each the sum of its items (transitions take no time of their own).
  static func length(ofStack stack: JSONObject) -> Double {
    (stack[OTIOKey.children]?.arrayValue ?? []).map { track in
      (track.objectValue?[OTIOKey.children]?.arrayValue ?? []).reduce(0.0) { sum, item in
        guard let object = item.objectValue else { return sum }
        if let duration = object[OTIOKey.sourceRange]?.objectValue?[OTIOKey.duration]?
          .objectValue?[OTIOKey.value]?.doubleValue
        {
          return sum + duration
        }
        if object[OTIOKey.schema]?.stringValue == OTIOSchema.stack {
          return sum + length(ofStack: object)
        }
        return sum
      }
    }.max() ?? 0
  }

  /// `metadata` with the generator's `parameters` back in `kadr.clip`'s payload.
  private static func keeping(_ parameters: JSONObject, in metadata: JSONValue?) -> JSONValue {
    var metadata = metadata?.objectValue ?? JSONObject()
    var kadr = metadata[KadrMetadataKey.namespace]?.objectValue ?? JSONObject()
    if let stored = kadr[KadrMetadataKey.clip], var tagged = TaggedPayload(stored) {
      for (key, value) in parameters { tagged.payload[key] = value }
      kadr[KadrMetadataKey.clip] = tagged.json
    }
    metadata[KadrMetadataKey.namespace] = .object(kadr)
    return .object(metadata)
  }

  /// The timeline with its first video track only, and without speed curves; what goes is
  /// reported.
  private mutating func oneVideoTrack(_ timeline: JSONValue) -> JSONValue {
    guard var object = timeline.objectValue, var stack = object[OTIOKey.tracks]?.objectValue,
      let tracks = stack[OTIOKey.children]?.arrayValue
    else { return timeline }
    var kept: [JSONValue] = []
    var seenVideo = false
    for track in tracks {
      guard track.objectValue?[OTIOKey.kind]?.stringValue == OTIOValue.videoKind else {
        kept.append(track)
        continue
      }
      if !seenVideo {
        seenVideo = true
        kept.append(withoutSpeedCurves(track))
        continue
      }
      let name = track.objectValue?[OTIOKey.name]?.stringValue ?? ""
      let index = track.objectValue?[OTIOKey.metadata]?.objectValue?[KadrMetadataKey.namespace]?
        .objectValue?[KadrMetadataKey.index]?.doubleValue
      losses.append(
        Loss(
          kind: .other("an EDL holds one video track, so this one is left out"),
          location: name.isEmpty ? "a video track" : "video track “\(name)”",
          pointer: index.map { "/video/clips/\(Int($0))" } ?? "",
          placeForUser: name.isEmpty ? "a video track" : "the track “\(name)”"))
    }
    stack[OTIOKey.children] = .array(kept)
    object[OTIOKey.tracks] = .object(stack)
    return .object(object)
  }

  /// `track` without `TimeEffect.1` speed curves on its clips (an EDL has linear speed only).
  private mutating func withoutSpeedCurves(_ track: JSONValue) -> JSONValue {
    guard var object = track.objectValue, let children = object[OTIOKey.children]?.arrayValue
    else { return track }
    object[OTIOKey.children] = .array(
      children.map { child in
        guard var clip = child.objectValue, let effects = clip[OTIOKey.effects]?.arrayValue
        else { return child }
        let plain = effects.filter {
          $0.objectValue?[OTIOKey.schema]?.stringValue != OTIOSchema.timeEffect
        }
        if plain.count != effects.count {
          let name = clip[OTIOKey.name]?.stringValue ?? ""
          losses.append(
            Loss(
              kind: .other("its speed curve, which an EDL cannot hold (the clip plays at speed 1)"),
              location: "clip “\(name)”", placeForUser: "the clip “\(name)”"))
          clip[OTIOKey.effects] = .array(plain)
        }
        return .object(clip)
      })
    return .object(object)
  }
}
