// The PostgreSQL trait of kadr-persistence builds this module; without it, it is empty.
#if PostgreSQL
  import Foundation
  import KadrPersistence
  import PostgresClient

  /// The images of a PostgreSQL project store: content-addressed rows, `pg:<sha256>.<ext>`,
  /// shared by every project, saved once however many use them.
  ///
  /// A token is the SHA-256 of the image's bytes (computed by the server's `sha256`), so the same
  /// picture saved by two clients is one row. The store's saves write the images they use in the
  /// same transaction as the revision that uses them, so image collection, which runs in a
  /// transaction of its own, never removes an image a live revision, autosave or thumbnail uses.
  public final class PostgresImageStore: ImageStore, @unchecked Sendable {
    // @unchecked Sendable: the only state is the store's connections (themselves Sendable) and
    // the schema name, a constant.
    let connection: StoreConnections
    let schema: String

    init(connection: StoreConnections, schema: String) {
      self.connection = connection
      self.schema = schema
    }

    /// The token of `image`, saving it first unless an identical image is there.
    ///
    /// - Parameter image: The image to save.
    /// - Returns: `pg:<sha256>.<ext>`.
    /// - Throws: ``PostgresError`` when the server cannot be reached.
    public func token(for image: PlatformImage) throws -> String {
      let token = try Self.token(of: image, on: connection)
      try insert([(token, image.data)], on: connection)
      return token
    }

    /// The image saved under `token`.
    ///
    /// - Parameter token: A `pg:` token.
    /// - Returns: The image.
    /// - Throws: `PersistenceError.imageUnresolvable(token:)` when no image has that token, or
    ///   the server's error.
    public func image(for token: String) throws -> PlatformImage {
      let rows = try connection.query(
        "SELECT bytes FROM \(schema).images WHERE token = $1", [.string(token)])
      guard let bytes = try rows.first?.data(0) else {
        throw PersistenceError.imageUnresolvable(token: token)
      }
      return try PlatformImage(data: bytes)
    }

    /// The token of `image`: its digest, computed by the server.
    static func token(of image: PlatformImage, on connection: some StatementRunner) throws -> String
    {
      let digest = try connection.query(
        "SELECT encode(sha256($1), 'hex')", [.data(image.data)]
      ).first?.string(0)
      guard let digest else {
        throw PostgresProjectStoreError.damagedRow(nil, detail: "sha256 returned nothing")
      }
      return "pg:\(digest).\(image.format.fileExtension)"
    }

    /// Saves images unless their tokens are there.
    func insert(
      _ images: [(token: String, bytes: Data)], on connection: some StatementRunner
    ) throws {
      for (token, bytes) in images {
        try connection.query(
          "INSERT INTO \(schema).images (token, bytes) VALUES ($1, $2) ON CONFLICT DO NOTHING",
          [.string(token), .data(bytes)])
      }
    }
  }

  /// The image store one save writes through: it names each image by its digest and keeps its
  /// bytes, which the save then writes in its own transaction (with the revision using them).
  ///
  /// A placeholder that opening with missing images put in the composition saves back under its
  /// original token (the store's shared `placeholders`), never as a new picture.
  final class CollectingImageStore: ImageStore, @unchecked Sendable {
    // @unchecked Sendable: `collected` is guarded by `lock`; the rest are constants.
    let store: PostgresImageStore
    let placeholders: UnresolvedImageStore
    private let lock = NSLock()
    private var collected: [String: Data] = [:]

    init(_ store: PostgresImageStore, placeholders: UnresolvedImageStore) {
      self.store = store
      self.placeholders = placeholders
    }

    func token(for image: PlatformImage) throws -> String {
      if let token = placeholders.token(ofPlaceholder: image) { return token }
      let token = try PostgresImageStore.token(of: image, on: store.connection)
      lock.withLock { collected[token] = image.data }
      return token
    }

    func image(for token: String) throws -> PlatformImage {
      if let bytes = lock.withLock({ collected[token] }) { return try PlatformImage(data: bytes) }
      return try store.image(for: token)
    }

    /// The images saved through this store, by token.
    var images: [(token: String, bytes: Data)] {
      lock.withLock { collected.map { ($0.key, $0.value) }.sorted { $0.token < $1.token } }
    }
  }
#endif
