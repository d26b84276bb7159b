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
}

extension CodingSession {
  /// Records a payload version other than 1, so the document can declare it.
  func notePayloadVersion(_ version: Int, of kind: KindID) {
    if version != 1 { payloadVersions[kind] = version }
  }
}
