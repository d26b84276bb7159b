import Foundation
import KadrModel
import KadrPersistenceCore

/// One-line saving and opening with the process-wide default registry.
///
/// The registry is the one set by `CodecRegistry.bootstrap(_:)` at startup, or
/// ``CodecRegistry/standard`` when the app never called it. For an explicit registry or options,
/// use a ``KadrCoder``.
///
/// ```swift
/// let data = try KadrCoding.data(for: video, images: store)
/// let reopened = try KadrCoding.video(from: data, images: store)
/// ```
public enum KadrCoding {
  /// The coder the facade uses.
  public static var coder: KadrCoder {
    KadrCoder(registry: CodecRegistry.bootstrapped ?? .standard)
  }

  /// Returns the document of `video` as canonical schema-1 JSON bytes.
  ///
  /// The same composition always gives the same bytes (members in key order, shortest
  /// round-tripping numbers), so saves diff and hash cleanly. Content a file cannot hold — code
  /// such as a custom compositor or timing function — is refused unless `allowingLoss` is set;
  /// ask `lossyContent(in:images:)` first to tell the user what would go.
  ///
  /// - Parameters:
  ///   - video: The composition.
  ///   - allowingLoss: Leave out what a file cannot hold instead of refusing; `false` by default.
  ///   - images: Where the composition's images are saved; without a store, a composition that
  ///     holds images is refused (``PersistenceError/missingImageStore(token:)``).
  /// - Returns: The document's bytes.
  /// - Throws: ``PersistenceError``: ``PersistenceError/lossyContent(_:)`` listing every loss,
  ///   or the first value that cannot be written, with its JSON pointer.
  public static func data(
    for video: Video, allowingLoss: Bool = false, images: (any ImageStore)? = nil
  ) throws -> Data {
    try coder.data(for: video, allowingLoss: allowingLoss, images: images)
  }

  /// Opens a composition from a document's bytes.
  ///
  /// The bytes are read as strict JSON, migrated from an older schema when a migration is
  /// registered, and decoded kind by kind; unknown kinds are refused (use a ``KadrCoder`` with
  /// ``CodingOptions/preservingUnknown`` to keep them). `Video.duration` is recomputed.
  ///
  /// - Parameters:
  ///   - data: The document.
  ///   - images: Where image tokens are resolved; a document with images needs one.
  /// - Returns: The composition.
  /// - Throws: ``PersistenceError`` with the JSON pointer of the first problem (line and
  ///   column for malformed JSON) and a suggestion.
  ///
  /// Top-level code binds `try await KadrCoding.video(from:images:)` to this overload (Swift
  /// ranks synchronous overloads first there); on the main thread, where that code runs, a
  /// store that fetches first (a URL store) is prefetched and waited for, as
  /// the synchronous `KadrCoder.video(from:images:)` says.
  public static func video(from data: Data, images: (any ImageStore)? = nil)
    throws -> Video
  {
    try coder.video(from: data, images: images)
  }

  /// Returns the document of `video` as a value, with what saving it left out.
  ///
  /// Use it to embed the document in an app's own `Codable` type, or to look at the loss
  /// report of a save made with `allowingLoss`.
  ///
  /// - Parameters:
  ///   - video: The composition.
  ///   - allowingLoss: Leave out what a file cannot hold instead of refusing; `false` by default.
  ///   - images: Where the composition's images are saved.
  /// - Returns: The document and its loss report.
  /// - Throws: ``PersistenceError``, as `data(for:allowingLoss:images:)`.
  public static func encode(
    _ video: Video, allowingLoss: Bool = false, images: (any ImageStore)? = nil
  ) throws -> KadrDocument {
    try coder.encode(video, allowingLoss: allowingLoss, images: images)
  }

  /// Opens a composition from a document value (one an app kept in its own `Codable` type).
  ///
  /// - Parameters:
  ///   - document: The document.
  ///   - images: Where image tokens are resolved; a document with images needs one.
  /// - Returns: The composition.
  /// - Throws: ``PersistenceError`` with the JSON pointer of the first problem.
  public static func decode(_ document: KadrDocument, images: (any ImageStore)? = nil)
    throws -> Video
  {
    try coder.decode(document, images: images)
  }

  /// Lists what saving `video` would lose, without saving and without writing any image; see
  /// ``KadrCoder/lossyContent(in:images:)``.
  ///
  /// - Parameters:
  ///   - video: The composition.
  ///   - images: The image store saving would use; it is asked, never written to.
  /// - Returns: Every loss; empty when the composition saves whole.
  public static func lossyContent(in video: Video, images: (any ImageStore)? = nil) -> [Loss] {
    coder.lossyContent(in: video, images: images)
  }

  /// Opens a document's bytes and returns everything learnt: the composition, the schema it
  /// had, the content kept without being understood, and the store to save it back with.
  ///
  /// - Parameters:
  ///   - data: The document.
  ///   - images: Where image tokens are resolved.
  /// - Returns: The composition, its schema, the content kept without being understood.
  /// - Throws: ``PersistenceError``.
  public static func open(_ data: Data, images: (any ImageStore)? = nil) throws
    -> DecodedDocument<Video>
  {
    try coder.open(data, images: images)
  }

  /// Brings a document of an older schema to the current one, without decoding it.
  ///
  /// The registered migrations run one schema step at a time on the raw JSON.
  ///
  /// - Parameter data: The document.
  /// - Returns: The migrated canonical bytes and the schema the document had.
  /// - Throws: ``PersistenceError``: ``PersistenceError/unsupportedSchema(found:supported:)``
  ///   for a newer schema, ``PersistenceError/migrationUnavailable(from:to:)`` for a missing
  ///   step, or malformed JSON.
  public static func migrate(_ data: Data) throws -> (data: Data, fromSchema: Int) {
    try coder.migrate(data)
  }

  /// Every image token of a document, without building the composition: what an app must
  /// keep in its image store, or upload with the document.
  ///
  /// - Parameter data: The document.
  /// - Returns: The tokens, in document order, without repeats.
  /// - Throws: ``PersistenceError`` for malformed JSON.
  public static func imageTokens(in data: Data) throws -> [String] {
    try coder.imageTokens(in: data)
  }

  /// Saves `video` to a file atomically: a crash or a full disk leaves the previous file whole.
  ///
  /// The bytes go to a temporary file beside `url`, are flushed to disk and renamed over it; a
  /// link at `url` is followed, and a device or directory there is refused (see SECURITY.md).
  ///
  /// - Parameters:
  ///   - video: The composition.
  ///   - url: The file.
  ///   - allowingLoss: Leave out what a file cannot hold instead of refusing; `false` by default.
  ///   - images: Where the composition's images are saved.
  /// - Throws: ``PersistenceError``, as `data(for:allowingLoss:images:)`, or a file-system
  ///   failure naming the file; the previous file is unchanged on error.
  public static func write(
    _ video: Video, to url: URL, allowingLoss: Bool = false, images: (any ImageStore)? = nil
  ) throws {
    try coder.write(video, to: url, allowingLoss: allowingLoss, images: images)
  }

  /// Opens a composition from a file, as `video(from:images:)` opens bytes.
  ///
  /// The file is read within the document size limit, without following it past that size.
  ///
  /// - Parameters:
  ///   - url: The file.
  ///   - images: Where image tokens are resolved; a document with images needs one.
  /// - Returns: The composition.
  /// - Throws: ``PersistenceError``: a file-system failure naming the file, or the first
  ///   problem in the document with its JSON pointer.
  public static func read(from url: URL, images: (any ImageStore)? = nil)
    throws -> Video
  {
    try coder.read(from: url, images: images)
  }
}
