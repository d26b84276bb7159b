import Foundation
import KadrModel

/// Writing clips and overlays: `{"<kindID>": {"_0": payload}}`.
extension CodecRegistry {
  /// The key of the object that holds a clip's or overlay's payload under its kind id.
  package static let payloadBoxKey = "_0"

  func encodeClips(_ clips: [any Clip], to encoder: ValueEncoder) throws -> WrittenJSON {
    try encoder.session.nested(at: encoder.pointer) { () throws in
      try encodeList(clips, to: encoder, encodeClip)
    }
  }

  func encodeOverlays(_ overlays: [any Overlay], to encoder: ValueEncoder) throws -> WrittenJSON {
    try encodeList(overlays, to: encoder, encodeOverlay)
  }

  /// Writes a list, each element with `write` (given the element, its index and the list's
  /// pointer); an element written as nothing is left out.
  private func encodeList<Element>(
    _ elements: [Element], to encoder: ValueEncoder,
    _ write: (Element, Int, JSONPointer, ValueEncoder) throws -> WrittenJSON?
  ) throws -> WrittenJSON {
    let pointer = encoder.pointer
    var array = encoder.array()
    for (index, element) in elements.enumerated() {
      try array.append(index: index) { try write(element, index, pointer, $0) }
    }
    return array.finish()
  }

  /// Writes one clip of a list: `{"<kindID>": {"_0": …}}`, or nothing (its loss reported).
  func encodeClip(_ clip: any Clip, index: Int, list: JSONPointer, to encoder: ValueEncoder)
    throws -> WrittenJSON?
  {
    if let preserved = exactCast(clip, to: PreservedClip.self) {
      return try writePreserved(
        .clip, preserved.kindID, preserved.payloadVersion, preserved.json, to: encoder)
    }
    let place = ListedPlace(
      noun: "clip", point: .clip, type: type(of: clip), id: clip.clipID?.rawValue, list: list,
      index: index)
    return try encodeListed(clip, at: place, with: clips, to: encoder) { .clip(clip, $0) }
  }

  /// Writes one overlay of a list, or nothing (its loss reported).
  func encodeOverlay(
    _ overlay: any Overlay, index: Int, list: JSONPointer, to encoder: ValueEncoder
  ) throws -> WrittenJSON? {
    if let preserved = exactCast(overlay, to: PreservedOverlay.self) {
      return try writePreserved(
        .overlay, preserved.kindID, preserved.payloadVersion, preserved.json, to: encoder)
    }
    let place = ListedPlace(
      noun: "overlay", point: .overlay, type: type(of: overlay), id: overlay.layerID?.rawValue,
      list: list, index: index)
    return try encodeListed(overlay, at: place, with: overlays, to: encoder) {
      .overlay(overlay, $0)
    }
  }

  /// Where a clip or an overlay stands in its list, and its dynamic type (found by the caller:
  /// in a generic function `type(of:)` of an existential is the existential's own type).
  private struct ListedPlace {
    let noun: StaticString
    let point: ExtensionPoint
    let type: Any.Type
    let id: String?
    let list: JSONPointer
    let index: Int
  }

  /// Writes a clip or an overlay with its type's codec, or nothing (reported lost) without one.
  private func encodeListed<Base>(
    _ value: Base, at place: ListedPlace, with table: CodecTable<Base>, to encoder: ValueEncoder,
    subject: (RegisteredCodec<Base>) -> LossSubject
  ) throws -> WrittenJSON? {
    let session = encoder.session
    let codec = table.codec(forType: ObjectIdentifier(place.type))
    session.locations.append(
      LossPlace(
        noun: place.noun, id: place.id, list: place.list, index: place.index,
        subject: codec.map(subject)))
    defer { session.locations.removeLast() }
    guard let codec else {
      let registration = (place.type as? any CodecRegistrationHinting.Type)?.codecRegistration
      session.recordLoss(
        .unregisteredType(place.point, type: String(reflecting: place.type)),
        at: encoder.pointer, detail: registration.map { "register it with \($0)" })
      return nil
    }
    return try encodeTagged(value, codec: codec, to: encoder)
  }

  /// Writes content kept verbatim from a document, and records it in the loss report.
  func writePreserved(
    _ point: ExtensionPoint, _ kind: KindID, _ version: Int, _ json: JSONValue,
    to encoder: ValueEncoder
  ) throws -> WrittenJSON {
    let session = encoder.session
    session.preserved.append(
      PreservedContent(
        extensionPoint: point, kindID: kind, payloadVersion: version,
        pointer: encoder.pointer.description))
    session.notePayloadVersion(version, of: kind)
    return try encoder.json(json)
  }

  /// Writes a clip or an overlay with its codec, its place already on the session's stack.
  // Figure: the place made by the caller and the codec found from the value's own type, with
  // no closure or `Any`: about 0.8 M instructions less a save of 1,000 clips.
  private func encodeTagged<Base>(
    _ value: Base, codec: RegisteredCodec<Base>, to encoder: ValueEncoder
  ) throws -> WrittenJSON? {
    let session = encoder.session
    // Figure: the wrapper as its bytes, the path pushed as two keyed encoders would: about
    // 1 M instructions less a save of 1,000 clips.
    let start = session.output.bytes.count
    session.output.bytes.append(codec.taggedPrefix)
    let extra = session.extraKeys.count
    session.extraKeys.push(codec.kindID.rawValue)
    session.extraKeys.push(Self.payloadBoxKey)
    session.pushStep(EncodingStep(table: nil, value: extra, isKey: true))
    session.pushStep(EncodingStep(table: nil, value: extra + 1, isKey: true))
    defer {
      _ = session.path.popLast()
      _ = session.path.popLast()
      session.extraKeys.removeAll(from: extra)
    }
    let payload = ValueEncoder(
      session: session, position: encoder.position.child(in: session).child(in: session))
    do throws {
      guard try codec.encode(value, payload, nil, true) != nil else {
        session.discard(since: start)
        return nil
      }
    } catch {
      session.discard(since: start)
      throw PersistenceError.wrapping(error).attributed(to: codec.kindID, at: codec.point)
    }
    session.output.bytes.append(UInt8(ascii: "}"))
    session.output.bytes.append(UInt8(ascii: "}"))
    session.notePayloadVersion(codec.payloadVersion, of: codec.kindID)
    return session.written(since: start)
  }
}

extension CodingSession {
  /// Records a payload version other than 1, so the document can declare it.
  func notePayloadVersion(_ version: Int, of kind: KindID) {
    if version != 1 { payloadVersions[kind] = version }
    if recordedKinds != nil { recordedKinds?.insert(kind) }
  }
}
