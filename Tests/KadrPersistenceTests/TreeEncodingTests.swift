import Foundation
import KadrModel
import KadrPersistence
import Testing

@testable import KadrPersistenceCore

/// A single value, an export's piece and a document as a tree are written as a save writes them
/// and read back: the tree must be what the bytes of a whole save hold at that place, for every
/// built-in kind, and the writer must write it as the same bytes.
@Suite("Values as trees")
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
  /// model types too): the writer writes the tree its bytes read as as exactly those bytes, so
  /// a value carried as a tree (an export's metadata) is saved again unchanged.
  @Test func everyKindsTreeIsWhatItsBytesReadAs() throws {
    var checked = 0
    func check<Base>(
      _ table: CodecTable<Base>,
      _ encode: (RegisteredCodec<Base>, Base, ValueEncoder) throws -> WrittenJSON?
    ) throws {
      for (kind, codec) in table.byKind {
        let samples = codec.samples()
        for (index, sample) in ([samples.minimal] + samples.maximal).enumerated() {
          let (bytes, tree) = try Self.written { try encode(codec, sample, $0) }
          let label = "\(kind) sample \(index)"
          #expect(bytes != nil, "\(label): nothing written")
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
    let (bytes, tree) = try Self.written { encoder throws in
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
    // and the tree is what those bytes read as, not the tree it was given.
    let given: JSONValue = .object(
      ["z": .number(2), "a": .array([.number(0.5), .number(-0.0), .number(1e21), .integer(3)])])
    let (bytes, tree) = try Self.written { try $0.json(given) }
    #expect(
      bytes.map { String(decoding: $0, as: UTF8.self) } == #"{"a":[0.5,-0,1e+21,3],"z":2}"#)
    guard case .object(let object)? = tree else {
      Issue.record("no object")
      return
    }
    #expect(object.keys == ["a", "z"])
    #expect(object["z"] == .integer(2))
    // A NaN is refused, naming its place, and nothing of the tree stays written.
    let nan: JSONValue = .object(["a": .array([.integer(1), .number(.nan)])])
    let session = CodingSession(registry: Self.registry, options: Self.allowing, images: nil)
    do {
      _ = try ValueEncoder(session: session, pointer: .root).json(nan)
      Issue.record("a NaN was written")
    } catch {
      #expect((error as? PersistenceError)?.pointer?.description == "/a/1")
    }
    #expect(session.output.bytes.count == 0)
  }

  @Test func aLossSearchFindsWhatASaveLoses() throws {
    let (video, _) = MaximalComposition.make()
    let coder = DocumentCoder(registry: Self.registry, options: Self.allowing)
    // No image store: every image is a loss.
    let found = coder.losses(of: video, images: nil)
    let saved = try coder.encode(video, images: nil)
    #expect(!found.isEmpty)
    #expect(found == saved.lossReport.losses)
    #expect(try coder.lossReport(for: video).losses == found)
    // The whole composition's losses, in the order a save finds them, and no exception thrown
    // for them even where the coder refuses loss.
    let strict = DocumentCoder(registry: Self.registry, options: CodingOptions())
    #expect(strict.losses(of: video, images: nil) == found)
    #expect(throws: PersistenceError.self) { try strict.encode(video, images: nil) }
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

  /// Writes one value as a save writes it: its bytes, and the tree they read back as.
  static func written(_ body: (ValueEncoder) throws -> WrittenJSON?) throws
    -> (bytes: Data?, tree: JSONValue?)
  {
    let session = CodingSession(
      registry: registry, options: allowing, images: InMemoryImageStore())
    let written = try body(ValueEncoder(session: session, pointer: .root))
    return (
      written.map { session.output.bytes.makeData($0.start..<$0.end) },
      try written.map { try session.tree(of: $0) }
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
