import Foundation
import KadrModel
import KadrPersistence
import Testing

@testable import KadrPersistenceCore

/// A single value, an export's piece and a document as a tree are built as `JSONValue`s by the
/// encoder's tree sink, not written and parsed back: the tree must be what the bytes of a save
/// read as, for every built-in kind.
@Suite("Values built as trees")
struct TreeEncodingTests {
  static let registry = CodecRegistry.standard
  static let allowing = CodingOptions(allowingLoss: true)

  /// Every sample of every clip kind of the standard registry: its single-value encoding is the
  /// clip a full save writes, by `==` and by the bytes the writer writes.
  @Test func aClipsTreeIsTheClipOfASave() throws {
    for (kind, codec) in Self.registry.clips.byKind {
      let samples = codec.samples()
      for (index, clip) in ([samples.minimal] + samples.maximal).enumerated() {
        let images = InMemoryImageStore()
        let tree = try Self.registry.encode(clip: clip, options: Self.allowing, images: images)
        let saved = try Self.savedPiece(
          of: Video(clips: [clip]), at: ["video", "clips", 0], images: images)
        Self.expectSame(tree.json, saved, "clip \(kind) sample \(index)")
      }
    }
  }

  /// Every sample of every overlay kind, likewise.
  @Test func anOverlaysTreeIsTheOverlayOfASave() throws {
    for (kind, codec) in Self.registry.overlays.byKind {
      let samples = codec.samples()
      for (index, overlay) in ([samples.minimal] + samples.maximal).enumerated() {
        let images = InMemoryImageStore()
        let tree = try Self.registry.encode(
          overlay: overlay, options: Self.allowing, images: images)
        let saved = try Self.savedPiece(
          of: Video(clips: [], overlays: [overlay]), at: ["video", "overlays", 0], images: images)
        Self.expectSame(tree.json, saved, "overlay \(kind) sample \(index)")
      }
    }
  }

  /// Every sample of every kind at every extension point (filters, text animations and the
  /// model types too): the tree sink builds what the byte sink's bytes read as, and the writer
  /// writes the tree as exactly those bytes.
  @Test func everyKindsTreeIsWhatItsBytesReadAs() throws {
    var checked = 0
    func check<Base>(
      _ table: CodecTable<Base>,
      _ encode: (RegisteredCodec<Base>, Base, ValueEncoder) throws -> WrittenJSON?
    ) throws {
      for (kind, codec) in table.byKind {
        let samples = codec.samples()
        for (index, sample) in ([samples.minimal] + samples.maximal).enumerated() {
          let (bytes, tree) = try Self.bothSinks { try encode(codec, sample, $0) }
          let label = "\(kind) sample \(index)"
          let read = try bytes.map { try JSONReader(options: .init(maximumDepth: .max)).read($0) }
          #expect(tree == read, "\(label)")
          #expect(try tree.map { try JSONWriter().writeData($0) } == bytes, "\(label)")
          checked += 1
        }
      }
    }
    let registry = Self.registry
    try check(registry.clips) { try registry.encodeClip($1, index: 0, list: .root, to: $2) }
    try check(registry.overlays) {
      try registry.encodeOverlay($1, index: 0, list: .root, to: $2)
    }
    try check(registry.filters) { try registry.encodeFilter($1, to: $2) }
    try check(registry.textAnimations) { try registry.encodeTextAnimation($1, to: $2) }
    // A model's sample is erased to `any Sendable`: its own codec writes it.
    try check(registry.models) { codec, model, encoder in
      try codec.encode(model, encoder, nil, false)
    }
    // The standard registry has more than a handful of kinds; a loop over nothing proves nothing.
    #expect(checked > 20)
  }

  @Test func aDocumentsTreeIsWhatItsBytesReadAs() throws {
    let (video, images) = MaximalComposition.make()
    let coder = DocumentCoder(registry: Self.registry, options: Self.allowing)
    let tree = try coder.encodeJSON(video, images: images)
    let saved = try coder.encode(video, images: images)
    Self.expectSame(tree.json, try JSONReader().read(saved.bytes), "the maximal composition")
    #expect(try JSONWriter().writeData(tree.json) == saved.bytes)
    #expect(tree.report.losses == saved.lossReport.losses)
  }

  @Test func membersWrittenOutOfOrderAndReplacedAreOrderedAsTheBytesAre() throws {
    // A plugin's codec may write keys in any order, and the same key twice (the later wins).
    let (bytes, tree) = try Self.bothSinks { encoder throws in
      var object = encoder.keyed(by: OrderKey.self)
      try object.encode(2.0, for: .zebra)
      try object.encode(1.5, for: .apple)
      try object.encode("first", for: .mango)
      try object.encode("second", for: .mango)
      return object.finish()
    }
    #expect(
      bytes.map { String(decoding: $0, as: UTF8.self) }
        == #"{"apple":1.5,"mango":"second","zebra":2}"#)
    guard case .object(let object)? = tree else {
      Issue.record("no object: \(String(describing: tree))")
      return
    }
    #expect(object.keys == ["apple", "mango", "zebra"])
    #expect(object.values == [.number(1.5), .string("second"), .integer(2)])
  }

  @Test func aTreeWrittenAsItIsTakesTheFormItsBytesReadAs() throws {
    // Keys out of order, integral doubles, a negative zero: the bytes write them canonically,
    // so the tree sink must hold what those bytes read as, not the tree it was given.
    let given: JSONValue = .object(
      ["z": .number(2), "a": .array([.number(0.5), .number(-0.0), .number(1e21), .integer(3)])])
    let (bytes, tree) = try Self.bothSinks { try $0.json(given) }
    let read = try bytes.map { try JSONReader().read($0) }
    #expect(tree == read)
    guard case .object(let object)? = tree else {
      Issue.record("no object")
      return
    }
    #expect(object.keys == ["a", "z"])
    #expect(object["z"] == .integer(2))
    // A NaN is refused by the tree sink as by the byte sink, at the same place.
    let nan: JSONValue = .object(["a": .array([.integer(1), .number(.nan)])])
    for sink in [EncodingSink.bytes, .tree, .nothing] {
      let session = CodingSession(
        registry: Self.registry, options: Self.allowing, images: nil, sink: sink)
      do {
        _ = try ValueEncoder(session: session, pointer: .root).json(nan)
        Issue.record("\(sink): a NaN was written")
      } catch {
        #expect((error as? PersistenceError)?.pointer?.description == "/a/1", "\(sink)")
      }
    }
  }

  @Test func aLossSearchKeepsNothingAndFindsWhatASaveLoses() throws {
    let (video, _) = MaximalComposition.make()
    let coder = DocumentCoder(registry: Self.registry, options: Self.allowing)
    // No image store: every image is a loss.
    let found = coder.losses(of: video, images: nil)
    let saved = try coder.encode(video, images: nil)
    #expect(!found.isEmpty)
    #expect(found == saved.lossReport.losses)
    #expect(try coder.lossReport(for: video).losses == found)
    // The sink that lists losses keeps no byte and no value.
    let session = CodingSession(
      registry: Self.registry, options: Self.allowing, images: nil, sink: .nothing)
    let root = JSONPointer.root.appending(key: DocumentEnvelope.rootKey)
    _ = try Self.registry.encodeModel(video, to: ValueEncoder(session: session, pointer: root))
    #expect(session.output.bytes.count == 0)
    #expect(session.tree.isEmpty)
    #expect(session.losses == found)
  }

  @Test func singleValuesPiecesAndDocumentTreesParseNothing() throws {
    let (video, images) = MaximalComposition.make()
    let count = JSONReader.ReadCount()
    try JSONReader.$readCount.withValue(count) {
      for clip in video.clips {
        _ = try Self.registry.encode(clip: clip, options: Self.allowing, images: images).json
      }
      for overlay in video.overlays {
        _ = try Self.registry.encode(overlay: overlay, options: Self.allowing, images: images)
      }
      _ = try Self.registry.encode(model: video, options: Self.allowing, images: images)
      let pieces = PieceEncoder(registry: Self.registry, options: Self.allowing, images: images)
      for (index, clip) in video.clips.enumerated() {
        _ = try pieces.encode(clip: clip, index: index, list: .root)
      }
      _ = try pieces.encode(model: video, at: .root)
      let coder = DocumentCoder(registry: Self.registry, options: Self.allowing)
      _ = try coder.encodeJSON(video, images: images)
      _ = coder.losses(of: video, images: images)
      _ = try coder.lossReport(for: video, images: images)
      _ = KadrCoder().lossyContent(in: video, images: images)
    }
    #expect(count.count == 0)
    // The count is not one that never moves: a read inside counts.
    let before = count.count
    try JSONReader.$readCount.withValue(count) { _ = try JSONReader().read("[1]") }
    #expect(count.count == before + 1)
  }

  // MARK: Support

  /// The JSON at `path` in the document a save of `video` writes, read from its bytes.
  static func savedPiece(of video: Video, at path: [JSONPointer.Component], images: any ImageStore)
    throws -> JSONValue?
  {
    let coder = DocumentCoder(registry: registry, options: allowing)
    var value: JSONValue? = try JSONReader().read(coder.encode(video, images: images).bytes)
    for component in path {
      switch (component, value) {
      case (.key(let key), .object(let object)?): value = object[key]
      case (.index(let index), .array(let array)?):
        value = array.indices.contains(index) ? array[index] : nil
      default: value = nil
      }
    }
    return value
  }

  /// Writes one value with each sink, with one image store: the bytes, and the tree.
  static func bothSinks(_ body: (ValueEncoder) throws -> WrittenJSON?) throws
    -> (bytes: Data?, tree: JSONValue?)
  {
    let images = InMemoryImageStore()
    let bytes = CodingSession(registry: registry, options: allowing, images: images)
    let written = try body(ValueEncoder(session: bytes, pointer: .root))
    let tree = CodingSession(registry: registry, options: allowing, images: images, sink: .tree)
    let built = try body(ValueEncoder(session: tree, pointer: .root))
    #expect((written == nil) == (built == nil))
    return (
      written.map { bytes.output.bytes.makeData($0.start..<$0.end) },
      built.map { tree.tree[$0.start] }
    )
  }

  /// Expects two trees to be equal, and to be written as the same bytes.
  static func expectSame(
    _ tree: JSONValue?, _ saved: JSONValue?, _ label: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(tree != nil, "\(label): nothing written", sourceLocation: sourceLocation)
    #expect(tree == saved, "\(label)", sourceLocation: sourceLocation)
    let writer = JSONWriter(options: .init(maximumDepth: .max))
    #expect(
      (try? tree.map { try writer.write($0) }) == (try? saved.map { try writer.write($0) }),
      "\(label): bytes", sourceLocation: sourceLocation)
  }
}

private enum OrderKey: String, PayloadKey {
  case apple, mango, zebra
}
