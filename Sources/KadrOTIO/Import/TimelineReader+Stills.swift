import Foundation
import KadrModel
import KadrPersistence

extension TimelineReader {
  /// The image clip the exporter wrote with a reference to the image's file: the token is the
  /// one the URL names (a file store's file, a URL store's URL), else the metadata's.
  mutating func imageClip(_ fields: ClipFields, handles: Handles, start: StartPlacement)
    throws(PersistenceError) -> (any Clip)?
  {
    guard let stored = fields.stored else { return nil }
    let url = try targetURL(of: fields.reference)
    var payload = stored.tagged.payload
    if let token = ImageLocation.token(for: url) {
      payload["imageToken"] = .string(token)
    } else {
      report.add(
        .keptKadrValue, at: fields.reference.pointer(OTIOKey.targetURL),
        "The image reference '\(url.absoluteString)' names no image store's file; the image "
          + "token kept in kadr's metadata is used.")
    }
    return try still(
      fields, tagged: TaggedPayload(kind: stored.tagged.kind, payload: payload),
      hasMetadata: true, parameters: nil, handles: handles, start: start)
  }

  /// A clip of a kadr kind carried by a generator reference: the generator's parameters are the
  /// kind's fields (they win over the metadata's), the metadata supplies the rest.
  mutating func generatedClip(
    _ fields: ClipFields, kind: String, handles: Handles, start: StartPlacement
  ) throws(PersistenceError) -> (any Clip)? {
    let parameters = try fields.reference.node(OTIOKey.parameters)
    var payload = JSONObject()
    let hasMetadata = fields.stored?.tagged.kind == kind
    if let stored = fields.stored {
      if hasMetadata {
        payload = stored.tagged.payload
      } else {
        report.add(
          .keptKadrValue, at: stored.pointer,
          "kadr's metadata describes a '\(stored.tagged.kind)' clip but the generator is "
            + "'\(OTIOValue.generatorPrefix)\(kind)'; the metadata is not used.")
      }
    }
    for (key, value) in parameters?.object ?? JSONObject() { payload[key] = value }
    return try still(
      fields, tagged: TaggedPayload(kind: kind, payload: payload), hasMetadata: hasMetadata,
      parameters: parameters, handles: handles, start: start)
  }

  /// A still (an image, a title, a plugin's clip): decoded from its payload, with its duration,
  /// id and start time from the file where the file says otherwise than the metadata.
  private mutating func still(
    _ fields: ClipFields, tagged: TaggedPayload, hasMetadata: Bool, parameters: OTIONode?,
    handles: Handles, start: StartPlacement
  ) throws(PersistenceError) -> (any Clip)? {
    var derived: Time?
    if let sourceRange = fields.sourceRange {
      let pointer = fields.node.pointer(OTIOKey.sourceRange)
      derived = try Self.sum(
        try range(sourceRange, at: pointer).duration, handles.head, handles.tail, at: pointer)
    }
    var payload = tagged.payload
    if payload[TaggedPayload.durationKey] == nil, let derived {
      payload[TaggedPayload.durationKey] = try json(
        of: derived, at: fields.node.pointer(OTIOKey.sourceRange))
    }
    let decoded = try decodeStill(
      TaggedPayload(kind: tagged.kind, payload: payload), fields: fields, parameters: parameters,
      hasMetadata: hasMetadata)
    let projected = try? ClipTiming.stillRange(duration: decoded.duration, handles: handles)
    let duration =
      projected.map(OTIOTimeRange.init) == fields.sourceRange
      ? decoded.duration : derived ?? decoded.duration
    let id = clipID(fields, stored: hasMetadata ? decoded : nil, kind: tagged.kind)
    let startTime = startTime(start, stored: decoded.startTime, hasMetadata: hasMetadata)
    switch decoded {
    case let image as ImageClip:
      return ImageClip(
        image: image.image, duration: duration, backgroundColor: image.backgroundColor,
        audioURL: image.audioURL, clipID: id, startTime: startTime, transform: image.transform,
        transformAnimation: image.transformAnimation, opacity: image.opacity,
        opacityAnimation: image.opacityAnimation)
    case let title as TitleSequence:
      return TitleSequence(
        text: title.text, style: title.style, backgroundColor: title.backgroundColor,
        duration: duration, clipID: id, startTime: startTime, transform: title.transform,
        transformAnimation: title.transformAnimation, opacity: title.opacity,
        opacityAnimation: title.opacityAnimation)
    default:
      if duration != decoded.duration || id != decoded.clipID || startTime != decoded.startTime {
        report.add(
          .keptKadrValue, at: fields.node.pointer,
          "The clip of kind '\(tagged.kind)' was moved, renamed or given another length in the "
            + "file; this kind cannot take the change from OpenTimelineIO, so kadr's values are "
            + "kept.")
      }
      return decoded
    }
  }

  /// Decodes a still's payload, locating an error in the generator's parameters when the field
  /// came from there, else in the metadata.
  private func decodeStill(
    _ tagged: TaggedPayload, fields: ClipFields, parameters: OTIONode?, hasMetadata: Bool
  ) throws(PersistenceError) -> any Clip {
    do {
      return try registry.decodeClip(
        from: tagged.json, options: options, images: images, payloadVersions: payloadVersions)
    } catch {
      let error = PersistenceError.wrapping(error)
      let components = Array((error.pointer?.components ?? []).dropFirst(3))
      var pointer: JSONPointer
      var rest = ArraySlice(components)
      if case .key(let key)? = components.first, let parameters, parameters.object[key] != nil {
        pointer = parameters.pointer
      } else if case .key("imageToken")? = components.first, parameters == nil {
        pointer = fields.reference.pointer(OTIOKey.targetURL)
        rest = []
      } else if hasMetadata, let stored = fields.stored {
        pointer = tagged.payloadPointer(under: stored.pointer)
      } else {
        pointer = fields.node.pointer
        rest = []
      }
      for component in rest { pointer = pointer.appending(component) }
      throw error.moved(to: pointer)
    }
  }
}
