import KadrPersistence

/// One side of a comparison: the composition and its document, cut into records.
struct Side: Sendable {
  /// The whole document.
  let document: JSONObject
  /// The composition object inside it.
  let composition: JSONObject
  /// The composition's frame rate.
  let frameRate: Int
  /// The top-level clips, each track with its children.
  let clips: [Record]
  /// The other lists, by key: overlays, audio tracks, captions.
  let lists: [String: [Record]]

  /// Cuts a document and the composition decoded from it into records.
  ///
  /// - Throws: ``DiffError`` when the document and the composition do not line up.
  init(document json: JSONValue, video: Video) throws {
    guard case .object(let document) = json,
      case .object(let composition)? = document[DocumentKeys.video]
    else { throw DiffError(.notADocument) }
    self.document = document
    self.composition = composition
    self.frameRate = video.preset.frameRate
    var starts: [[Int]: Time] = [:]
    for layer in video.layout.allLayers {
      if !layer.path.isEmpty { starts[layer.path] = layer.start }
      for entry in layer.entries where starts[entry.path] == nil {
        starts[entry.path] = entry.start
      }
    }
    let root = JSONPointer.root.appending(key: DocumentKeys.video)
    clips = try RecordBuilder.clips(
      video.clips, json: composition[DocumentKeys.clips],
      pointer: root.appending(key: DocumentKeys.clips), path: [], starts: starts)
    var lists: [String: [Record]] = [:]
    lists[DocumentKeys.overlays] = try RecordBuilder.list(
      composition[DocumentKeys.overlays], count: video.overlays.count,
      pointer: root.appending(key: DocumentKeys.overlays)
    ) { index, kind in
      let id = video.overlays[index].layerID
      return (
        id.map { "id:\($0.rawValue)" } ?? "kind:\(kind ?? "")",
        id.map { "overlay “\($0.rawValue)”" } ?? "\(kind ?? "overlay") overlay"
      )
    }
    lists[DocumentKeys.audioTracks] = try RecordBuilder.list(
      composition[DocumentKeys.audioTracks], count: video.audioTracks.count,
      pointer: root.appending(key: DocumentKeys.audioTracks)
    ) { index, _ in
      let url = video.audioTracks[index].url
      return ("url:\(url.absoluteString)", "audio \(url.lastPathComponent)")
    }
    lists[DocumentKeys.captions] = try RecordBuilder.list(
      composition[DocumentKeys.captions], count: video.captions.count,
      pointer: root.appending(key: DocumentKeys.captions)
    ) { index, _ in
      ("caption", "caption “\(video.captions[index].text.prefix(30))”")
    }
    self.lists = lists
  }

  /// The composition's own fields: everything but its lists.
  var fields: JSONObject {
    var fields = composition
    for key in DocumentKeys.lists { fields[key] = nil }
    return fields
  }
}
