import Foundation
import KadrModel
import KadrPersistence

extension TimelineReader {
  /// The captions and overlays carried by the markers of the timeline's stack; other markers
  /// are reported.
  ///
  /// A caption's text is the marker's name and its range the marked range. An overlay comes
  /// from its metadata, with the marker's name as its layer id and the marked range as its
  /// visibility range where the file says otherwise than the exporter wrote.
  mutating func markers(of stack: OTIONode, compositionEnd: Time) throws(PersistenceError) -> (
    [Caption], [any Overlay]
  ) {
    var captions: [Caption] = []
    var overlays: [any Overlay] = []
    for marker in try stack.nodes(OTIOKey.markers) {
      let kadr = try marker.kadr()
      guard let markedRange = try marker.timeRange(OTIOKey.markedRange) else {
        throw PersistenceError(.missingField(OTIOKey.markedRange), at: marker.pointer)
      }
      let name = try marker.string(OTIOKey.name) ?? ""
      if let stored = try kadr?.node(KadrMetadataKey.caption) {
        let caption: Caption
        do {
          caption = try registry.decodeModel(
            Caption.self, from: .object(stored.object), options: options)
        } catch {
          throw PersistenceError.wrapping(error).relocated(under: stored.pointer)
        }
        let range =
          OTIOTimeRange(caption.timeRange) == markedRange
          ? caption.timeRange : try self.range(markedRange, at: marker.pointer(OTIOKey.markedRange))
        captions.append(Caption(text: name, timeRange: range))
      } else if let kadr, let json = kadr.object[KadrMetadataKey.overlay] {
        overlays.append(
          try overlay(
            json, at: kadr.pointer(KadrMetadataKey.overlay), marker: marker, name: name,
            markedRange: markedRange, compositionEnd: compositionEnd))
      } else {
        reportMarker(marker)
      }
    }
    return (captions, overlays)
  }

  /// An overlay from its metadata, taking the layer id and visibility range from the marker
  /// when they differ from what the exporter wrote.
  private mutating func overlay(
    _ json: JSONValue, at pointer: JSONPointer, marker: OTIONode, name: String,
    markedRange: OTIOTimeRange, compositionEnd: Time
  ) throws(PersistenceError) -> any Overlay {
    let stored = try decodeOverlay(json, at: pointer)
    // An overlay preserved without its codec has no registered type: its kind is its tag.
    let kind =
      registry.overlayKindID(of: type(of: stored))?.rawValue ?? TaggedPayload(json)?.kind ?? ""
    var layerID = stored.layerID
    var visibilityRange = stored.visibilityRange
    if ItemNaming.name(of: stored, kind: kind) != name {
      layerID = name.isEmpty ? nil : LayerID(name)
    }
    let written = stored.visibilityRange ?? ClipTiming.wholeComposition(compositionEnd)
    if OTIOTimeRange(written) != markedRange {
      visibilityRange = try self.range(markedRange, at: marker.pointer(OTIOKey.markedRange))
    }
    guard layerID != stored.layerID || visibilityRange != stored.visibilityRange else {
      return stored
    }
    switch stored {
    case let overlay as TextOverlay:
      return overlay.changing(layerID: layerID, visibilityRange: visibilityRange)
    case let overlay as ImageOverlay:
      return overlay.changing(layerID: layerID, visibilityRange: visibilityRange)
    case let overlay as StickerOverlay:
      return overlay.changing(layerID: layerID, visibilityRange: visibilityRange)
    default:
      report.add(
        .keptKadrValue, at: marker.pointer,
        "The marker of an overlay of kind '\(kind)' was renamed or moved; this kind "
          + "cannot take the change from OpenTimelineIO, so kadr's values are kept.")
      return stored
    }
  }

  private func decodeOverlay(_ json: JSONValue, at pointer: JSONPointer) throws(PersistenceError)
    -> any Overlay
  {
    do {
      return try registry.decodeOverlay(
        from: json, options: options, images: images, payloadVersions: payloadVersions)
    } catch {
      throw PersistenceError.wrapping(error).relocated(under: pointer, dropping: 1)
    }
  }
}
