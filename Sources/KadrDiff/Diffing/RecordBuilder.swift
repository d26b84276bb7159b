import KadrPersistence

/// Walks a composition's clips alongside their JSON and builds the records compared.
enum RecordBuilder {
  /// The records of one clip list (top level or a track's).
  ///
  /// - Throws: ``DiffError`` when the list's JSON does not have one entry per clip.
  static func clips(
    _ clips: [any Clip], json: JSONValue?, pointer: JSONPointer, path: [Int],
    starts: [[Int]: Time]
  ) throws -> [Record] {
    let entries = try array(json, count: clips.count, pointer: pointer)
    var records: [Record] = []
    records.reserveCapacity(clips.count)
    for (index, clip) in clips.enumerated() {
      let entry = entries[index]
      let here = path + [index]
      let entryPointer = pointer.appending(index: index)
      let (kind, payload) = tagged(entry)
      var trim: [Time]?
      if let video = clip as? VideoClip, let range = video.trimRange {
        trim = [range.start, range.duration]
      }
      var content = entry
      var children: [Record]?
      if let track = clip as? Track, let kind, case .object(var object)? = payload {
        let childPointer = entryPointer.appending(key: kind).appending(key: DocumentKeys.payloadBox)
          .appending(key: DocumentKeys.clips)
        children = try self.clips(
          track.clips, json: object[DocumentKeys.clips], pointer: childPointer, path: here,
          starts: starts)
        object[DocumentKeys.clips] = nil
        content = retagged(entry, kind: kind, payload: .object(object))
      }
      let record = Record(
        key: key(of: clip, kind: kind), label: label(of: clip, kind: kind), kindID: kind,
        pointer: entryPointer, path: here, entry: entry, content: content,
        timing: DiffTiming(
          start: starts[here].map(DiffTime.init), duration: DiffTime(clip.duration)),
        trim: trim, children: children)
      records.append(record)
    }
    return records
  }

  /// The records of an overlay, audio or caption list; `identify` gives each element's key and
  /// label from its index and kind id.
  ///
  /// - Throws: ``DiffError`` when the list's JSON does not have one entry per value.
  static func list(
    _ json: JSONValue?, count: Int, pointer: JSONPointer,
    identify: (Int, String?) -> (key: String, label: String)
  ) throws -> [Record] {
    let entries = try array(json, count: count, pointer: pointer)
    return entries.enumerated().map { index, entry in
      let kind = tagged(entry).kind
      let (key, label) = identify(index, kind)
      return Record(
        key: key, label: label, kindID: kind, pointer: pointer.appending(index: index),
        path: [index],
        entry: entry, content: entry)
    }
  }

  /// The kind id and payload of a tagged entry `{"<kind>": {"_0": payload}}`; `nil`s for a
  /// value that is not tagged (an audio track, a caption).
  static func tagged(_ entry: JSONValue) -> (kind: String?, payload: JSONValue?) {
    guard case .object(let object) = entry, object.count == 1, let kind = object.keys.first,
      case .object(let box)? = object[kind], box.count == 1,
      let payload = box[DocumentKeys.payloadBox]
    else { return (nil, nil) }
    return (kind, payload)
  }

  /// `{"<kind>": {"_0": payload}}`.
  static func retagged(_ entry: JSONValue, kind: String, payload: JSONValue) -> JSONValue {
    var box = JSONObject()
    box[DocumentKeys.payloadBox] = payload
    var object = JSONObject()
    object[kind] = .object(box)
    return .object(object)
  }

  private static func array(_ json: JSONValue?, count: Int, pointer: JSONPointer) throws
    -> [JSONValue]
  {
    switch json {
    case .array(let entries)? where entries.count == count: return entries
    case nil where count == 0: return []
    default: throw DiffError(.unaligned(pointer: pointer.description))
    }
  }

  private static func key(of clip: any Clip, kind: String?) -> String {
    if let id = clip.clipID { return "id:\(id.rawValue)" }
    if let video = clip as? VideoClip {
      let inPoint = video.trimRange.map { reduced($0.start) } ?? "-"
      return "media:\(video.urlString)@\(inPoint)#\(kind ?? "")"
    }
    if let track = clip as? Track { return "track:\(track.name ?? "")" }
    return "kind:\(kind ?? "")"
  }

  /// `value/timescale` in lowest terms, so that equal times give equal keys.
  private static func reduced(_ time: Time) -> String {
    var (a, b) = (abs(time.value), Int64(time.timescale))
    while b != 0 { (a, b) = (b, a % b) }
    let divisor = max(a, 1)
    return "\(time.value / divisor)/\(Int64(time.timescale) / divisor)"
  }

  private static func label(of clip: any Clip, kind: String?) -> String {
    // The name the person gave the clip first, as their editor shows it; then its id.
    if let name = (clip as? VideoClip)?.name ?? (clip as? TitleSequence)?.name
      ?? (clip as? ImageClip)?.name
    {
      return "clip “\(name)”"
    }
    if let id = clip.clipID { return "clip “\(id.rawValue)”" }
    if let video = clip as? VideoClip { return "video \(video.url.lastPathComponent)" }
    if let track = clip as? Track { return track.name.map { "track “\($0)”" } ?? "track" }
    return kind ?? "clip"
  }
}
