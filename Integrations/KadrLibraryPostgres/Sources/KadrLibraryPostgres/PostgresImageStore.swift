// The PostgreSQL trait of kadr-persistence builds this module; without it, it is empty.
#if PostgreSQL
  import Foundation
  import KadrPersistence
  import PostgresClient

  /// The images of a PostgreSQL project store: content-addressed rows, `pg:<sha256>.<ext>`,
  /// shared by every project, saved once however many use them; or, when the store was given an
  /// external image store (``external``), that store's objects, with only their tokens here.
  ///
  /// A `pg:` token is the SHA-256 of the image's bytes (computed by the server's `sha256`), so
  /// the same picture saved by two clients is one row. The store's saves write the images they
  /// use in the same transaction as the revision that uses them, so image collection, which runs
  /// in a transaction of its own, never removes an image a live revision, autosave or thumbnail
  /// uses.
  ///
  /// With an external store, a save uploads each image while it encodes the document, then, in
  /// its transaction and holding collection off, uploads again any image whose token is not yet
  /// a row (an object a collection deleted meanwhile comes back; one that is there costs one
  /// conditional request) and writes the token as a row without bytes. So every token row has
  /// its object, and a collection deletes only objects no row names.
  public final class PostgresImageStore: ImageStore, @unchecked Sendable {
    // @unchecked Sendable: the state is the store's connections (themselves Sendable), the
    // schema name and the external store (Sendable), all constants.
    let connection: StoreConnections
    let schema: String
    /// Where new images go, when not in the database; `nil` keeps them as rows.
    public let external: (any PrunableImageStore)?

    init(connection: StoreConnections, schema: String, external: (any PrunableImageStore)?) {
      self.connection = connection
      self.schema = schema
      self.external = external
    }

    /// The token of `image`, saving it first unless an identical image is there.
    ///
    /// - Parameter image: The image to save.
    /// - Returns: `pg:<sha256>.<ext>`, or the external store's token.
    /// - Throws: ``PostgresError`` when the server cannot be reached, or the external store's
    ///   error.
    public func token(for image: PlatformImage) throws -> String {
      if let external {
        let token = try external.token(for: image)
        try connection.transaction { connection in
          try insert([(token, image.data)], on: connection)
        }
        return token
      }
      let token = Self.token(of: image)
      try insert([(token, image.data)], on: connection)
      return token
    }

    /// The image saved under `token`: its row's bytes, or, for a row without bytes, the
    /// external store's object.
    ///
    /// An image is the store's while its row is: a collected image does not resolve, even while
    /// its object waits out the grace period.
    ///
    /// - Parameter token: A `pg:` token, or one of the external store's.
    /// - Returns: The image.
    /// - Throws: `PersistenceError.imageUnresolvable(token:)` when no image has that token (or
    ///   its object is kept outside and this store was given no external store), or the
    ///   server's (or external store's) error.
    public func image(for token: String) throws -> PlatformImage {
      let rows = try connection.query(
        "SELECT bytes FROM \(schema).images WHERE token = $1", [.string(token)])
      guard let row = rows.first else { throw PersistenceError.imageUnresolvable(token: token) }
      if let bytes = try row.data(0) { return try PlatformImage(data: bytes) }
      guard let external else { throw PersistenceError.imageUnresolvable(token: token) }
      return try external.image(for: token)
    }

    /// Whether `token` names a row's bytes (`pg:`), not an external object.
    static func isRowToken(_ token: String) -> Bool { token.hasPrefix("pg:") }

    /// The token of `image`: its SHA-256 digest (the one PostgreSQL's `sha256` gives), computed
    /// here, not by the server: naming a picture needs no connection, so an editor away from
    /// the server goes on editing a timeline with pictures, and a save does not send every
    /// picture's bytes to be named.
    static func token(of image: PlatformImage) -> String {
      "pg:\(image.sha256).\(image.format.fileExtension)"
    }

    /// Saves images unless their tokens are there, in the caller's transaction.
    ///
    /// An external token gets a row without bytes, after its object is uploaded again when the
    /// row is new: the lock taken first keeps a collection from running until the transaction
    /// ends, and one that ran since the first upload may have deleted the object.
    func insert(
      _ images: [(token: String, bytes: Data)], on connection: some StatementRunner
    ) throws {
      let external = images.filter { !Self.isRowToken($0.token) }
      if let store = self.external, !external.isEmpty {
        try connection.query("LOCK TABLE \(schema).images IN ROW EXCLUSIVE MODE", [])
        let present = Set(
          try connection.query(
            "SELECT token FROM \(schema).images WHERE token = ANY (string_to_array($1, E'\\n'))",
            [.string(external.map(\.token).joined(separator: "\n"))]
          ).compactMap { try $0.string(0) })
        for (token, bytes) in external where !present.contains(token) {
          let uploaded = try store.token(for: try PlatformImage(data: bytes))
          guard uploaded == token else {
            throw PostgresProjectStoreError.damagedRow(
              nil, detail: "the image store named \(token) again as \(uploaded)")
          }
          try connection.query(
            "INSERT INTO \(schema).images (token, bytes) VALUES ($1, NULL) ON CONFLICT DO NOTHING",
            [.string(token)])
        }
      }
      for (token, bytes) in images where self.external == nil || Self.isRowToken(token) {
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

    /// The tokens of pictures already named, when a live session writes through this store.
    let memo: ImageTokenMemo?

    init(
      _ store: PostgresImageStore, placeholders: UnresolvedImageStore, memo: ImageTokenMemo? = nil
    ) {
      self.store = store
      self.placeholders = placeholders
      self.memo = memo
    }

    func token(for image: PlatformImage) throws -> String {
      if let token = placeholders.token(ofPlaceholder: image) { return token }
      // An external store uploads now; the save's transaction makes sure the object is there.
      // A picture the memo knows (a live session read it or named it) is named again without
      // hashing or uploading it; its bytes are still kept, as any other's.
      let token =
        try memo?.token(of: image) ?? store.external?.token(for: image)
        ?? PostgresImageStore.token(of: image)
      memo?.remember(image, as: token)
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
