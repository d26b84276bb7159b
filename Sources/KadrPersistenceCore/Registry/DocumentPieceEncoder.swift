import Foundation
import KadrModel

/// Writes a composition in pieces, each as the schema-1 JSON a document holds at that place, for
/// a format that carries kadr's values inside its own (OpenTimelineIO's metadata, an edit
/// decision list's comments, another editor's XML).
///
/// A document save writes the whole composition at once. An exporter to another format walks
/// the composition itself and wants the JSON of one clip, one filter or one time at a time. Every
/// piece written through one encoder belongs to one save: its losses, the content it wrote back
/// without understanding it and the payload versions it used collect into ``losses``,
/// ``preserved`` and ``payloadVersions``, with the places and JSON pointers a document would give
/// them, so no second save is needed to learn what the export lost.
///
/// ```swift
/// let pieces = DocumentPieceEncoder(registry: .standard)
/// let clips = JSONPointer.root.appending(key: "video").appending(key: "clips")
/// for (index, clip) in video.clips.enumerated() {
///   let json = try pieces.encode(clip: clip, index: index, list: clips)
///   // … put `json` (nil when the clip was left out as loss) in the other format
/// }
/// if !pieces.losses.isEmpty { /* report or refuse */ }
/// ```
///
/// Loss never throws here: a lossy value is left out (its piece is `nil` or lacks the member)
/// and reported in ``losses``, for the exporter to refuse or report as its options say.
///
/// An encoder is safe to share, but its places nest in call order: write the pieces of one
/// export from one task.
public final class DocumentPieceEncoder: @unchecked Sendable {
  // `session` is only touched under `lock`.
  private let session: CodingSession
  private let lock = NSLock()

  /// Starts the pieces of one save.
  ///
  /// - Parameters:
  ///   - registry: The codecs that write each piece.
  ///   - options: The limits of the save. Loss is always collected, never thrown, whatever
  ///     ``CodingOptions/allowingLoss`` says.
  ///   - images: Where the images of image clips are saved, as a document save does; `nil` for
  ///     none (an image clip then writes the image it already names).
  public init(
    registry: CodecRegistry, options: CodingOptions = CodingOptions(),
    images: (any ImageStore)? = nil
  ) {
    var options = options
    options.allowingLoss = true
    session = CodingSession(registry: registry, options: options, images: images)
  }

  /// What the pieces written so far lost, in the order found.
  public var losses: [Loss] { locked { session.losses } }

  /// What the pieces written so far wrote back without understanding it.
  public var preserved: [PreservedContent] { locked { session.preserved } }

  /// The payload versions other than 1 that the pieces written so far used, by kind.
  public var payloadVersions: [KindID: Int] { locked { session.payloadVersions } }

  /// The document schema the pieces written so far need: ``DocumentEnvelope/currentSchema``
  /// (1), or ``DocumentEnvelope/newestSchema`` (2) once one holds a professional timeline fact.
  public var schema: Int { locked { session.writtenSchema } }

  /// Writes `clip`, element `index` of the clip list at `list`, as `{"<kind>": {"_0": …}}`.
  ///
  /// - Parameters:
  ///   - clip: The clip.
  ///   - index: Its place in the list.
  ///   - list: Where the list is in a document.
  /// - Returns: The clip's JSON, or `nil` when it was left out as loss (a kind with no codec).
  /// - Throws: ``PersistenceError`` at the value's pointer in the document, for a value that
  ///   cannot be written at all (a limit passed, a codec's own failure).
  public func encode(clip: any Clip, index: Int, list: JSONPointer) throws
    -> JSONValue?
  {
    try piece(at: list.appending(index: index)) { session, encoder throws in
      try session.registry.encodeClip(clip, index: index, list: list, to: encoder)
    }
  }

  /// Writes `overlay`, element `index` of the overlay list at `list`.
  ///
  /// - Parameters:
  ///   - overlay: The overlay.
  ///   - index: Its place in the list.
  ///   - list: Where the list is in a document.
  /// - Returns: The overlay's JSON, or `nil` when it was left out as loss.
  /// - Throws: ``PersistenceError`` at the value's pointer in the document.
  public func encode(overlay: any Overlay, index: Int, list: JSONPointer)
    throws -> JSONValue?
  {
    try piece(at: list.appending(index: index)) { session, encoder throws in
      try session.registry.encodeOverlay(overlay, index: index, list: list, to: encoder)
    }
  }

  /// Writes a value of one of the model's fixed types (a `Video`, an `AudioTrack`, a `Caption`)
  /// at `pointer`.
  ///
  /// - Parameters:
  ///   - model: The value.
  ///   - pointer: Where it is in a document.
  /// - Returns: Its JSON, or `nil` when it was left out as loss.
  /// - Throws: ``PersistenceError`` at the value's pointer, also for a type the registry has no
  ///   codec for.
  public func encode<Model: Sendable>(model: Model, at pointer: JSONPointer)
    throws -> JSONValue?
  {
    try piece(at: pointer) { session, encoder throws in
      try session.registry.encodeModel(model, to: encoder)
    }
  }

  /// Writes a filter at `pointer`.
  ///
  /// - Parameters:
  ///   - filter: The filter.
  ///   - pointer: Where it is in a document.
  /// - Returns: Its JSON, or `nil` when it was left out as loss (a kind with no codec).
  /// - Throws: ``PersistenceError`` at the value's pointer.
  public func encode(filter: Filter, at pointer: JSONPointer) throws
    -> JSONValue?
  {
    try piece(at: pointer) { session, encoder throws in
      try session.registry.encodeFilter(filter, to: encoder)
    }
  }

  /// Writes a value that knows its own JSON (a `Time`, a `TimeRange`, an animation) at
  /// `pointer`.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - pointer: Where it is in a document.
  /// - Returns: Its JSON, or `nil` when it was left out as loss (an animation with a custom
  ///   timing curve).
  /// - Throws: ``PersistenceError`` at the value's pointer.
  public func encode<Value: PersistableValue>(value: Value, at pointer: JSONPointer)
    throws -> JSONValue?
  {
    try piece(at: pointer) { _, encoder throws in
      try value.encodePersisted(to: encoder)
    }
  }

  /// Runs `body` with `clip`, element `index` of the clip list at `list`, as the place of the
  /// pieces it writes (a track's children, a video clip's filters), as a document nests them:
  /// their losses name the clip.
  ///
  /// - Parameters:
  ///   - clip: The clip whose nested values `body` writes.
  ///   - index: Its place in the list.
  ///   - list: Where the list is in a document.
  ///   - body: Writes the clip's nested values.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  public func inside<Result>(
    clip: any Clip, index: Int, list: JSONPointer,
    _ body: () throws -> Result
  ) rethrows -> Result {
    locked {
      let codec = session.registry.clips.codec(forType: ObjectIdentifier(type(of: clip as Any)))
      session.locations.append(
        LossPlace(
          noun: "clip", id: clip.clipID?.rawValue, list: list, index: index,
          subject: codec.map { .clip(clip, $0) }))
    }
    defer { locked { _ = session.locations.popLast() } }
    return try body()
  }

  /// Runs `body` under the lock.
  private func locked<T>(_ body: () -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body()
  }

  /// Writes one piece at `pointer` and returns its JSON, read back from the bytes written,
  /// keeping nothing of them in the session.
  private func piece(
    at pointer: JSONPointer, _ body: (CodingSession, ValueEncoder) throws -> WrittenJSON?
  ) throws(PersistenceError) -> JSONValue? {
    lock.lock()
    defer { lock.unlock() }
    let start = session.position
    defer { session.discard(since: start) }
    do {
      return try session.withRootEncoder(at: pointer) { encoder in
        try body(session, encoder)
      }.map { try session.tree(of: $0) }
    } catch {
      throw PersistenceError.wrapping(error)
    }
  }
}
