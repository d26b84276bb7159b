import Foundation
import KadrModel
import KadrPersistence

extension TimelineReader {
  /// What a clip's OpenTimelineIO fields say, read once for every clip kind.
  struct ClipFields {
    let node: OTIONode
    let name: String
    let sourceRange: OTIOTimeRange?
    let reference: OTIONode
    /// The clip's kadr metadata and the tagged clip in it.
    let kadr: OTIONode?
    let stored: (tagged: TaggedPayload, pointer: JSONPointer)?
  }

  /// The kadr clip of a `Clip`, or `nil` (reported) when it has no media kadr can show.
  ///
  /// An external reference is a video clip (or the image clip the exporter wrote, when the
  /// metadata says so); a generator of kind `kadr.<kind>` is a clip of that kind (a title, an
  /// image, a plugin's); any other reference is reported and the clip left out.
  mutating func clip(_ node: OTIONode, handles: Handles, start: StartPlacement)
    throws(PersistenceError) -> (any Clip)?
  {
    try countClip(at: node.pointer)
    for marker in try node.nodes(OTIOKey.markers) { reportMarker(marker) }
    try reportForeignMetadata(of: node)
    guard let reference = try activeReference(of: node) else {
      report.add(
        .missingReference, at: node.pointer,
        "The clip has no media reference; left out.")
      return nil
    }
    let kadr = try node.kadr()
    let fields = ClipFields(
      node: node, name: try node.string(OTIOKey.name) ?? "",
      sourceRange: try node.timeRange(OTIOKey.sourceRange), reference: reference, kadr: kadr,
      stored: try taggedClip(in: kadr))
    switch try reference.family() {
    case "ExternalReference":
      if fields.stored?.tagged.kind == "image" {
        return try imageClip(fields, handles: handles, start: start)
      }
      return try videoClip(fields, handles: handles, start: start)
    case "GeneratorReference":
      let kind = try reference.string(OTIOKey.generatorKind) ?? ""
      guard kind.hasPrefix(OTIOValue.generatorPrefix) else {
        report.add(
          .unsupportedReference, at: reference.pointer(OTIOKey.generatorKind),
          "The generator '\(kind)' has no kadr equivalent; the clip is left out.")
        return nil
      }
      return try generatedClip(
        fields, kind: String(kind.dropFirst(OTIOValue.generatorPrefix.count)), handles: handles,
        start: start)
    case "MissingReference":
      report.add(
        .missingReference, at: reference.pointer,
        "The clip's media is missing (a MissingReference); the clip is left out.")
      return nil
    default:
      report.add(
        .unsupportedReference, at: reference.pointer,
        "A \(try reference.schema()) has no kadr equivalent (kadr plays files by URL); the clip "
          + "is left out.")
      return nil
    }
  }

  /// The active media reference: `media_references[active_media_reference_key]` (`Clip.2`) or
  /// `media_reference` (`Clip.1`).
  func activeReference(of clip: OTIONode) throws(PersistenceError) -> OTIONode? {
    if let references = try clip.node(OTIOKey.mediaReferences) {
      let key = try clip.string(OTIOKey.activeMediaReferenceKey) ?? OTIOValue.defaultMedia
      return try references.node(key)
    }
    return try clip.node(OTIOKey.mediaReference)
  }

  /// The clip's id: the metadata's when the clip's name is what the exporter wrote for it, else
  /// the name (a clip named in another tool gets that name as its id).
  func clipID(_ fields: ClipFields, stored: (any Clip)?, kind: String) -> ClipID? {
    if let stored, ItemNaming.name(of: stored, kind: kind) == fields.name { return stored.clipID }
    return fields.name.isEmpty ? nil : ClipID(fields.name)
  }

  /// The start time a placement gives a clip whose metadata says `stored`.
  func startTime(_ placement: StartPlacement, stored: Time?, hasMetadata: Bool) -> Time? {
    switch placement {
    case .chain:
      return nil
    case .nested:
      return stored
    case .timed(let gap):
      let projected = ClipTiming.leadingGap(for: stored).map(OTIORationalTime.init)
      if hasMetadata, projected == gap?.duration { return stored }
      return gap?.time ?? .zero
    }
  }

  /// The target URL of an external reference.
  ///
  /// - Throws: `PersistenceError` when it is missing or not an absolute URL.
  func targetURL(of reference: OTIONode) throws(PersistenceError) -> URL {
    guard let text = try reference.string(OTIOKey.targetURL) else {
      throw PersistenceError(.missingField(OTIOKey.targetURL), at: reference.pointer)
    }
    guard let url = URL(string: text), url.scheme != nil else {
      throw PersistenceError(.invalidURL(text), at: reference.pointer(OTIOKey.targetURL))
    }
    return url
  }
}
