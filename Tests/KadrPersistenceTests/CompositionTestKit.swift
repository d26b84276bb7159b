import Foundation
import KadrModel
import KadrPersistence
import KadrPersistenceCore
import Testing

/// Shared helpers for the audio, caption and composition codec tests.
enum CompositionTestKit {
  /// The modules under test, plus the title clip kind the test compositions use.
  static var modules: [any RegistryModule.Type] {
    [TitleModule.self, AudioModule.self, CaptionsModule.self, CompositionModule.self]
  }

  /// A registry of ``modules``.
  static func registry() throws -> CodecRegistry {
    try CodecRegistry.empty.registering(modules)
  }

  /// A registry of ``modules`` plus ``StandInTextOverlayCodec``, so that the composition's
  /// maximal samples (which carry a text overlay, as the standard registry can write) round-trip.
  static func registryWithTextOverlays() throws -> CodecRegistry {
    var registry = try registry()
    try registry.register(overlay: StandInTextOverlayCodec())
    return registry
  }

  /// Parses JSON text.
  static func json(_ text: String) throws -> JSONValue {
    try JSONReader().read(Data(text.utf8))
  }

  /// Writes JSON as canonical text.
  static func text(_ json: JSONValue?) throws -> String {
    guard let json else { return "(nothing)" }
    return String(decoding: try JSONWriter().writeData(json), as: UTF8.self)
  }

  /// Decodes `text` as a `Model` and encodes the result: the bytes a save would write back.
  static func reencoded<Model: Sendable>(
    _ type: Model.Type, from text: String, registry: CodecRegistry
  ) throws -> String {
    let model = try registry.decodeModel(type, from: json(text))
    return try self.text(registry.encode(model: model).json)
  }

  /// Encodes `value`, writes and reads the bytes, decodes, and returns the decoded value.
  static func roundTrip<Model: Sendable>(_ value: Model, registry: CodecRegistry) throws -> Model {
    let encoded = try registry.encode(model: value)
    let bytes = try JSONWriter().writeData(try #require(encoded.json))
    return try registry.decodeModel(Model.self, from: JSONReader().read(bytes))
  }

  /// The error decoding `text` as a `Model` throws, or `nil` when it decodes.
  static func decodingError<Model: Sendable>(
    _ type: Model.Type, from text: String, registry: CodecRegistry
  ) throws -> PersistenceError? {
    let value = try json(text)
    do {
      _ = try registry.decodeModel(type, from: value)
      return nil
    } catch let error as PersistenceError {
      return error
    }
  }

  /// The name of a reason's case, such as `unknownField`.
  static func caseName(of reason: PersistenceError.Reason) -> String {
    Mirror(reflecting: reason).children.first?.label ?? String(describing: reason)
  }

  /// Asserts that the completeness report of `registry` has a complete entry for each kind.
  static func expectComplete(
    _ kinds: [KindID], in registry: CodecRegistry, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let report = registry.completenessReport()
    for kind in kinds {
      let entry = report.entries.first { $0.extensionPoint == .model && $0.kindID == kind }
      #expect(entry != nil, "no entry for '\(kind)'", sourceLocation: sourceLocation)
      #expect(entry?.isComplete == true, "\(report.rendered())", sourceLocation: sourceLocation)
    }
  }
}

/// A refusal: JSON text, the reason's case and the JSON pointer expected.
struct CompositionRefusal: Sendable, CustomTestStringConvertible {
  let json: String
  let reason: String
  let pointer: String
  let why: String

  init(_ json: String, _ reason: String, at pointer: String, _ why: String) {
    self.json = json
    self.reason = reason
    self.pointer = pointer
    self.why = why
  }

  var testDescription: String { why }

  /// Checks that decoding `json` as a `Model` throws this refusal.
  func check<Model: Sendable>(
    _ type: Model.Type, registry: CodecRegistry,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let error = try CompositionTestKit.decodingError(type, from: json, registry: registry)
    let thrown = try #require(error, "\(why): decoded", sourceLocation: sourceLocation)
    #expect(
      thrown.caseName == reason, "\(why): \(thrown)",
      sourceLocation: sourceLocation)
    #expect(
      thrown.pointer?.description == pointer, "\(why): \(thrown)", sourceLocation: sourceLocation)
  }
}

/// A stand-in for the overlays module's text codec (written elsewhere), for these tests only: it
/// writes a text overlay's text and reads back an overlay with every other field at its default,
/// which is what the composition samples hold.
struct StandInTextOverlayCodec: OverlayCodec {
  enum Key: String, PayloadKey {
    case text
  }

  var kindID: KindID { "text" }

  func encode(_ value: TextOverlay, to payload: inout KeyedEncoder<Key>) throws {
    try payload.encode(value.text, for: .text)
  }

  func decode(from payload: KeyedDecoder<Key>) throws -> TextOverlay {
    TextOverlay(try payload.decode(String.self, for: .text))
  }

  func samples() -> CodecSamples<TextOverlay> {
    CodecSamples(minimal: TextOverlay(""), maximal: TextOverlay("text"))
  }
}
