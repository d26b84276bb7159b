import Foundation
import KadrModel

/// One save of a composition written in pieces, for a sibling target that puts each piece in
/// another format (OpenTimelineIO's metadata): every piece is encoded once, in one session, so
/// its losses, preserved content and payload versions collect into one report, with the places
/// and JSON pointers a schema-1 document gives them. No separate save is needed to learn them.
///
/// Each piece is written where the document would hold it (`list`, `index`, `pointer`);
/// ``enter(clip:index:list:)`` makes a clip the place of what is encoded inside it (a track's
/// children, a video clip's filters), as the document's nesting does.
///
/// Not thread-safe: one writer on one task, as a ``CodecRegistry`` save is.
package final class PieceEncoder {
  private let session: CodingSession

  /// Starts a save.
  ///
  /// - Parameters:
  ///   - registry: The codecs.
  ///   - options: Loss and limits; loss is collected, never thrown here.
  ///   - images: Where images are saved.
  package init(registry: CodecRegistry, options: CodingOptions, images: (any ImageStore)?) {
    var options = options
    options.allowingLoss = true
    session = CodingSession(registry: registry, options: options, images: images)
  }

  /// What the pieces written so far lost, in the order found.
  package var losses: [Loss] { session.losses }
  /// What the pieces written so far wrote back without understanding it.
  package var preserved: [PreservedContent] { session.preserved }
  /// The payload versions other than 1 written so far, by kind.
  package var payloadVersions: [KindID: Int] { session.payloadVersions }

  /// Writes element `index` of the clip list at `list`: `{"<kind>": {"_0": …}}`, or `nil` when
  /// the clip was left out as loss.
  ///
  /// - Throws: ``PersistenceError`` at the value's pointer in the document.
  package func encode(clip: any Clip, index: Int, list: JSONPointer) throws -> JSONValue? {
    try piece(at: list.appending(index: index)) { encoder throws in
      try session.registry.encodeClip(clip, index: index, list: list, to: encoder)
    }
  }

  /// Writes element `index` of the overlay list at `list`, or `nil` when it was left out.
  ///
  /// - Throws: ``PersistenceError`` at the value's pointer in the document.
  package func encode(overlay: any Overlay, index: Int, list: JSONPointer) throws -> JSONValue? {
    try piece(at: list.appending(index: index)) { encoder throws in
      try session.registry.encodeOverlay(overlay, index: index, list: list, to: encoder)
    }
  }

  /// Writes a value of a fixed model type (the composition, an audio track) at `pointer`.
  ///
  /// - Throws: ``PersistenceError`` at the value's pointer in the document.
  package func encode<Model: Sendable>(model: Model, at pointer: JSONPointer) throws -> JSONValue? {
    try piece(at: pointer) { encoder throws in
      try session.registry.encodeModel(model, to: encoder)
    }
  }

  /// Writes a filter at `pointer`, or `nil` when it was left out (a kind with no codec).
  ///
  /// - Throws: ``PersistenceError`` at the value's pointer in the document.
  package func encode(filter: Filter, at pointer: JSONPointer) throws -> JSONValue? {
    try piece(at: pointer) { encoder throws in
      try session.registry.encodeFilter(filter, to: encoder)
    }
  }

  /// Writes a value that knows its JSON form (a time, an animation) at `pointer`, or `nil` when
  /// it was left out (an animation with a custom timing curve).
  ///
  /// - Throws: ``PersistenceError`` at the value's pointer in the document.
  package func encode<Value: PersistableValue>(value: Value, at pointer: JSONPointer) throws
    -> JSONValue?
  {
    try piece(at: pointer) { encoder throws in
      try value.encodePersisted(to: encoder)
    }
  }

  /// Makes `clip`, element `index` of the clip list at `list`, the place of the pieces encoded
  /// until the matching ``leave()``, as a document encodes a clip's nested values inside it.
  package func enter(clip: any Clip, index: Int, list: JSONPointer) {
    let codec = session.registry.clips.codec(forType: ObjectIdentifier(type(of: clip as Any)))
    session.locations.append(
      LossPlace(
        noun: "clip", id: clip.clipID?.rawValue, list: list, index: index,
        subject: codec.map { .clip(clip, $0) }))
  }

  /// Ends the place the last ``enter(clip:index:list:)`` began.
  package func leave() {
    session.locations.removeLast()
  }

  /// Writes one piece at `pointer` and returns its JSON, read back from the bytes written,
  /// keeping nothing of them in the session.
  private func piece(at pointer: JSONPointer, _ body: (ValueEncoder) throws -> WrittenJSON?)
    throws -> JSONValue?
  {
    let start = session.position
    defer { session.discard(since: start) }
    return try session.withRootEncoder(at: pointer, body).map { try session.tree(of: $0) }
  }
}
