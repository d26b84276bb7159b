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
  public var documentCoder: DocumentCoder

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

  /// Returns the document of `video` as canonical bytes.
  ///
  /// - Parameters:
  ///   - video: The composition.
  ///   - allowingLoss: Leave out what a file cannot hold (compositors, custom timing curves,
  ///     images with no store) instead of refusing.
  ///   - images: Where images are saved.
  /// - Returns: The bytes.
  /// - Throws: ``PersistenceError``: ``PersistenceError/Reason/lossyContent(_:)`` listing every
  ///   loss, or the first value that cannot be written.
  public func data(
    for video: Video, allowingLoss: Bool = false, images: (any ImageStore)? = nil
  ) throws(PersistenceError) -> Data {
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
  ) throws(PersistenceError) -> KadrDocument {
    let (json, report) = try coder(allowingLoss: allowingLoss).encodeJSON(video, images: images)
    return KadrDocument(json: json, lossReport: report)
  }

  /// Opens a composition from a document's bytes.
  ///
  /// - Parameters:
  ///   - data: The document.
  ///   - images: Where image tokens are resolved; without a store, tokens are carried through as
  ///     placeholders that save back unchanged.
  /// - Returns: The composition; `duration` is recomputed from its clips.
  /// - Throws: ``PersistenceError`` with the JSON pointer and a suggestion.
  public func video(from data: Data, images: (any ImageStore)? = nil) throws(PersistenceError)
    -> Video
  {
    try open(data, images: images).root
  }

  /// Opens a document's bytes and returns everything learnt: the composition, its schema, the
  /// content kept without being understood, and the store to save it back with.
  ///
  /// - Parameters:
  ///   - data: The document.
  ///   - images: Where image tokens are resolved.
  /// - Throws: ``PersistenceError``.
  public func open(_ data: Data, images: (any ImageStore)? = nil) throws(PersistenceError)
    -> DecodedDocument<Video>
  {
    try documentCoder.decode(Video.self, from: data, images: images)
  }

  /// Opens a composition from a document value.
  ///
  /// - Parameters:
  ///   - document: The document.
  ///   - images: Where image tokens are resolved.
  /// - Throws: ``PersistenceError``.
  public func decode(_ document: KadrDocument, images: (any ImageStore)? = nil)
    throws(PersistenceError) -> Video
  {
    try documentCoder.decode(Video.self, from: document.json, images: images).root
  }

  /// Lists what saving `video` would lose, without saving.
  ///
  /// - Parameters:
  ///   - video: The composition.
  ///   - images: The image store saving would use.
  /// - Returns: Every loss with its location and JSON pointer; empty when nothing is lost.
  /// - Throws: ``PersistenceError`` for content that cannot be written for another reason.
  public func lossyContent(in video: Video, images: (any ImageStore)? = nil)
    throws(PersistenceError) -> [Loss]
  {
    try documentCoder.lossReport(for: video, images: images).losses
  }

  /// Saves `video` to a file atomically: a temporary file in the same directory, flushed, then
  /// renamed over the old one. A crash mid-save leaves the previous file intact. A symbolic
  /// link is followed and its target replaced; a directory, device, FIFO or socket is refused,
  /// never replaced; owner and group are kept where permitted, set-uid/set-gid bits never
  /// (see ``AtomicFile``).
  ///
  /// - Parameters:
  ///   - video: The composition.
  ///   - url: The file.
  ///   - allowingLoss: Leave out what a file cannot hold instead of refusing.
  ///   - images: Where images are saved.
  /// - Throws: ``PersistenceError``; on any error the previous file is unchanged.
  public func write(
    _ video: Video, to url: URL, allowingLoss: Bool = false, images: (any ImageStore)? = nil
  ) throws(PersistenceError) {
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
  public func read(from url: URL, images: (any ImageStore)? = nil) throws(PersistenceError)
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

/// A document as a JSON value, with what saving it left out.
public struct KadrDocument: Sendable, Hashable {
  /// The whole document: `{"schema": 1, "video": …}`.
  public let json: JSONValue
  /// What was left out and what was kept without being understood.
  public let lossReport: LossReport

  /// Creates a document value.
  ///
  /// - Parameters:
  ///   - json: The whole document.
  ///   - lossReport: Its loss report.
  public init(json: JSONValue, lossReport: LossReport = LossReport(losses: [])) {
    self.json = json
    self.lossReport = lossReport
  }

  /// The canonical bytes of the document.
  ///
  /// - Throws: ``PersistenceError`` for a non-finite number.
  public func data() throws(PersistenceError) -> Data {
    do {
      return try JSONWriter().writeData(json)
    } catch {
      throw PersistenceError(.nonFiniteNumber(field: "number"))
    }
  }
}
