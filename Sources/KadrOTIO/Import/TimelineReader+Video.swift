import Foundation
import KadrModel
import KadrPersistence

extension TimelineReader {
  /// A video clip's effects as kadr reads them.
  struct VideoEffects {
    /// The product of the linear time warps' scalars, `nil` when there is none.
    var scalar: Double?
    var scalarPointer: JSONPointer?
    /// The speed curve a kadr time effect carries.
    var curve: Animation<Double>?
    /// The kadr filters, in order.
    var filters: [FilterEffect] = []
  }

  /// A kadr filter carried by an `Effect.1`.
  struct FilterEffect {
    let filter: Filter
    let id: FilterID
    let animation: Animation<Double>?
  }

  /// The video clip of an external reference: its URL, its `source_range` as the trim (plus
  /// the handles of neighbouring transitions), its time warps as speed and reversal, its kadr
  /// effects as filters; the rest from the metadata, or kadr's defaults (`VideoClip(url:)`) for
  /// a foreign clip.
  ///
  /// The metadata is decoded by the registry as a whole clip, and what OpenTimelineIO says is
  /// set on that value, so every field the codec reads survives, including fields added later.
  mutating func videoClip(
    _ fields: ClipFields, url: URL, handles: Handles, start: StartPlacement
  ) throws(PersistenceError) -> VideoClip {
    let effects = try videoEffects(of: fields.node)
    let stored = try storedClip(fields, as: VideoClip.self)
    if let other = fields.stored, stored == nil {
      report.add(
        .keptKadrValue, at: other.pointer,
        "kadr's metadata describes a '\(other.tagged.kind)' clip but the clip references a file; "
          + "imported as a video clip of that file.")
    }
    var clip = (stored ?? VideoClip(url: url)).changing {
      $0.url = url
      $0.speedCurve = effects.curve
      $0.filters = effects.filters.map(\.filter)
      $0.filterIDs = effects.filters.map(\.id)
      $0.filterAnimations = effects.filters.map(\.animation)
    }
    let timing = try videoTiming(
      fields, decoded: clip, hasMetadata: stored != nil, effects: effects, handles: handles)
    clip = clip.changing {
      $0.trimRange = timing.trim
      $0.isReversed = timing.isReversed
      $0.speedRate = timing.speedRate
    }
    if let expected = timing.fileLength, clip.duration != expected {
      reportLengthChange(
        at: fields.node.pointer(OTIOKey.sourceRange), from: expected, to: clip.duration,
        why: "its speed (\(timing.speedRate)×) cannot be held exactly")
    }
    let id = clipID(fields, stored: stored.map { _ in clip }, kind: fields.stored?.tagged.kind)
    let startTime = startTime(start, stored: clip.startTime, hasMetadata: stored != nil)
    return clip.changing {
      $0.clipID = id
      $0.startTime = startTime
    }
  }

  /// The clip kadr's metadata holds, decoded by the registry, when it is of type `Model`; `nil`
  /// when there is no metadata or it describes a clip of another kind.
  ///
  /// - Throws: `PersistenceError` at the metadata's field in the file.
  func storedClip<Model: Clip>(_ fields: ClipFields, as type: Model.Type)
    throws(PersistenceError) -> Model?
  {
    guard let stored = fields.stored,
      let kind = registry.clipKindID(of: type), stored.tagged.kind == kind.rawValue
    else { return nil }
    return try decodeClip(stored.tagged, at: stored.pointer) as? Model
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
        if let kadr, let curve = kadr.object[KadrMetadataKey.speedCurve] {
          effects.curve = try decodeValue(
            Animation<Double>.self, from: curve, at: kadr.pointer(KadrMetadataKey.speedCurve))
        }
      case "Effect" where kadr?.object[KadrMetadataKey.filter] != nil:
        if let kadr, let filter = kadr.object[KadrMetadataKey.filter] {
          effects.filters.append(
            FilterEffect(
              filter: try decodeFilter(filter, at: kadr.pointer(KadrMetadataKey.filter)),
              id: name.isEmpty ? FilterID.generate() : FilterID(name),
              animation: try kadr.object[KadrMetadataKey.animation].flatMap {
                (json) throws(PersistenceError) in
                json == .null
                  ? nil
                  : try decodeValue(
                    Animation<Double>.self, from: json,
                    at: kadr.pointer(KadrMetadataKey.animation))
              }))
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
