import Foundation
import KadrModel
import KadrPersistence
import KadrPersistenceCore
import Testing

/// Helpers shared by the tests of the image, transition, track, overlay and text-animation
/// codecs.
enum MediaCodecs {
  /// The modules under test, plus ``TitleModule`` whose clips the track samples hold.
  static func registry() throws -> CodecRegistry {
    try CodecRegistry.empty.registering([
      ImageModule.self, TitleModule.self, TransitionModule.self, TrackModule.self,
      OverlaysModule.self, TextAnimationsModule.self,
    ])
  }

  /// The PNG the fixture's `file:fixture-pixel.png` token stands for in these tests.
  static let fixturePixel = PlatformImage.solidColor(.white)

  /// An in-memory store holding ``fixturePixel`` under `file:fixture-pixel.png`.
  static func fixtureStore() -> InMemoryImageStore {
    let store = InMemoryImageStore()
    store.insert(fixturePixel, token: "file:fixture-pixel.png")
    return store
  }

  /// Parses JSON text.
  static func read(_ text: String) throws -> JSONValue {
    try JSONReader().read(text)
  }

  /// Writes JSON as canonical text.
  static func write(_ json: JSONValue?, sourceLocation: SourceLocation = #_sourceLocation)
    throws -> String
  {
    let value = try #require(json, "nothing was written", sourceLocation: sourceLocation)
    return String(decoding: try JSONWriter().writeData(value), as: UTF8.self)
  }

  /// Decodes a clip from JSON text and encodes it again, returning the text written.
  static func resaveClip(
    _ text: String, registry: CodecRegistry, options: CodingOptions = CodingOptions(),
    images: (any ImageStore)? = nil
  ) throws -> String {
    let clip = try registry.decodeClip(from: read(text), options: options, images: images)
    return try write(registry.encode(clip: clip, options: options, images: images).json)
  }

  /// Decodes an overlay from JSON text and encodes it again, returning the text written.
  static func resaveOverlay(
    _ text: String, registry: CodecRegistry, images: (any ImageStore)? = nil
  ) throws -> String {
    let overlay = try registry.decodeOverlay(from: read(text), images: images)
    return try write(registry.encode(overlay: overlay, images: images).json)
  }

  /// The name of a reason's case, such as `missingField`.
  static func caseName(of reason: PersistenceError.Reason) -> String {
    let text = "\(reason)"
    return String(text.prefix { $0 != "(" })
  }

  /// Checks that `body` throws a ``PersistenceError`` of the given case at the given pointer.
  static func expectRefusal(
    _ expectedCase: String, at pointer: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
  ) {
    let error = #expect(throws: PersistenceError.self, sourceLocation: sourceLocation) {
      try body()
    }
    guard let error else { return }
    #expect(
      error.caseName == expectedCase, "\(error)", sourceLocation: sourceLocation)
    #expect(error.pointer?.description == pointer, "\(error)", sourceLocation: sourceLocation)
  }

  /// Checks that the completeness entry of each kind at `point` is complete.
  static func expectComplete(
    _ kinds: [KindID], at point: ExtensionPoint, in registry: CodecRegistry,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let report = registry.completenessReport()
    for kind in kinds {
      let entry = report.entries.first { $0.kindID == kind && $0.extensionPoint == point }
      #expect(entry != nil, "no entry for \(kind)", sourceLocation: sourceLocation)
      #expect(entry?.isComplete == true, "\(report.rendered())", sourceLocation: sourceLocation)
    }
  }
}

/// One line of a refusal table: the input, the expected error case and pointer, and why.
struct Refusal: Sendable, CustomTestStringConvertible {
  /// The JSON text.
  let json: String
  /// The expected ``PersistenceError/Reason`` case name.
  let reason: String
  /// The expected JSON pointer.
  let pointer: String
  /// Why it is refused.
  let why: String

  init(_ json: String, _ reason: String, at pointer: String, _ why: String) {
    self.json = json
    self.reason = reason
    self.pointer = pointer
    self.why = why
  }

  var testDescription: String { why }
}
