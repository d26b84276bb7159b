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
  ) throws(PersistenceError) -> Data {
    try coder.data(for: video, allowingLoss: allowingLoss, images: images)
  }

  /// Opens a composition from a document's bytes; see
  /// ``KadrCoder/video(from:images:)-8hrmx``.
  ///
  /// - Parameters:
  ///   - data: The document.
  ///   - images: Where image tokens are resolved.
  /// - Throws: ``PersistenceError``.
  public static func video(from data: Data, images: (any ImageStore)? = nil)
    throws(PersistenceError) -> Video
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
  ) throws(PersistenceError) -> KadrDocument {
    try coder.encode(video, allowingLoss: allowingLoss, images: images)
  }

  /// Opens a composition from a document value; see ``KadrCoder/decode(_:images:)``.
  ///
  /// - Parameters:
  ///   - document: The document.
  ///   - images: Where image tokens are resolved.
  /// - Throws: ``PersistenceError``.
  public static func decode(_ document: KadrDocument, images: (any ImageStore)? = nil)
    throws(PersistenceError) -> Video
  {
    try coder.decode(document, images: images)
  }

  /// Lists what saving `video` would lose; see ``KadrCoder/lossyContent(in:images:)``.
  ///
  /// - Parameters:
  ///   - video: The composition.
  ///   - images: The image store saving would use.
  /// - Throws: ``PersistenceError``.
  public static func lossyContent(in video: Video, images: (any ImageStore)? = nil)
    throws(PersistenceError) -> [Loss]
  {
    try coder.lossyContent(in: video, images: images)
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
  ) throws(PersistenceError) {
    try coder.write(video, to: url, allowingLoss: allowingLoss, images: images)
  }

  /// Opens a composition from a file; see ``KadrCoder/read(from:images:)``.
  ///
  /// - Parameters:
  ///   - url: The file.
  ///   - images: Where image tokens are resolved.
  /// - Throws: ``PersistenceError``.
  public static func read(from url: URL, images: (any ImageStore)? = nil)
    throws(PersistenceError) -> Video
  {
    try coder.read(from: url, images: images)
  }
}
