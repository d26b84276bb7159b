// The PostgreSQL trait of kadr-persistence builds this module; without it, it is empty.
#if PostgreSQL
  import Foundation
  import KadrPersistence

  /// A composition's document as a live session holds it: each top-level clip as its canonical
  /// JSON text, in blocks, and the rest of the document as a JSON tree.
  ///
  /// A 10,000-clip timeline edited many times a second is mostly clips nobody touches. As text
  /// they take about the document's own size (a tree of the same JSON takes nearly three
  /// times it), and an edit of one clip reads and writes that clip's text and copies one block
  /// and the short list of blocks, not a list of 10,000 elements, so a session's cost per edit
  /// does not grow with the timeline.
  struct LiveDocument: Sendable {
    /// The document with its top-level clips (`video.clips`) left out; the whole document
    /// when it has no list of clips.
    private(set) var frame: JSONValue
    /// The top-level clips, when the document has a list of them.
    private(set) var clips: ClipTexts?

    static let clipsKey = "clips"
    static let rootKey = DocumentEnvelope.rootKey

    /// Holds `document`.
    ///
    /// - Throws: The writer's error for a number JSON cannot hold (never for a document read
    ///   from text).
    init(_ document: JSONValue) throws {
      guard case .object(var root) = document, case .object(var video)? = root[Self.rootKey],
        case .array(let list)? = video[Self.clipsKey]
      else {
        frame = document
        clips = nil
        return
      }
      clips = ClipTexts(try list.map { try $0.jsonText() })
      video[Self.clipsKey] = nil
      root[Self.rootKey] = .object(video)
      frame = .object(root)
    }

    /// Reads a document's bytes.
    init(bytes: Data) throws {
      try self.init(JSONValue(jsonText: String(decoding: bytes, as: UTF8.self)))
    }

    /// The whole document as a tree (a cost in proportion to its length).
    var json: JSONValue {
      get throws {
        guard let clips, case .object(var root) = frame,
          case .object(var video)? = root[Self.rootKey]
        else { return frame }
        var list: [JSONValue] = []
        list.reserveCapacity(clips.count)
        for text in try clips.all() { list.append(try JSONValue(jsonText: text)) }
        video[Self.clipsKey] = .array(list)
        root[Self.rootKey] = .object(video)
        return .object(root)
      }
    }

    /// The document's canonical bytes, as a save writes them.
    func data() throws -> Data {
      try KadrDocument(json: json).data()
    }

    /// The schema the document declares (1 when it says none).
    var schema: Int {
      guard case .object(let root) = frame,
        case .integer(let schema)? = root[DocumentEnvelope.schemaKey]
      else { return KadrDocument.currentSchema }
      return Int(clamping: schema)
    }

    /// Whether the document carries plug-ins' payload versions (then a clip does not read on
    /// its own).
    var hasPayloadVersions: Bool {
      guard case .object(let root) = frame else { return false }
      return root[DocumentEnvelope.payloadVersionsKey] != nil
    }

    /// How many top-level clips the document has.
    var clipCount: Int { clips?.count ?? 0 }

    /// Top-level clip `index`, as a tree.
    func clip(_ index: Int) -> JSONValue? {
      guard let clips, clips.indices.contains(index) else { return nil }
      return try? JSONValue(jsonText: clips.text(at: index))
    }

    /// The document with top-level clip `index` alone in its list of clips.
    func keepingOnlyClip(_ index: Int) throws -> JSONValue {
      guard let clips, clips.indices.contains(index) else {
        throw LivePatch.Mismatch(pointer: "/video/clips/\(index)", reason: "no such element")
      }
      var alone = self
      do { alone.clips = ClipTexts([try clips.text(at: index)]) } catch {
        throw LivePatch.Mismatch(pointer: "/video/clips/\(index)", reason: Self.unreadable)
      }
      return try alone.json
    }

    /// The one top-level clip of a document that has exactly one.
    var onlyClip: JSONValue? {
      guard clipCount == 1 else { return nil }
      return clip(0)
    }

    // MARK: Patches

    /// The document with every operation of `patch` applied in order.
    ///
    /// - Throws: ``LivePatch/Mismatch`` naming the first place that does not exist.
    func applying(_ patch: LivePatch) throws(LivePatch.Mismatch) -> LiveDocument {
      var document = self
      for operation in patch.operations { try document.apply(operation) }
      return document
    }

    private mutating func apply(_ operation: LivePatch.Operation) throws(LivePatch.Mismatch) {
      let path = operation.path
      guard var clips else { return try applyWhole(operation) }
      guard path.count >= 2, path[0] == .key(Self.rootKey) else {
        // The document itself, or a member beside `video`.
        if path.isEmpty || path[0] == .key(Self.rootKey) { return try applyWhole(operation) }
        return try LivePatch.apply(operation, at: path[...], to: &frame, whole: path)
      }
      guard path[1] == .key(Self.clipsKey) else {
        return try LivePatch.apply(operation, at: path[...], to: &frame, whole: path)
      }
      guard path.count >= 3, case .index(let index) = path[2] else {
        return try applyWhole(operation)
      }
      self.clips = nil  // lets `clips` be the only reference while it changes
      defer { self.clips = clips }
      do {
        if path.count == 3 {
          switch operation {
          case .add(_, let value):
            guard index >= 0, index <= clips.count else {
              throw Self.mismatch(path, "an index past the end")
            }
            try clips.insert(try Self.text(value, at: path), at: index)
          case .replace(_, let value):
            guard clips.indices.contains(index) else {
              throw Self.mismatch(path, "no such element")
            }
            try clips.replace(at: index, with: try Self.text(value, at: path))
          case .remove:
            guard clips.indices.contains(index) else {
              throw Self.mismatch(path, "no such element")
            }
            try clips.remove(at: index)
          }
          return
        }
        guard clips.indices.contains(index) else { throw Self.mismatch(path, "no such element") }
        try clips.update(at: index) { text in
          var clip = try Self.tree(text, at: path)
          try LivePatch.apply(operation, at: path[3...], to: &clip, whole: path)
          return try Self.text(clip, at: path)
        }
      } catch let mismatch as LivePatch.Mismatch {
        throw mismatch
      } catch {
        throw Self.mismatch(path, Self.unreadable)
      }
    }

    /// Why a clip's text could not be read back (only a fault of the process's memory).
    static let unreadable = "the clip's text does not read"

    /// Applies an operation that changes the list of clips itself (or the whole document) to
    /// the whole tree.
    private mutating func applyWhole(_ operation: LivePatch.Operation) throws(LivePatch.Mismatch) {
      let path = operation.path
      var whole: JSONValue
      do { whole = try json } catch { throw Self.mismatch(path, "a clip's text does not read") }
      try LivePatch.apply(operation, at: path[...], to: &whole, whole: path)
      do { self = try LiveDocument(whole) } catch {
        throw Self.mismatch(path, "the value is a number JSON cannot hold")
      }
    }

    private static func text(_ value: JSONValue, at path: [LivePathStep]) throws(LivePatch.Mismatch)
      -> String
    {
      do { return try value.jsonText() } catch {
        throw mismatch(path, "the value is a number JSON cannot hold")
      }
    }

    private static func tree(_ text: String, at path: [LivePathStep]) throws(LivePatch.Mismatch)
      -> JSONValue
    {
      do { return try JSONValue(jsonText: text) } catch {
        throw mismatch(path, unreadable)
      }
    }

    private static func mismatch(_ path: [LivePathStep], _ reason: String) -> LivePatch.Mismatch {
      LivePatch.Mismatch(pointer: LivePatch.pointer(path), reason: reason)
    }

    /// The changes that lead from `before` to `after`, as ``LivePatch/between(_:_:)`` finds
    /// them, comparing clips by their text: only the clips that differ are read as trees.
    static func patch(from before: LiveDocument, to after: LiveDocument) throws -> LivePatch {
      guard let old = before.clips, let new = after.clips else {
        return LivePatch.between(try before.json, try after.json)
      }
      var operations = LivePatch.between(before.frame, after.frame).operations
      let prefix: [LivePathStep] = [.key(rootKey), .key(clipsKey)]
      let (oldMiddle, newMiddle) = try ClipTexts.middles(old, new)
      if oldMiddle.count == newMiddle.count {
        for index in try old.differences(from: new, in: oldMiddle) {
          let place = prefix + [.index(index)]
          operations += LivePatch.between(
            try JSONValue(jsonText: old.text(at: index)),
            try JSONValue(jsonText: new.text(at: index))
          ).operations.map { $0.prefixed(by: place) }
        }
      } else {
        for index in oldMiddle.reversed() { operations.append(.remove(prefix + [.index(index)])) }
        for index in newMiddle {
          operations.append(
            .add(prefix + [.index(index)], try JSONValue(jsonText: new.text(at: index))))
        }
      }
      return LivePatch(operations: operations)
    }
  }
#endif
