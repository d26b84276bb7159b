import Foundation
import KadrModel

/// Writing clips and overlays: `{"<kindID>": {"_0": payload}}`.
extension CodecRegistry {
  /// The key of the object that holds a clip's or overlay's payload under its kind id.
  package static let payloadBoxKey = "_0"

  func encodeClips(_ clips: [any Clip], to encoder: ValueEncoder) throws
    -> WrittenJSON
  {
    let session = encoder.session
    let pointer = encoder.pointer
    return try session.nested(at: pointer) { () throws in
      var array = encoder.array()
      for (index, clip) in clips.enumerated() {
        try array.append(index: index) { element throws in
          try encodeClip(clip, index: index, list: pointer, to: element)
        }
      }
      return array.finish()
    }
  }

  func encodeOverlays(_ overlays: [any Overlay], to encoder: ValueEncoder)
    throws -> WrittenJSON
  {
    let pointer = encoder.pointer
    var array = encoder.array()
    for (index, overlay) in overlays.enumerated() {
      try array.append(index: index) { element throws in
        try encodeOverlay(overlay, index: index, list: pointer, to: element)
      }
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
    let place = LossPlace(noun: "clip", id: clip.clipID?.rawValue, list: list, index: index)
    return try encodeTagged(clip, table: clips, place: place, to: encoder)
  }

  /// Writes one overlay of a list, or nothing (its loss reported).
  func encodeOverlay(
    _ overlay: any Overlay, index: Int, list: JSONPointer, to encoder: ValueEncoder
  ) throws -> WrittenJSON? {
    if let preserved = exactCast(overlay, to: PreservedOverlay.self) {
      return try writePreserved(
        .overlay, preserved.kindID, preserved.payloadVersion, preserved.json, to: encoder)
    }
    let place = LossPlace(noun: "overlay", id: overlay.layerID?.rawValue, list: list, index: index)
    return try encodeTagged(overlay, table: overlays, place: place, to: encoder)
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

  private func encodeTagged<Base>(
    _ value: Base, table: CodecTable<Base>, place: LossPlace,
    to encoder: ValueEncoder
  ) throws -> WrittenJSON? {
    let session = encoder.session
    let type = type(of: value as Any)
    guard let codec = table.codec(forType: ObjectIdentifier(type)) else {
      session.locations.append(place)
      defer { session.locations.removeLast() }
      let point: ExtensionPoint = Base.self == (any Clip).self ? .clip : .overlay
      session.recordLoss(
        .unregisteredType(point, type: String(reflecting: type)), at: encoder.pointer)
      return nil
    }
    var pushedLocation = false
    defer { if pushedLocation { session.locations.removeLast() } }
    let kind = codec.kindID.rawValue
    var wrapper = encoder.keyed(by: NoKeys.self)
    var written: WrittenJSON?
    do throws {
      try wrapper.member(kind) { kindEncoder throws in
        var box = kindEncoder.keyed(by: NoKeys.self)
        try box.member(Self.payloadBoxKey) { payloadEncoder throws in
          written = try codec.encode(value, payloadEncoder, nil) { findings in
            session.locations.append(place.labelled { codec.label(value) })
            pushedLocation = true
            guard !findings.isEmpty else { return }
            let payloadPointer = payloadEncoder.pointer
            for finding in findings {
              session.recordLoss(
                finding.kind,
                at: finding.field.map { payloadPointer.appending(key: $0) } ?? payloadPointer)
            }
          }
          return written
        }
        if written == nil { box.omitValue() }
        return box.finish()
      }
    } catch {
      wrapper.omitValue()
      wrapper.finish()
      throw PersistenceError.wrapping(error).attributed(to: codec.kindID, at: codec.point)
    }
    if written == nil { wrapper.omitValue() }
    guard let result = wrapper.finish() else { return nil }
    session.notePayloadVersion(codec.payloadVersion, of: codec.kindID)
    return result
  }
}

extension CodingSession {
  /// Records a payload version other than 1, so the document can declare it.
  func notePayloadVersion(_ version: Int, of kind: KindID) {
    if version != 1 { payloadVersions[kind] = version }
  }
}
