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
    return try encodeTagged(
      clip, table: clips, noun: "clip", id: clip.clipID?.rawValue, list: list, index: index,
      to: encoder)
  }

  /// Writes one overlay of a list, or nothing (its loss reported).
  func encodeOverlay(
    _ overlay: any Overlay, index: Int, list: JSONPointer, to encoder: ValueEncoder
  ) throws -> WrittenJSON? {
    if let preserved = exactCast(overlay, to: PreservedOverlay.self) {
      return try writePreserved(
        .overlay, preserved.kindID, preserved.payloadVersion, preserved.json, to: encoder)
    }
    return try encodeTagged(
      overlay, table: overlays, noun: "overlay", id: overlay.layerID?.rawValue, list: list,
      index: index, to: encoder)
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

  /// Writes a clip or an overlay, element `index` of the list at `list`, its loss place on the
  /// session's stack meanwhile.
  ///
  /// The place is made in the stack, not passed in.
  // Figure: a place made by the caller and copied in, then labelled as a copy, was copied twice
  // and destroyed three times a value: about 0.5 M instructions a save of 1,000 clips.
  private func encodeTagged<Base>(
    _ value: Base, table: CodecTable<Base>, noun: StaticString, id: String?, list: JSONPointer,
    index: Int, to encoder: ValueEncoder
  ) throws -> WrittenJSON? {
    let session = encoder.session
    let type = type(of: value as Any)
    guard let codec = table.codec(forType: ObjectIdentifier(type)) else {
      session.locations.append(LossPlace(noun: noun, id: id, list: list, index: index))
      defer { session.locations.removeLast() }
      let point: ExtensionPoint = Base.self == (any Clip).self ? .clip : .overlay
      session.recordLoss(
        .unregisteredType(point, type: String(reflecting: type)), at: encoder.pointer)
      return nil
    }
    session.locations.append(
      LossPlace(noun: noun, id: id, list: list, index: index) { codec.label(value) })
    defer { session.locations.removeLast() }
    let kind = codec.kindID.rawValue
    var wrapper = encoder.keyed(by: NoKeys.self)
    var written: WrittenJSON?
    do throws {
      try wrapper.member(kind) { kindEncoder throws in
        var box = kindEncoder.keyed(by: NoKeys.self)
        try box.member(Self.payloadBoxKey) { payloadEncoder throws in
          written = try codec.encode(value, payloadEncoder, nil, true)
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
