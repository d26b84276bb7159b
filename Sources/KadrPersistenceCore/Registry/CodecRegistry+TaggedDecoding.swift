import Foundation
import KadrModel

/// Reading clips and overlays: `{"<kindID>": {"_0": payload}}`.
extension CodecRegistry {
  func decodeClips(_ decoder: ValueDecoder, session: CodingSession) throws(PersistenceError)
    -> [any Clip]
  {
    let elements = try decoder.elements()
    return try session.nested(at: decoder.pointer) { () throws(PersistenceError) in
      var clips: [any Clip] = []
      clips.reserveCapacity(elements.count)
      for element in elements {
        session.clipCount += 1
        guard session.clipCount <= session.options.limits.maximumClipCount else {
          throw element.error(
            .limitExceeded(
              "The document holds more than \(session.options.limits.maximumClipCount) clips"))
        }
        let clip = try decodeTagged(
          element, table: self.clips, point: .clip, session: session
        ) { kind, json, version in
          PreservedClip(kindID: kind, json: json, payloadVersion: version)
        }
        clips.append(clip)
      }
      return clips
    }
  }

  func decodeOverlays(_ decoder: ValueDecoder, session: CodingSession) throws(PersistenceError)
    -> [any Overlay]
  {
    var overlays: [any Overlay] = []
    for element in try decoder.elements() {
      overlays.append(
        try decodeTagged(element, table: self.overlays, point: .overlay, session: session) {
          kind, json, version in
          PreservedOverlay(kindID: kind, json: json, payloadVersion: version)
        })
    }
    return overlays
  }

  private func decodeTagged<Base>(
    _ decoder: ValueDecoder, table: CodecTable<Base>, point: ExtensionPoint,
    session: CodingSession, preserve: (KindID, JSONValue, Int) -> Base
  ) throws(PersistenceError) -> Base {
    guard case .object(let wrapper) = decoder.json, wrapper.count == 1,
      let kindText = wrapper.keys.first, let inner = wrapper.values.first
    else {
      throw decoder.error(
        .invalidValue(
          "A \(point) must be an object with exactly one key, its kind id, such as "
            + "{\"video\": {\"_0\": {…}}}"))
    }
    let kind = KindID(kindText)
    let kindPointer = decoder.pointer.appending(key: kindText)
    let version = session.payloadVersions[kind] ?? 1
    guard let codec = table.byKind[kind] else {
      guard session.options.preservingUnknown else {
        throw PersistenceError(.unknownKind(point, kind), at: decoder.pointer, kindID: kind)
      }
      return preserved(point, kind, version, decoder, session, preserve)
    }
    let payloadPointer = kindPointer.appending(key: Self.payloadBoxKey)
    guard case .object(let box) = inner, box.count == 1,
      case .object(let payload)? = box[Self.payloadBoxKey]
    else {
      throw PersistenceError(
        .invalidValue("The \(point) must hold {\"_0\": {…payload…}}"), at: kindPointer,
        kindID: kind, extensionPoint: point)
    }
    if version > codec.payloadVersion {
      guard session.options.preservingUnknown else {
        throw PersistenceError(
          .payloadVersionTooNew(found: version, supported: codec.payloadVersion),
          at: payloadPointer, kindID: kind, extensionPoint: point)
      }
      return preserved(point, kind, version, decoder, session, preserve)
    }
    do throws(PersistenceError) {
      let upgraded = try codec.upgrade(payload, from: version, at: payloadPointer)
      return try codec.decode(upgraded, session, payloadPointer)
    } catch {
      throw error.attributed(to: kind, at: point)
    }
  }

  private func preserved<Base>(
    _ point: ExtensionPoint, _ kind: KindID, _ version: Int, _ decoder: ValueDecoder,
    _ session: CodingSession, _ preserve: (KindID, JSONValue, Int) -> Base
  ) -> Base {
    session.preserved.append(
      PreservedContent(
        extensionPoint: point, kindID: kind, payloadVersion: version,
        pointer: decoder.pointer.description))
    return preserve(kind, decoder.json, version)
  }
}
