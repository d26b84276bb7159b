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

  /// The kadr clip of a `Clip`, or `nil` when it was left out as loss (an image clip whose
  /// metadata is gone).
  ///
  /// An external reference is a video clip (or the image clip the exporter wrote, when the
  /// metadata says so); a generator of kind `kadr.<kind>` is a clip of that kind (a title, an
  /// image, a plugin's). A clip kadr cannot play — a missing reference, another generator, an
  /// image sequence, a target URL kadr cannot use — keeps its place as an offline
  /// ``OTIOPlaceholder``, and is reported.
  mutating func clip(_ node: OTIONode, handles: Handles, start: StartPlacement)
    throws(PersistenceError) -> (any Clip)?
  {
    try countClip(at: node.pointer)
    for marker in try node.nodes(OTIOKey.markers) { reportMarker(marker) }
    try reportForeignMetadata(of: node)
    let kadr = try node.kadr()
    let name = try node.string(OTIOKey.name) ?? ""
    let sourceRange = try node.timeRange(OTIOKey.sourceRange)
    guard let reference = try activeReference(of: node) else {
      report.add(
        .missingReference, at: node.pointer,
        "The clip has no media reference; kept as an offline placeholder.")
      return try offline(node, name: name, sourceRange: sourceRange, handles: handles, start: start)
    }
    let fields = ClipFields(
      node: node, name: name, sourceRange: sourceRange, reference: reference, kadr: kadr,
      stored: try taggedClip(in: kadr))
    switch try reference.family() {
    case "ExternalReference":
      if fields.stored.map({ isKind($0.tagged, ImageClip.self) }) == true {
        return try imageClip(fields, handles: handles, start: start)
      }
      switch try resolvedURL(of: reference) {
      case .url(let url, _):
        return try videoClip(fields, url: url, handles: handles, start: start)
      case .unresolvedRelative(let path):
        report.add(
          .missingReference, at: reference.pointer(OTIOKey.targetURL),
          "The relative path '\(path)' has no directory to resolve against (import from a file, "
            + "or give a media root); kept as an offline placeholder.")
        return try offline(
          node, name: name, sourceRange: sourceRange, handles: handles, start: start,
          reference: reference, mediaURL: URL(string: path))
      case .unusable:
        report.add(
          .missingReference, at: reference.pointer(OTIOKey.targetURL),
          "The clip's target URL is empty or unreadable; kept as an offline placeholder.")
        return try offline(
          node, name: name, sourceRange: sourceRange, handles: handles, start: start,
          reference: reference)
      }
    case "GeneratorReference":
      let kind = try reference.string(OTIOKey.generatorKind) ?? ""
      guard kind.hasPrefix(OTIOValue.generatorPrefix) else {
        report.add(
          .unsupportedReference, at: reference.pointer(OTIOKey.generatorKind),
          "The generator '\(kind)' has no kadr equivalent; kept as an offline placeholder.")
        return try offline(
          node, name: name, sourceRange: sourceRange, handles: handles, start: start,
          reference: reference)
      }
      return try generatedClip(
        fields, kind: String(kind.dropFirst(OTIOValue.generatorPrefix.count)), handles: handles,
        start: start)
    case "MissingReference":
      // A clip kadr generates (a title, an image without a file, a plugin's kind), written for
      // an adapter that knows no generators: its fields are in kadr's metadata.
      if let stored = fields.stored, !isKind(stored.tagged, VideoClip.self) {
        return try generatedClip(
          fields, kind: stored.tagged.kind, handles: handles, start: start)
      }
      report.add(
        .missingReference, at: reference.pointer,
        "The clip's media is missing (a MissingReference); kept as an offline placeholder.")
      return try offline(
        node, name: name, sourceRange: sourceRange, handles: handles, start: start,
        reference: reference)
    case "ImageSequenceReference":
      let base = try reference.string(OTIOKey.targetURLBase) ?? ""
      report.add(
        .unsupportedReference, at: reference.pointer,
        "An image sequence has no kadr equivalent (kadr plays files by URL); kept as an offline "
          + "placeholder.")
      var location: URL?
      if case .url(let url, _) = try resolvedURL(text: base, at: reference.pointer) {
        location = url
      }
      return try offline(
        node, name: name, sourceRange: sourceRange, handles: handles, start: start,
        reference: reference, mediaURL: location)
    default:
      report.add(
        .unsupportedReference, at: reference.pointer,
        "A \(try reference.schema()) has no kadr equivalent (kadr plays files by URL); kept as an "
          + "offline placeholder.")
      return try offline(
        node, name: name, sourceRange: sourceRange, handles: handles, start: start,
        reference: reference)
    }
  }

  /// Whether `tagged` is a clip of the kind the registry writes `type` as.
  func isKind(_ tagged: TaggedPayload, _ type: any Clip.Type) -> Bool {
    registry.clipKindID(of: type)?.rawValue == tagged.kind
  }

  /// An offline placeholder for a clip kadr cannot play: its name, its length on the track
  /// (source range plus the handles of neighbouring transitions, else its media's available
  /// range), the original reference (written back on export) and where its media was.
  mutating func offline(
    _ node: OTIONode, name: String, sourceRange: OTIOTimeRange?, handles: Handles,
    start: StartPlacement, reference: OTIONode? = nil, mediaURL: URL? = nil
  ) throws(PersistenceError) -> OTIOPlaceholder {
    try reportEffects(ofOffline: node)
    var range: TimeRange?
    if let sourceRange {
      range = try self.range(sourceRange, at: node.pointer(OTIOKey.sourceRange))
    } else if let available = try reference?.timeRange(OTIOKey.availableRange),
      let reference
    {
      range = try self.range(available, at: reference.pointer(OTIOKey.availableRange))
    }
    let duration = try Self.sum(
      range?.duration ?? .zero, handles.head, handles.tail, at: node.pointer)
    var kept: JSONObject?
    if let reference, try reference.family() != "MissingReference" { kept = reference.object }
    return OTIOPlaceholder(
      offline: name, duration: duration, sourceRange: range, mediaURL: mediaURL,
      reference: kept, clipID: name.isEmpty ? nil : ClipID(name),
      startTime: startTime(start, stored: nil, hasMetadata: false))
  }

  /// Reports each effect of a clip kept as an offline placeholder, which holds none of them: a
  /// time warp left out silently made relinked media play at the wrong speed.
  mutating func reportEffects(ofOffline clip: OTIONode) throws(PersistenceError) {
    for effect in try clip.nodes(OTIOKey.effects) {
      let effectName = try effect.string(OTIOKey.effectName) ?? ""
      let name = effectName.isEmpty ? try effect.string(OTIOKey.name) ?? "" : effectName
      switch try effect.family() {
      case "LinearTimeWarp":
        let scalar = try effect.number(OTIOKey.timeScalar) ?? 1
        report.add(
          .unsupportedTimeWarp, at: effect.pointer,
          "The offline clip's time warp (time_scalar \(scalar)) is not kept on its placeholder: "
            + "relinked media play at normal speed, and export writes the clip without it.")
      default:
        report.add(
          .unknownEffect, at: effect.pointer,
          "The effect '\(name.isEmpty ? try effect.schema() : name)' of an offline clip is not "
            + "kept on its placeholder; left out.")
      }
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
  func clipID(_ fields: ClipFields, stored: (any Clip)?, kind: String?) -> ClipID? {
    if let stored, let kind, ItemNaming.name(of: stored, kind: kind) == fields.name {
      return stored.clipID
    }
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

  /// The target URL of an external reference, as OpenTimelineIO means it (see `MediaPath`).
  ///
  /// - Throws: `PersistenceError` when it is missing or names nothing kadr can use.
  mutating func targetURL(of reference: OTIONode) throws(PersistenceError) -> URL {
    switch try resolvedURL(of: reference) {
    case .url(let url, _): return url
    case .unresolvedRelative, .unusable:
      throw PersistenceError(
        .invalidURL(try reference.string(OTIOKey.targetURL) ?? ""),
        at: reference.pointer(OTIOKey.targetURL))
    }
  }

  /// What an external reference's `target_url` names, noting the rule that read it.
  ///
  /// - Throws: `PersistenceError` when it is missing or not a string.
  mutating func resolvedURL(of reference: OTIONode) throws(PersistenceError)
    -> MediaPath.Resolution
  {
    guard let text = try reference.string(OTIOKey.targetURL) else {
      throw PersistenceError(.missingField(OTIOKey.targetURL), at: reference.pointer)
    }
    return try resolvedURL(text: text, at: reference.pointer(OTIOKey.targetURL))
  }

  /// What `text` names, noting the rule that read it (reported once per rule).
  mutating func resolvedURL(text: String, at pointer: JSONPointer) throws(PersistenceError)
    -> MediaPath.Resolution
  {
    let resolution = MediaPath.resolve(text, base: mediaBase)
    if case .url(let url, let rule) = resolution, rule != .url {
      paths.note(rule, at: pointer, from: text, to: url)
    }
    return resolution
  }
}
