import Foundation
import KadrModel

/// Clips and overlays: `{"<kindID>": {"_0": payload}}`.
extension CodecRegistry {
  static let payloadBoxKey = "_0"

  func encodeClips(_ clips: [any Clip], session: CodingSession, pointer: JSONPointer)
    throws(PersistenceError) -> [JSONValue]
  {
    try session.nested(at: pointer) { () throws(PersistenceError) in
      var array: [JSONValue] = []
      array.reserveCapacity(clips.count)
      for (index, clip) in clips.enumerated() {
        let at = pointer.appending(index: index)
        if let preserved = clip as? PreservedClip {
          session.preserved.append(
            PreservedContent(
              extensionPoint: .clip, kindID: preserved.kindID,
              payloadVersion: preserved.payloadVersion, pointer: at.description))
          session.notePayloadVersion(preserved.payloadVersion, of: preserved.kindID)
          array.append(preserved.json)
          continue
        }
        let place = Self.place(
          id: clip.clipID.map { "clip “\($0)”" }, list: pointer, index: index)
        if let json = try encodeTagged(
          clip, table: self.clips, place: place, session: session, pointer: at)
        {
          array.append(json)
        }
      }
      return array
    }
  }

  func encodeOverlays(_ overlays: [any Overlay], session: CodingSession, pointer: JSONPointer)
    throws(PersistenceError) -> [JSONValue]
  {
    var array: [JSONValue] = []
    array.reserveCapacity(overlays.count)
    for (index, overlay) in overlays.enumerated() {
      let at = pointer.appending(index: index)
      if let preserved = overlay as? PreservedOverlay {
        session.preserved.append(
          PreservedContent(
            extensionPoint: .overlay, kindID: preserved.kindID,
            payloadVersion: preserved.payloadVersion, pointer: at.description))
        session.notePayloadVersion(preserved.payloadVersion, of: preserved.kindID)
        array.append(preserved.json)
        continue
      }
      let place = Self.place(
        id: overlay.layerID.map { "overlay “\($0)”" }, list: pointer, index: index)
      if let json = try encodeTagged(
        overlay, table: self.overlays, place: place, session: session, pointer: at)
      {
        array.append(json)
      }
    }
    return array
  }

  /// A place for loss locations: the identity when there is one, else `list[index]`.
  static func place(id: String?, list: JSONPointer, index: Int) -> (String?, String) {
    (id, "\(list.lastKey ?? "items")[\(index)]")
  }

  private func encodeTagged<Base>(
    _ value: Base, table: CodecTable<Base>, place: (id: String?, indexed: String),
    session: CodingSession, pointer: JSONPointer
  ) throws(PersistenceError) -> JSONValue? {
    let type = type(of: value as Any)
    guard let codec = table.codec(forType: ObjectIdentifier(type)) else {
      session.locations.append(place.id ?? place.indexed)
      defer { session.locations.removeLast() }
      let point: ExtensionPoint = Base.self == (any Clip).self ? .clip : .overlay
      session.recordLoss(.unregisteredType(point, type: String(reflecting: type)), at: pointer)
      return nil
    }
    let label = codec.label(value)
    session.locations.append(place.id ?? (place.indexed + (label.map { " (\($0))" } ?? "")))
    defer { session.locations.removeLast() }
    let kind = codec.kindID.rawValue
    let payloadPointer = pointer.appending(key: kind).appending(key: Self.payloadBoxKey)
    for finding in codec.losses(value) {
      session.recordLoss(
        finding.kind, at: finding.field.map { payloadPointer.appending(key: $0) } ?? payloadPointer)
    }
    do throws(PersistenceError) {
      guard let payload = try codec.encode(value, session, payloadPointer) else { return nil }
      session.notePayloadVersion(codec.payloadVersion, of: codec.kindID)
      var box = JSONObject(minimumCapacity: 1)
      box.appendUnchecked(.object(payload), forKey: Self.payloadBoxKey)
      var wrapper = JSONObject(minimumCapacity: 1)
      wrapper.appendUnchecked(.object(box), forKey: kind)
      return .object(wrapper)
    } catch {
      throw error.attributed(to: codec.kindID, at: codec.point)
    }
  }

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

extension CodingSession {
  /// Records a payload version other than 1, so the document can declare it.
  func notePayloadVersion(_ version: Int, of kind: KindID) {
    if version != 1 { payloadVersions[kind] = version }
  }
}
