import Foundation
import KadrModel
import KadrPersistence

extension TimelineWriter {
  /// A background audio track: a `Track.1` of kind `Audio` with a gap as long as its start time,
  /// then one clip referencing the file, as long as the track plays (see
  /// `ClipTiming/audioRange(of:compositionEnd:)`), with its speed as a linear time warp.
  /// Volume, fades, ducking, ramps, crossfade and pitch algorithm are in the clip's metadata.
  func audioLayer(_ track: AudioTrack, index: Int) throws(PersistenceError) -> JSONValue {
    let pointer = Self.compositionPointer(FormatKeys.audioTracks).appending(index: index)
    // The whole track, its URL too: the clip's target URL wins over it on import.
    let payload = try encodeModel(track, at: pointer)
    let range = try Self.timing(at: pointer) { () throws(TimingFailure) in
      try ClipTiming.audioRange(of: track, compositionEnd: layout.duration)
    }
    let effects = track.speedRate == 1 ? [] : [OTIOObjects.linearTimeWarp(scalar: track.speedRate)]
    // An offline audio track (imported from a clip whose media was missing) is missing again.
    let offline = OfflineAudio.name(of: track.url)
    let name = offline ?? track.url.lastPathComponent
    let clip = OTIOObjects.clip(
      name: name, metadata: KadrMetadata.wrap([KadrMetadataKey.audioTrack: .object(payload)]),
      sourceRange: try Self.otioRange(range, at: pointer),
      reference: offline == nil
        ? OTIOObjects.externalReference(url: track.url.absoluteString)
        : OTIOObjects.missingReference(), effects: effects)
    var children: [JSONValue] = []
    if let gap = ClipTiming.leadingGap(for: track.startTime) {
      children.append(OTIOObjects.gap(try Self.otioRange(ClipTiming.gapRange(gap), at: pointer)))
    }
    children.append(clip)
    return OTIOObjects.track(
      name: name, kind: OTIOValue.audioKind,
      metadata: KadrMetadata.wrap([KadrMetadataKey.layer: .string(KadrLayerRole.audio.rawValue)]),
      children: children)
  }

  /// One marker per caption on the timeline's stack: named by its text, over its time range.
  func captionMarkers() throws(PersistenceError) -> [JSONValue] {
    var markers: [JSONValue] = []
    for (index, caption) in video.captions.enumerated() {
      let pointer = Self.compositionPointer(FormatKeys.captions).appending(index: index)
      let json = try encodeModel(caption, at: pointer)
      markers.append(
        OTIOObjects.marker(
          name: caption.text, color: OTIOValue.captionColor,
          range: try Self.otioRange(caption.timeRange, at: pointer),
          metadata: KadrMetadata.wrap([KadrMetadataKey.caption: .object(json)])))
    }
    return markers
  }

  /// One marker per overlay on the timeline's stack, in drawing order: named by its layer id
  /// (or text, or kind), over its visibility range or else the whole composition, with its
  /// schema-1 JSON in the metadata. An overlay left out as loss gets no marker.
  func overlayMarkers() throws(PersistenceError) -> [JSONValue] {
    var markers: [JSONValue] = []
    for (index, overlay) in video.overlays.enumerated() {
      let pointer = Self.compositionPointer(FormatKeys.overlays).appending(index: index)
      guard let json = try encodeOverlay(overlay, at: pointer),
        let kind = json.objectValue?.keys.first
      else { continue }
      let range = overlay.visibilityRange ?? ClipTiming.wholeComposition(layout.duration)
      markers.append(
        OTIOObjects.marker(
          name: ItemNaming.name(of: overlay, kind: kind), color: OTIOValue.overlayColor,
          range: try Self.otioRange(range, at: pointer),
          metadata: KadrMetadata.wrap([KadrMetadataKey.overlay: json])))
    }
    return markers
  }
}
