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

  /// Returns the document of `video` as canonical bytes; see
  /// ``KadrCoder/data(for:allowingLoss:images:)``.
  ///
  /// - Parameters:
  ///   - video: The composition.
  ///   - allowingLoss: Leave out what a file cannot hold instead of refusing.
  ///   - images: Where images are saved.
  /// - Throws: ``PersistenceError``.
  public static func data(
    for video: Video, allowingLoss: Bool = false, images: (any ImageStore)? = nil
  ) throws -> Data {
    try coder.data(for: video, allowingLoss: allowingLoss, images: images)
  }

  /// Opens a composition from a document's bytes; see
  /// `KadrCoder.video(from:images:)`.
  ///
  /// - Parameters:
  ///   - data: The document.
  ///   - images: Where image tokens are resolved.
  /// - Throws: ``PersistenceError``.
  public static func video(from data: Data, images: (any ImageStore)? = nil)
    throws -> Video
  {
    try coder.video(from: data, images: images)
  }

  /// Returns the document value of `video`; see ``KadrCoder/encode(_:allowingLoss:images:)``.
  ///
  /// - Parameters:
  ///   - video: The composition.
  ///   - allowingLoss: Leave out what a file cannot hold instead of refusing.
  ///   - images: Where images are saved.
  /// - Throws: ``PersistenceError``.
  public static func encode(
    _ video: Video, allowingLoss: Bool = false, images: (any ImageStore)? = nil
  ) throws -> KadrDocument {
    try coder.encode(video, allowingLoss: allowingLoss, images: images)
  }

  /// Opens a composition from a document value; see ``KadrCoder/decode(_:images:)``.
  ///
  /// - Parameters:
  ///   - document: The document.
  ///   - images: Where image tokens are resolved.
  /// - Throws: ``PersistenceError``.
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

  /// Opens a document's bytes and returns everything learnt; see ``KadrCoder/open(_:images:)-(Data,_)``.
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

  /// Brings a document of an older schema to the current one; see ``KadrCoder/migrate(_:)``.
  ///
  /// - Parameter data: The document.
  /// - Returns: The migrated canonical bytes and the schema the document had.
  /// - Throws: ``PersistenceError``.
  public static func migrate(_ data: Data) throws -> (data: Data, fromSchema: Int) {
    try coder.migrate(data)
  }

  /// Every image token of a document, without building the composition; see
  /// ``KadrCoder/imageTokens(in:)-(Data)``.
  ///
  /// - Parameter data: The document.
  /// - Returns: The tokens, in document order, without repeats.
  /// - Throws: ``PersistenceError`` for malformed JSON.
  public static func imageTokens(in data: Data) throws -> [String] {
    try coder.imageTokens(in: data)
  }

  /// Saves `video` to a file atomically; see ``KadrCoder/write(_:to:allowingLoss:images:)``.
  ///
  /// - Parameters:
  ///   - video: The composition.
  ///   - url: The file.
  ///   - allowingLoss: Leave out what a file cannot hold instead of refusing.
  ///   - images: Where images are saved.
  /// - Throws: ``PersistenceError``; the previous file is unchanged on error.
  public static func write(
    _ video: Video, to url: URL, allowingLoss: Bool = false, images: (any ImageStore)? = nil
  ) throws {
    try coder.write(video, to: url, allowingLoss: allowingLoss, images: images)
  }

  /// Opens a composition from a file; see ``KadrCoder/read(from:images:)``.
  ///
  /// - Parameters:
  ///   - url: The file.
  ///   - images: Where image tokens are resolved.
  /// - Throws: ``PersistenceError``.
  public static func read(from url: URL, images: (any ImageStore)? = nil)
    throws -> Video
  {
    try coder.read(from: url, images: images)
  }
}
