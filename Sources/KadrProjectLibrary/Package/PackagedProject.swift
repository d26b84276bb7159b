import Foundation
import KadrPersistence

/// The project of a project package that ``ProjectStore/importPackage(at:as:)`` has read and
/// checked whole, for a store's ``ProjectStore/importProject(_:id:replacing:)`` to commit.
///
/// Its images are files on disk, already checked against their names, so a store adds them one
/// at a time; ``document(replacingTokens:)`` writes the document with the store's tokens without
/// reading any image. The files are removed when the import returns.
public struct PackagedProject<Metadata: ProjectMetadata>: Sendable {
  /// The project's id in the package (the store's id may differ; see ``ImportIdentity``).
  public let id: ProjectID
  /// The name shown to the user.
  public let name: String
  /// When the project was created.
  public let created: Date
  /// When it was last changed.
  public let modified: Date
  /// The app's metadata, migrated to the app's version.
  public let metadata: Metadata
  /// The thumbnail's package token (one of ``images``' tokens), if any.
  public let thumbnailToken: String?
  /// Every image of the package, sorted by token, each once.
  public let images: [PackagedImage]
  /// The head's revision number in the store that exported it, when the package holds a
  /// history.
  public let revision: Int?
  /// The revisions before the head, oldest first, when the store that exported the project
  /// keeps a history and the export included it; empty otherwise. A store that keeps history
  /// (``ProjectStore/keepsRevisionHistory``) writes them, under their numbers, when it creates
  /// the project; a store without history imports the head alone.
  public let history: [PackagedRevision<Metadata>]

  /// The package tokens the head's document and the thumbnail use (the history may use more).
  let headTokens: Set<String>
  /// The composition, its images placeholders of ``placeholders``.
  let video: Video
  /// The head's document as the package holds it, with package tokens.
  let headDocument: Data
  /// The head's facts, learnt by the decode that checked it; `nil` for a document of an older
  /// schema, which an import saves again from ``video``.
  let headFacts: DocumentFacts?
  /// The placeholders standing for the package's images, by package token.
  let placeholders: UnresolvedImageStore
  /// The store's coder, keeping unknown content.
  let coder: KadrCoder

  /// The document with each package token (`file:<sha256>.<ext>`) replaced by the store's token
  /// for the same image.
  ///
  /// Nothing is decoded again and no image is read: the package's bytes are copied with the
  /// tokens renamed in place (one parse finds them), with the facts the package's check learnt.
  /// A document of an older schema is saved again, in the current one, from the composition
  /// the check decoded.
  ///
  /// - Parameter tokens: The store's token for each of ``images``' tokens.
  /// - Returns: The document and its facts.
  /// - Throws: `PersistenceError.imageUnresolvable(token:)` naming a package token `tokens`
  ///   lacks, or another `PersistenceError` of the document.
  public func document(replacingTokens tokens: [String: String]) throws -> (
    saved: SavedDocument, facts: DocumentFacts
  ) {
    if headFacts != nil {
      return try coder.renamingPackageTokens(in: headDocument, facts: headFacts, tokens)
    }
    let saved = try coder.save(
      video, images: ReplacingImageStore(placeholders: placeholders, tokens: tokens))
    return (saved, DocumentFacts(video: video, saved: saved))
  }

  /// The composition with its images read (every image in memory), and the thumbnail: for
  /// stores that import through `create` and `save`.
  func loaded() throws -> (video: Video, thumbnail: PlatformImage?) {
    let store = InMemoryImageStore()
    for image in images { store.insert(try image.load(), token: image.token) }
    let document = try self.document(
      replacingTokens: Dictionary(uniqueKeysWithValues: images.map { ($0.token, $0.token) }))
    return (
      try coder.video(from: document.saved.data, images: store),
      try thumbnailToken.map { try store.image(for: $0) }
    )
  }
}

/// One earlier revision of a packaged project, checked as the head is, its document in a file.
public struct PackagedRevision<Metadata: ProjectMetadata>: Sendable {
  /// Its number in the store that exported it.
  public let revision: Int
  /// When it was saved.
  public let saved: Date
  /// The app's metadata saved with it, migrated to the app's version.
  public let metadata: Metadata
  /// The extracted document.
  let file: URL
  /// Its facts, learnt by the decode that checked it when its schema is current; `nil` when
  /// importing it must decode it (an older schema, or a revision staged unread).
  let facts: DocumentFacts?
  /// The store's coder, keeping unknown content.
  let coder: KadrCoder

  /// Its document with each package token replaced by the store's token for the same image.
  ///
  /// The tokens are renamed in the document's bytes (one parse finds them, one copy writes
  /// them), with the facts its check learnt; a revision without them is decoded and saved again
  /// in the current schema.
  ///
  /// - Parameter tokens: The store's token for each package token the revision uses.
  /// - Returns: The document and its facts.
  /// - Throws: `PersistenceError.imageUnresolvable(token:)` naming a package token `tokens`
  ///   lacks, or another `PersistenceError` of the document.
  public func document(replacingTokens tokens: [String: String]) throws -> (
    saved: SavedDocument, facts: DocumentFacts
  ) {
    try coder.renamingPackageTokens(in: Data(contentsOf: file), facts: facts, tokens)
  }
}

extension KadrCoder {
  /// Decodes a package's document once, as the check that it opens, and learns its facts from
  /// that decode; the facts are `nil` for a document of an older schema, whose tokens cannot be
  /// renamed in its tree.
  ///
  /// - Parameters:
  ///   - data: The document, with package tokens.
  ///   - images: The placeholders its images become.
  /// - Returns: The composition and the facts.
  /// - Throws: `PersistenceError` of the document.
  func checkedPackageDocument(_ data: Data, images: UnresolvedImageStore) throws -> (
    video: Video, facts: DocumentFacts?
  ) {
    let decoded = try openListingKinds(data, images: images)
    guard DocumentEnvelope.readsWithoutMigration(decoded.schema) else { return (decoded.root, nil) }
    let facts = DocumentFacts(
      clipCount: DocumentFacts.clipCount(of: decoded.root.clips),
      duration: decoded.root.layout.duration, schema: decoded.schema,
      kinds: decoded.kinds.map(\.rawValue).sorted())
    return (decoded.root, facts)
  }

  /// A checked package document with its tokens renamed: in its bytes when its `facts` are
  /// known (one parse, one copy; in a tree when a token's text is also another value),
  /// otherwise decoded and saved again.
  ///
  /// - Parameters:
  ///   - data: The document, with package tokens.
  ///   - facts: What ``checkedPackageDocument(_:images:)`` learnt, or `nil`.
  ///   - tokens: The new token of each package token.
  /// - Returns: The document and its facts.
  /// - Throws: `PersistenceError.imageUnresolvable(token:)` naming a token `tokens` lacks, or
  ///   another `PersistenceError` of the document.
  func renamingPackageTokens(
    in data: Data, facts: DocumentFacts?, _ tokens: [String: String]
  ) throws -> (saved: SavedDocument, facts: DocumentFacts) {
    guard let facts else {
      let placeholders = UnresolvedImageStore()
      let video = try video(from: data, images: placeholders)
      let saved = try save(
        video, images: ReplacingImageStore(placeholders: placeholders, tokens: tokens))
      return (saved, DocumentFacts(video: video, saved: saved))
    }
    let renamed: Data
    if let bytes = try renamingImageTokens(inBytes: data, tokens) {
      renamed = bytes
    } else {
      // A renamed token's text is also another value somewhere: only a tree tells them apart.
      renamed = try replacingImageTokens(in: readJSON(data), tokens).data()
    }
    let saved = SavedDocument(
      data: renamed, lossReport: LossReport(losses: []),
      kinds: facts.kinds.map { KindID($0) }, schema: facts.schema)
    return (saved, facts)
  }
}

/// One image of a project package, extracted to a file whose bytes hash to its name.
public struct PackagedImage: Sendable, Hashable {
  /// Its token in the package's document: `file:<sha256>.<ext>`.
  public let token: String
  /// The SHA-256 of its bytes, in lowercase hex.
  public let sha256: String
  /// Its size.
  public let byteCount: Int
  /// The extracted file, readable until the import returns.
  public let file: URL
  /// The package's path, for errors.
  let packagePath: String

  /// The image, read from ``file``.
  ///
  /// - Returns: The image; its format is the one its name's extension says.
  /// - Throws: ``ProjectPackageError`` (``ProjectPackageError/Reason/imageMismatch(_:)``) when
  ///   the bytes are not an image of that format, or a file-system error.
  public func load() throws -> PlatformImage {
    let name = PackageManifest.Entry.imagesFolder + file.lastPathComponent
    let image: PlatformImage
    do {
      image = try PlatformImage(data: Data(contentsOf: file))
    } catch is ImageDataError {
      throw ProjectPackageError(.imageMismatch(name), path: packagePath)
    }
    guard token.hasSuffix("." + image.format.fileExtension) else {
      throw ProjectPackageError(.imageMismatch(name), path: packagePath)
    }
    return image
  }
}

/// Saves the placeholders of a package's composition under the tokens a store gave their
/// images.
final class ReplacingImageStore: ImageStore, Sendable {
  let placeholders: UnresolvedImageStore
  let tokens: [String: String]

  init(placeholders: UnresolvedImageStore, tokens: [String: String]) {
    self.placeholders = placeholders
    self.tokens = tokens
  }

  func token(for image: PlatformImage) throws -> String {
    guard let token = placeholders.token(ofPlaceholder: image) else {
      throw PersistenceError.imageStore(
        ImageStoreError.cannotStoreNewImages("a package's composition"))
    }
    guard let replaced = tokens[token] else {
      throw PersistenceError.imageUnresolvable(token: token)
    }
    return replaced
  }

  func image(for token: String) throws -> PlatformImage {
    try placeholders.image(for: token)
  }
}
