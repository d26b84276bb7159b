import Foundation
import KadrModel
import KadrPersistence

extension TimelineReader {
  /// A video clip's effects as kadr reads them.
  struct VideoEffects {
    /// The product of the linear time warps' scalars, `nil` when there is none.
    var scalar: Double?
    var scalarPointer: JSONPointer?
    /// The speed curve a kadr time effect carries, and its pointer.
    var curve: (json: JSONValue, pointer: JSONPointer)?
    /// The kadr filters, in order.
    var filters: [FilterEffect] = []
  }

  /// A kadr filter carried by an `Effect.1`.
  struct FilterEffect {
    let json: JSONValue
    let id: String
    let animation: JSONValue
    /// The effect's pointer.
    let pointer: JSONPointer
  }

  /// The video clip of an external reference: its URL, its `source_range` as the trim (plus
  /// the handles of neighbouring transitions), its time warps as speed and reversal, its kadr
  /// effects as filters; the rest from the metadata, or kadr's defaults for a foreign clip.
  mutating func videoClip(
    _ fields: ClipFields, url: URL, handles: Handles, start: StartPlacement
  ) throws(PersistenceError) -> VideoClip {
    let effects = try videoEffects(of: fields.node)
    let stored = fields.stored?.tagged.kind == "video" ? fields.stored : nil
    if let other = fields.stored, stored == nil {
      report.add(
        .keptKadrValue, at: other.pointer,
        "kadr's metadata describes a '\(other.tagged.kind)' clip but the clip references a file; "
          + "imported as a video clip of that file.")
    }
    var payload: JSONObject
    if let stored {
      payload = stored.tagged.payload
    } else {
      payload = try minimalPayload(url: url, at: fields.node.pointer)
    }
    payload["url"] = .string(url.absoluteString)
    payload["speedCurve"] = effects.curve?.json
    payload["filters"] = .array(effects.filters.map(\.json))
    payload["filterIDs"] = .array(effects.filters.map { .string($0.id) })
    payload["filterAnimations"] = .array(effects.filters.map(\.animation))
    let decoded = try decodeVideo(
      TaggedPayload(kind: "video", payload: payload), fields: fields, effects: effects,
      base: stored?.pointer)
    let timing = try videoTiming(
      fields, decoded: decoded, hasMetadata: stored != nil, effects: effects, handles: handles)
    return VideoClip(
      url: url, trimRange: timing.trim, isReversed: timing.isReversed, isMuted: decoded.isMuted,
      volumeLevel: decoded.volumeLevel, replacementAudioURL: decoded.replacementAudioURL,
      speedRate: timing.speedRate, speedCurve: decoded.speedCurve, filters: decoded.filters,
      filterIDs: decoded.filterIDs, filterAnimations: decoded.filterAnimations,
      clipID: clipID(fields, stored: stored == nil ? nil : decoded, kind: "video"),
      startTime: startTime(start, stored: decoded.startTime, hasMetadata: stored != nil),
      transform: decoded.transform, transformAnimation: decoded.transformAnimation,
      opacity: decoded.opacity, opacityAnimation: decoded.opacityAnimation)
  }

  /// The payload of `VideoClip(url:)`: kadr's defaults for a clip only OpenTimelineIO describes.
  private func minimalPayload(url: URL, at pointer: JSONPointer) throws(PersistenceError)
    -> JSONObject
  {
    do {
      let json = try registry.encode(clip: VideoClip(url: url)).json
      if let tagged = json.flatMap(TaggedPayload.init) { return tagged.payload }
    } catch {
      throw PersistenceError.wrapping(error).relocated(under: pointer)
    }
    throw .invalid("The video clip could not be built", at: pointer)
  }

  /// Decodes the patched payload, locating an error in the field of the file it came from: a
  /// filter's in its effect, the speed curve in its time effect, the rest in the metadata.
  private func decodeVideo(
    _ tagged: TaggedPayload, fields: ClipFields, effects: VideoEffects, base: JSONPointer?
  ) throws(PersistenceError) -> VideoClip {
    do {
      if let clip = try registry.decodeClip(
        from: tagged.json, options: options, images: images, payloadVersions: payloadVersions)
        as? VideoClip
      {
        return clip
      }
    } catch {
      let error = PersistenceError.wrapping(error)
      let components = Array((error.pointer?.components ?? []).dropFirst(3))
      guard case .key(let key)? = components.first else {
        // The error is on the payload itself (`/0/video/_0` in the one-clip list decoded).
        throw PersistenceError.wrapping(error).relocated(
          under: base ?? fields.node.pointer, dropping: 1)
      }
      var pointer = (base ?? fields.node.pointer).appending(key: "video").appending(key: "_0")
      var rest = ArraySlice(components)
      let arrays = ["filters": KadrMetadataKey.filter, "filterIDs": OTIOKey.name]
      if let target = arrays[key] ?? (key == "filterAnimations" ? KadrMetadataKey.animation : nil),
        components.count > 1, case .index(let index) = components[1],
        index < effects.filters.count
      {
        let effect = effects.filters[index].pointer
        pointer =
          target == OTIOKey.name
          ? effect.appending(key: OTIOKey.name)
          : effect.appending(key: OTIOKey.metadata).appending(key: KadrMetadataKey.namespace)
            .appending(key: target)
        rest = components.dropFirst(2)
      } else if key == "speedCurve", let curve = effects.curve {
        pointer = curve.pointer
        rest = components.dropFirst()
      } else if key == "url" {
        pointer = fields.reference.pointer(OTIOKey.targetURL)
        rest = components.dropFirst()
      }
      for component in rest { pointer = pointer.appending(component) }
      throw error.moved(to: pointer)
    }
    throw .invalid("The clip's metadata is not a video clip", at: base ?? fields.node.pointer)
  }

  /// A video clip's effects: linear time warps multiply into the speed (negative: reversed),
  /// kadr's time effect carries a speed curve, kadr's effects carry filters; anything else is
  /// reported.
  private mutating func videoEffects(of clip: OTIONode) throws(PersistenceError) -> VideoEffects {
    var effects = VideoEffects()
    for effect in try clip.nodes(OTIOKey.effects) {
      let family = try effect.family()
      let name = try effect.string(OTIOKey.name) ?? ""
      let effectName = try effect.string(OTIOKey.effectName) ?? ""
      guard try isEnabled(effect, what: "effect") else { continue }
      let kadr = try effect.kadr()
      switch family {
      case "LinearTimeWarp":
        let scalar = try effect.number(OTIOKey.timeScalar) ?? 1
        effects.scalar = (effects.scalar ?? 1) * scalar
        effects.scalarPointer = effect.pointer(OTIOKey.timeScalar)
      case "TimeEffect" where kadr?.object[KadrMetadataKey.speedCurve] != nil:
        if let curve = kadr?.object[KadrMetadataKey.speedCurve], let kadr {
          effects.curve = (curve, kadr.pointer(KadrMetadataKey.speedCurve))
        }
      case "Effect" where kadr?.object[KadrMetadataKey.filter] != nil:
        if let filter = kadr?.object[KadrMetadataKey.filter] {
          effects.filters.append(
            FilterEffect(
              json: filter, id: name.isEmpty ? FilterID.generate().rawValue : name,
              animation: kadr?.object[KadrMetadataKey.animation] ?? .null,
              pointer: effect.pointer))
        }
      case "FreezeFrame":
        report.add(
          .unsupportedTimeWarp, at: effect.pointer,
          "A freeze frame has no kadr equivalent; the clip plays at normal speed.")
      case "Effect", "TimeEffect":
        report.add(
          .unknownEffect, at: effect.pointer,
          "The effect '\(effectName.isEmpty ? name : effectName)' has no kadr equivalent; left "
            + "out.")
      default:
        report.add(
          .unknownSchema, at: effect.pointer,
          "A \(try effect.schema()) effect has no kadr equivalent; left out.")
      }
    }
    return effects
  }
}
