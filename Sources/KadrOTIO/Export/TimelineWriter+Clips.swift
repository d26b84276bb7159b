import Foundation
import KadrModel
import KadrPersistence

extension TimelineWriter {
  /// A `Clip.2` for a media clip, or `nil` when the clip was left out as loss.
  ///
  /// - A video clip references its file (`ExternalReference.1`); its `source_range` is its trim
  ///   (less the handles of neighbouring transitions), its speed and reversal a
  ///   `LinearTimeWarp.1`, a speed curve a `TimeEffect.1`, each filter an `Effect.1`.
  /// - An image clip references its image's file when the store gives one (a file store's file,
  ///   a URL store's URL), else a `GeneratorReference.1` of kind `kadr.image` carrying the token.
  /// - A title (and any plugin's clip kind) is a `GeneratorReference.1` of kind `kadr.<kind>`
  ///   whose parameters are the kind's fields (a title's text, style and background).
  ///
  /// What OpenTimelineIO has no field for (placement, transform and opacity, volume, audio,
  /// exact start times) is in `metadata.kadr.clip`.
  ///
  /// Media references carry `available_range` whenever kadr knows it: a video clip's trim (the
  /// part of the file kadr knows exists; an untrimmed clip's file length is unknown, so it has
  /// none), a still's whole duration.
  mutating func clipItem(
    _ clip: any Clip, pointer: JSONPointer, handles: Handles, index: Int?
  ) throws(PersistenceError) -> JSONValue? {
    if let placeholder = clip as? OTIOPlaceholder {
      return try placeholderItem(placeholder, pointer: pointer, handles: handles)
    }
    let video = clip as? VideoClip
    guard var tagged = try encodeClip(video.map(Self.metadataPart) ?? clip, at: pointer) else {
      return nil
    }
    let name = ItemNaming.name(of: clip, kind: tagged.kind)
    let reference: JSONValue
    var effects: [JSONValue] = []
    let range: TimeRange?
    if let video {
      reference = OTIOObjects.externalReference(
        url: video.url.absoluteString,
        availableRange: try video.trimRange.map { (trim) throws(PersistenceError) in
          try Self.otioRange(trim, at: pointer)
        })
      range = try Self.timing(at: pointer) { () throws(TimingFailure) in
        try ClipTiming.sourceRange(of: video, handles: handles)
      }
      effects = try inside(video, at: pointer) { (writer) throws(PersistenceError) in
        try writer.videoEffects(video, payload: tagged.payloadPointer(under: pointer))
      }
    } else {
      range = try Self.timing(at: pointer) { () throws(TimingFailure) in
        try ClipTiming.stillRange(duration: clip.duration, handles: handles)
      }
      let whole = try Self.otioRange(
        TimeRange(
          start: Time(value: 0, timescale: clip.duration.timescale), duration: clip.duration),
        at: pointer)
      // The image's token, as its codec marks it.
      if clip is ImageClip, let token = registry.imageTokens(in: tagged.json).first,
        let url = ImageLocation.url(forToken: token, in: images)
      {
        reference = OTIOObjects.externalReference(url: url.absoluteString, availableRange: whole)
      } else {
        // The kind's own fields (its duration too) are the generator's parameters, which other
        // tools show; the placement stays in the metadata.
        var parameters = JSONObject()
        for (key, value) in tagged.payload where !FormatKeys.placement.contains(key) {
          parameters[key] = value
          tagged.payload[key] = nil
        }
        reference = OTIOObjects.generatorReference(
          kind: OTIOValue.generatorPrefix + tagged.kind, parameters: parameters,
          availableRange: whole)
      }
    }
    var kadr: JSONObject = [KadrMetadataKey.clip: tagged.json]
    if let index { kadr[KadrMetadataKey.index] = .integer(Int64(index)) }
    return OTIOObjects.clip(
      name: name, metadata: KadrMetadata.wrap(kadr),
      sourceRange: try range.map { (range) throws(PersistenceError) in
        try Self.otioRange(range, at: pointer)
      }, reference: reference, effects: effects)
  }

  /// What `metadata.kadr.clip` keeps of a video clip: all but what the clip's effects carry
  /// (the speed curve and the filters); OpenTimelineIO's own fields (the target URL, the source
  /// range, the time warp) win over the metadata's copies on import.
  static func metadataPart(of video: VideoClip) -> VideoClip {
    video.changing {
      $0.speedCurve = nil
      $0.filters = []
      $0.filterIDs = []
      $0.filterAnimations = []
    }
  }

  /// A video clip's effects: its speed (a linear time warp, or a time effect carrying a speed
  /// curve), then one effect per filter, named by the filter's id, carrying the filter's
  /// schema-1 JSON (its parameters) and the animation of its primary scalar. A filter that
  /// cannot be saved (a custom filter with no codec) is left out with its animation, as a
  /// document leaves it out; an animation with a custom timing curve is left out.
  ///
  /// - Parameter payload: The pointer of the clip's payload in the schema-1 document, under
  ///   which errors are reported.
  private func videoEffects(_ video: VideoClip, payload: JSONPointer) throws(PersistenceError)
    -> [JSONValue]
  {
    var effects: [JSONValue] = []
    if let scalar = ClipTiming.timeScalar(
      speedRate: video.speedRate, isReversed: video.isReversed, hasCurve: video.speedCurve != nil)
    {
      effects.append(OTIOObjects.linearTimeWarp(scalar: scalar))
    }
    if let speedCurve = video.speedCurve,
      let curve = try encodeValue(
        speedCurve, at: payload.appending(key: FormatKeys.speedCurve))
    {
      effects.append(
        OTIOObjects.effect(
          schema: OTIOSchema.timeEffect, name: "", effectName: OTIOValue.speedCurve,
          metadata: KadrMetadata.wrap([KadrMetadataKey.speedCurve: curve])))
    }
    for (position, filter) in video.filters.enumerated() {
      let filterPointer = payload.appending(key: FormatKeys.filters)
        .appending(index: position)
      guard let json = try encodeFilter(filter, at: filterPointer) else { continue }
      var kadr: JSONObject = [KadrMetadataKey.filter: json]
      if position < video.filterAnimations.count, let animation = video.filterAnimations[position],
        let json = try encodeValue(
          animation,
          at: payload.appending(key: FormatKeys.filterAnimations)
            .appending(index: position))
      {
        kadr[KadrMetadataKey.animation] = json
      }
      let id = position < video.filterIDs.count ? video.filterIDs[position].rawValue : ""
      effects.append(
        OTIOObjects.effect(
          schema: OTIOSchema.effect, name: id, effectName: filter.kind.rawValue,
          metadata: KadrMetadata.wrap(kadr)))
    }
    return effects
  }

  /// A placeholder as the OpenTimelineIO item it stands for: a `Gap.1`, or a `Clip.2` with its
  /// original media reference (a `MissingReference.1` when it had none), each as long as the
  /// placeholder less the handles of neighbouring transitions.
  private func placeholderItem(
    _ placeholder: OTIOPlaceholder, pointer: JSONPointer, handles: Handles
  )
    throws(PersistenceError) -> JSONValue
  {
    let length = placeholder.duration - handles.head - handles.tail
    guard length.isValid else {
      throw .invalid("The placeholder's length less its transition handles is invalid", at: pointer)
    }
    let start = placeholder.sourceRange?.start ?? Time(value: 0, timescale: length.timescale)
    let range = try Self.otioRange(TimeRange(start: start, duration: length), at: pointer)
    switch placeholder.role {
    case .gap:
      return OTIOObjects.gap(range, name: placeholder.name)
    case .offline:
      let reference = placeholder.referenceJSON ?? OTIOObjects.missingReference()
      return OTIOObjects.clip(
        name: placeholder.name, metadata: [:], sourceRange: range, reference: reference)
    }
  }
}
