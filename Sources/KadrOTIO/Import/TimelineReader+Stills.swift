import Foundation
import KadrModel
import KadrPersistence

extension TimelineReader {
  /// The image clip the exporter wrote with a reference to the image's file: the image is the
  /// one the URL names (a file store's file, a URL store's URL), else the metadata token's.
  mutating func imageClip(_ fields: ClipFields, handles: Handles, start: StartPlacement)
    throws(PersistenceError) -> (any Clip)?
  {
    guard let stored = fields.stored else { return nil }
    let url = try targetURL(of: fields.reference)
    var store = images
    // The token the codec marks in the metadata, answered with the image the file names, so
    // that the metadata's own token is never resolved when the reference says otherwise.
    if let token = ImageLocation.token(for: url) {
      if let written = registry.imageTokens(in: stored.tagged.json).first, written != token {
        let pointer = fields.reference.pointer(OTIOKey.targetURL)
        do {
          store = SubstitutedImageStore(
            base: images, token: written, image: try images.image(for: token))
        } catch {
          throw PersistenceError.unresolved(error, token: token, at: pointer)
        }
      }
    } else {
      report.add(
        .keptKadrValue, at: fields.reference.pointer(OTIOKey.targetURL),
        "The image reference '\(url.absoluteString)' names no image store's file; the image "
          + "token kept in kadr's metadata is used.")
    }
    return try still(
      fields, tagged: stored.tagged, hasMetadata: true, parameters: nil, images: store,
      handles: handles, start: start)
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
      parameters: parameters, images: images, handles: handles, start: start)
  }

  /// A still (an image, a title, a plugin's clip): decoded from its payload, with its duration,
  /// id and start time set from the file where the file says otherwise than the metadata.
  private mutating func still(
    _ fields: ClipFields, tagged: TaggedPayload, hasMetadata: Bool, parameters: OTIONode?,
    images: any ImageStore, handles: Handles, start: StartPlacement
  ) throws(PersistenceError) -> (any Clip)? {
    var derived: Time?
    if let sourceRange = fields.sourceRange {
      let pointer = fields.node.pointer(OTIOKey.sourceRange)
      derived = try Self.sum(
        try range(sourceRange, at: pointer).duration, handles.head, handles.tail, at: pointer)
    }
    let decoded = try decodeStill(
      tagged, fields: fields, parameters: parameters, hasMetadata: hasMetadata, images: images)
    let projected = try? ClipTiming.stillRange(duration: decoded.duration, handles: handles)
    let duration =
      projected.map(OTIOTimeRange.init) == fields.sourceRange
      ? decoded.duration : derived ?? decoded.duration
    let id = clipID(fields, stored: hasMetadata ? decoded : nil, kind: tagged.kind)
    let startTime = startTime(start, stored: decoded.startTime, hasMetadata: hasMetadata)
    switch decoded {
    case let image as ImageClip:
      return image.changing(duration: duration, clipID: id, startTime: startTime)
    case let title as TitleSequence:
      return title.changing(duration: duration, clipID: id, startTime: startTime)
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
    _ tagged: TaggedPayload, fields: ClipFields, parameters: OTIONode?, hasMetadata: Bool,
    images: any ImageStore
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

/// An image store that answers one token with an image already resolved: the token kadr's
/// metadata holds, with the image the file's reference names.
private struct SubstitutedImageStore: ImageStore {
  let base: any ImageStore
  let token: String
  let image: PlatformImage

  func token(for image: PlatformImage) throws -> String {
    try base.token(for: image)
  }

  func image(for token: String) throws -> PlatformImage {
    token == self.token ? image : try base.image(for: token)
  }
}
