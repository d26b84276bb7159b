import Foundation
import KadrModel
import KadrPersistenceCore

/// Saves and opens compositions with an explicit registry and options.
///
/// ```swift
/// let coder = KadrCoder(registry: try .standard.merging(CountdownPlugin.fragment()))
/// let data = try coder.data(for: video, images: store)
/// let reopened = try coder.video(from: data, images: store)
/// ```
///
/// A `KadrCoder` is a `Sendable` value: keep one and use it from any task. ``KadrCoding`` offers
/// the same operations with the process-wide default registry.
public struct KadrCoder: Sendable {
  /// The engine: registry, options, migrations.
  package var documentCoder: DocumentCoder

  /// Creates a coder.
  ///
  /// - Parameters:
  ///   - registry: The codecs; ``CodecRegistry/standard`` by default.
  ///   - options: Loss, unknown content and limits.
  ///   - migrations: Migrations from older schemas.
  public init(
    registry: CodecRegistry = .standard, options: CodingOptions = CodingOptions(),
    migrations: MigrationChain = MigrationChain()
  ) {
    documentCoder = DocumentCoder(registry: registry, options: options, migrations: migrations)
  }

  /// The codecs.
  public var registry: CodecRegistry { documentCoder.registry }

  /// Loss, unknown content and limits. Set them to change this coder (a value: copies made
  /// before keep theirs):
  ///
  /// ```swift
  /// var keeping = store.projectCoder
  /// keeping.options.preservingUnknown = true
  /// ```
  public var options: CodingOptions {
    get { documentCoder.options }
    set { documentCoder.options = newValue }
  }

  /// The migrations from older schemas.
  public var migrations: MigrationChain { documentCoder.migrations }

  /// Returns the document of `video` as canonical bytes.
  ///
  /// - Parameters:
  ///   - video: The composition.
  ///   - allowingLoss: Leave out what a file cannot hold (compositors, custom timing curves,
  ///     images with no store) instead of refusing.
  ///   - images: Where images are saved.
  /// - Returns: The bytes.
  /// - Throws: ``PersistenceError``: ``PersistenceError/lossyContent(_:)`` listing every loss, or
  ///   the first value that cannot be written.
  public func data(
    for video: Video, allowingLoss: Bool = false, images: (any ImageStore)? = nil
  ) throws -> Data {
    try coder(allowingLoss: allowingLoss).encode(video, images: images).bytes
  }

  /// Returns the document value of `video`, with its loss report.
  ///
  /// - Parameters:
  ///   - video: The composition.
  ///   - allowingLoss: Leave out what a file cannot hold instead of refusing.
  ///   - images: Where images are saved.
  /// - Throws: ``PersistenceError``.
  public func encode(
    _ video: Video, allowingLoss: Bool = false, images: (any ImageStore)? = nil
  ) throws -> KadrDocument {
    let saved = try coder(allowingLoss: allowingLoss).encode(video, images: images)
    return KadrDocument(canonicalBytes: saved.bytes, lossReport: saved.lossReport)
  }

  /// Opens a composition from a document's bytes.
  ///
  /// - Parameters:
  ///   - data: The document.
  ///   - images: Where image tokens are resolved. A document with image tokens and no store is
  ///     refused with ``PersistenceError/missingImageStore(token:)``; pass an
  ///     ``UnresolvedImageStore`` to carry the tokens through as placeholders on purpose.
  /// - Returns: The composition; `duration` is recomputed from its clips.
  /// - Throws: ``PersistenceError`` with the JSON pointer and a suggestion.
  ///
  /// In top-level code (a script, a tool's `main.swift`: the main thread, its run loop not
  /// running), with a store that fetches its images first (a ``URLImageStore``, a routing
  /// store that includes one), this waits for the async open
  /// (``video(from:images:)-(_,ImageStore)``): Swift binds `try await coder.video(from:images:)`
  /// there to this synchronous overload, so the call as written opens the document. Elsewhere,
  /// an app's main thread included (which must never wait on the network), the store's images
  /// must be fetched by the async call, and this throws an error that names it.
  public func video(from data: Data, images: (any ImageStore)? = nil) throws
    -> Video
  {
    if Thread.isMainThread, RunLoop.main.currentMode == nil,
      let prefetching = images as? any PrefetchingImageStore
    {
      return try waitingForPrefetch(from: data, images: prefetching)
    }
    return try open(data, images: images).root
  }

  /// Opens a document's bytes and returns everything learnt: the composition, its schema, the
  /// content kept without being understood, and the store to save it back with.
  ///
  /// - Parameters:
  ///   - data: The document.
  ///   - images: Where image tokens are resolved.
  /// - Throws: ``PersistenceError``.
  public func open(_ data: Data, images: (any ImageStore)? = nil) throws
    -> DecodedDocument<Video>
  {
    try documentCoder.decode(Video.self, from: data, images: images)
  }

  /// Opens a document's bytes as ``open(_:images:)-(Data,_)`` does, and lists every kind id
  /// read (``DecodedDocument/kinds``): the kinds ``save(_:allowingLoss:images:)`` would list,
  /// so a document can be checked and described in one decode.
  ///
  /// - Parameters:
  ///   - data: The document.
  ///   - images: Where image tokens are resolved.
  /// - Throws: ``PersistenceError``.
  package func openListingKinds(_ data: Data, images: (any ImageStore)? = nil) throws
    -> DecodedDocument<Video>
  {
    try documentCoder.decode(Video.self, from: data, images: images, recordingKinds: true)
  }

  /// Opens a document value and returns everything learnt, as ``open(_:images:)-(Data,_)``.
  ///
  /// - Parameters:
  ///   - document: The document.
  ///   - images: Where image tokens are resolved.
  /// - Throws: ``PersistenceError``.
  public func open(_ document: KadrDocument, images: (any ImageStore)? = nil) throws
    -> DecodedDocument<Video>
  {
    // A document a save made is read from its bytes, as a file would be: no tree is built.
    if let bytes = document.canonicalBytes {
      return try documentCoder.decode(Video.self, from: bytes, images: images)
    }
    return try documentCoder.decode(Video.self, from: document.json, images: images)
  }

  /// Parses a document's bytes as strict JSON within the coder's limits, without decoding it.
  ///
  /// - Parameter data: The document.
  /// - Returns: The document value.
  /// - Throws: ``PersistenceError`` with line and column for malformed JSON.
  public func readJSON(_ data: Data) throws -> KadrDocument {
    KadrDocument(json: try documentCoder.readJSON(data))
  }

  /// Brings a document of an older schema to the current one, without decoding it.
  ///
  /// - Parameter data: The document.
  /// - Returns: The migrated document's canonical bytes, and the schema it had.
  /// - Throws: ``PersistenceError``: ``PersistenceError/unsupportedSchema(found:supported:)``,
  ///   ``PersistenceError/migrationUnavailable(from:to:)``, or malformed JSON.
  public func migrate(_ data: Data) throws -> (data: Data, fromSchema: Int) {
    let migrated = try documentCoder.migrate(data)
    return (migrated.bytes, migrated.fromSchema)
  }

  /// Every image token of a document, in document order and without repeats, found without
  /// building the composition (so the images can be fetched first).
  ///
  /// - Parameter data: The document.
  /// - Returns: The tokens.
  /// - Throws: ``PersistenceError`` for malformed JSON.
  public func imageTokens(in data: Data) throws -> [String] {
    try documentCoder.imageTokenPlaces(in: data).tokens
  }

  /// Every image token of a document, as ``imageTokens(in:)-(Data)``, and the schema it
  /// declares (`nil` when none), from one parse.
  ///
  /// - Parameter data: The document.
  /// - Throws: ``PersistenceError`` for malformed JSON.
  package func imageTokensAndSchema(in data: Data) throws -> (tokens: [String], schema: Int?) {
    let found = try documentCoder.imageTokenPlaces(in: data)
    return (found.tokens, found.schema)
  }

  /// A document with its image tokens renamed in its bytes, everything else kept byte for byte,
  /// or `nil` when a renamed token's text is also some other value (rename in a tree then).
  ///
  /// - Parameters:
  ///   - data: The document.
  ///   - replacements: The new token of every token the document uses.
  /// - Throws: `PersistenceError.imageUnresolvable(token:)` naming a token `replacements`
  ///   lacks, or the `PersistenceError` of malformed JSON.
  package func renamingImageTokens(inBytes data: Data, _ replacements: [String: String])
    throws -> Data?
  {
    try documentCoder.renamingImageTokens(inBytes: data, replacements)
  }

  /// Every image token of a document value, as ``imageTokens(in:)-(Data)``.
  ///
  /// - Parameter document: The document.
  /// - Returns: The tokens.
  public func imageTokens(in document: KadrDocument) -> [String] {
    registry.imageTokens(in: document.json)
  }

  /// A document with its image tokens renamed, without building the composition: the tokens
  /// ``imageTokens(in:)-(KadrDocument)`` finds that `replacements` names get their new names;
  /// every other value stays as it is.
  ///
  /// - Parameters:
  ///   - document: The document.
  ///   - replacements: The new token of each token to rename.
  /// - Returns: The renamed document.
  public func replacingImageTokens(
    in document: KadrDocument, _ replacements: [String: String]
  ) -> KadrDocument {
    KadrDocument(json: registry.replacingImageTokens(in: document.json, replacements))
  }

  /// Opens a composition from a document value.
  ///
  /// - Parameters:
  ///   - document: The document.
  ///   - images: Where image tokens are resolved.
  /// - Throws: ``PersistenceError``.
  public func decode(_ document: KadrDocument, images: (any ImageStore)? = nil)
    throws -> Video
  {
    try open(document, images: images).root
  }

  /// Lists what saving `video` would lose, without saving and without writing any image.
  ///
  /// It only asks: an image counts as saved when a store is given (the store is not called), a
  /// value of a type no codec is registered for is a loss, and a value that cannot be written
  /// for another reason (a NaN) is not a loss — ``data(for:allowingLoss:images:)`` reports it.
  /// - Parameters:
  ///   - video: The composition.
  ///   - images: The image store saving would use.
  /// - Returns: Every loss with its location and JSON pointer; empty when nothing is lost.
  public func lossyContent(in video: Video, images: (any ImageStore)? = nil) -> [Loss] {
    documentCoder.losses(of: video, images: images.map(DryRunImageStore.init))
  }

  /// Saves `video` to a file atomically: a temporary file in the same directory, flushed, then
  /// renamed over the old one. A crash mid-save leaves the previous file intact. A symbolic
  /// link is followed and its target replaced; a directory, device, FIFO or socket is refused,
  /// never replaced; owner and group are kept where permitted, set-uid/set-gid bits never
  /// (SECURITY.md, "Saving never leaves a torn file", gives the whole policy).
  ///
  /// - Parameters:
  ///   - video: The composition.
  ///   - url: The file.
  ///   - allowingLoss: Leave out what a file cannot hold instead of refusing.
  ///   - images: Where images are saved.
  /// - Throws: ``PersistenceError``; on any error the previous file is unchanged.
  public func write(
    _ video: Video, to url: URL, allowingLoss: Bool = false, images: (any ImageStore)? = nil
  ) throws {
    try AtomicFile.write(data(for: video, allowingLoss: allowingLoss, images: images), to: url)
  }

  /// Opens a composition from a file.
  ///
  /// A file larger than the options' ``DocumentLimits/maximumDocumentBytes`` is refused from its
  /// size, before it is read.
  /// - Parameters:
  ///   - url: The file.
  ///   - images: Where image tokens are resolved.
  /// - Throws: ``PersistenceError``.
  public func read(from url: URL, images: (any ImageStore)? = nil) throws
    -> Video
  {
    let limit = documentCoder.options.limits.maximumDocumentBytes
    return try video(from: DocumentFile.read(url, maximumBytes: limit), images: images)
  }

  private func coder(allowingLoss: Bool) -> DocumentCoder {
    var coder = documentCoder
    coder.options.allowingLoss = allowingLoss || coder.options.allowingLoss
    return coder
  }
}
