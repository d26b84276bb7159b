import Foundation

/// Writes a composition to a document and reads it back, with an explicit registry and options.
///
/// The engine under the one-line facade; a `Sendable` value: make one and use it from any task.
///
/// ```swift
/// let coder = DocumentCoder(registry: .standard)
/// let saved = try coder.encode(video, images: store)
/// let opened = try coder.decode(Video.self, from: saved.bytes, images: store)
/// ```
package struct DocumentCoder: Sendable {
  /// The codecs.
  package var registry: CodecRegistry
  /// Loss, unknown content and limits.
  package var options: CodingOptions
  /// The migrations from older schemas.
  package var migrations: MigrationChain

  /// Creates a coder.
  ///
  /// - Parameters:
  ///   - registry: The codecs.
  ///   - options: Loss, unknown content and limits.
  ///   - migrations: The migrations from older schemas.
  package init(
    registry: CodecRegistry, options: CodingOptions = CodingOptions(),
    migrations: MigrationChain = MigrationChain()
  ) {
    self.registry = registry
    self.options = options
    self.migrations = migrations
  }

  // MARK: Saving

  /// Builds the document of `root` as a JSON value: the bytes of ``encode(_:images:)`` read back.
  ///
  /// - Parameters:
  ///   - root: The composition.
  ///   - images: Where images are saved; without a store, images are loss (except placeholders
  ///     of a document opened without one, which save back under their tokens).
  /// - Returns: The document and its loss report.
  /// - Throws: ``PersistenceError``: ``PersistenceError/lossyContent(_:)`` listing every
  ///   loss unless ``CodingOptions/allowingLoss`` is set, or the first value that cannot be
  ///   written (a non-finite number, an invalid time, an image store failure).
  package func encodeJSON<Root: Sendable>(_ root: Root, images: (any ImageStore)? = nil)
    throws -> (json: JSONValue, report: LossReport)
  {
    let document = try encode(root, images: images)
    return (try CodingSession.tree(of: document.bytes), document.lossReport)
  }

  /// Writes `root` where a document holds it, in `session`; throws the losses found unless
  /// ``CodingOptions/allowingLoss`` is set.
  private func encodeRoot<Root: Sendable>(_ root: Root, in session: CodingSession) throws
    -> WrittenJSON
  {
    if options.checksCompleteness {
      let incomplete = registry.incompleteEntries()
      if !incomplete.isEmpty {
        throw PersistenceError(.codecFailure(underlying: CompletenessError(entries: incomplete)))
      }
    }
    let rootPointer = JSONPointer.root.appending(key: DocumentEnvelope.rootKey)
    let written = try session.withRootEncoder(at: rootPointer) { encoder in
      try registry.encodeModel(root, to: encoder)
    }
    if !session.losses.isEmpty && !options.allowingLoss {
      throw PersistenceError.lossyContent(session.losses)
    }
    return written
  }

  /// Writes the document of `root` as canonical bytes, value by value, building no tree.
  ///
  /// - Parameters:
  ///   - root: The composition.
  ///   - images: Where images are saved.
  ///   - recordingKinds: Whether to list every kind id written (``EncodedDocument/kinds``).
  /// - Returns: The bytes and the loss report.
  /// - Throws: ``PersistenceError``, as ``encodeJSON(_:images:)``.
  package func encode<Root: Sendable>(
    _ root: Root, images: (any ImageStore)? = nil, recordingKinds: Bool = false
  ) throws -> EncodedDocument {
    let session = CodingSession(registry: registry, options: options, images: images)
    if recordingKinds { session.recordedKinds = [] }
    // Room in front of the root for the envelope's head, which is known only at the end (it
    // lists the payload versions written), so the document is never copied to prepend it.
    for _ in 0..<Self.headRoom { session.output.bytes.append(UInt8(ascii: " ")) }
    let written = try encodeRoot(root, in: session)
    let head = try DocumentEnvelope.head(
      payloadVersions: session.payloadVersions, schema: session.writtenSchema)
    let bytes: Data
    if head.count <= written.start, written.end == session.position {
      session.output.bytes.append(UInt8(ascii: "}"))
      session.output.bytes.overwrite(at: written.start - head.count, with: head)
      bytes = session.output.bytes.detachData(from: written.start - head.count)
    } else {
      var joined = head
      joined.append(session.output.bytes.makeData(written.start..<written.end))
      joined.append(UInt8(ascii: "}"))
      bytes = joined
    }
    return EncodedDocument(
      bytes: bytes, lossReport: LossReport(losses: session.losses, preserved: session.preserved),
      kinds: session.recordedKinds ?? [], schema: session.writtenSchema)
  }

  /// The bytes kept free in front of the root for the envelope's head: enough for the schema,
  /// the root key and a few payload versions; a longer head is joined by copying.
  static let headRoom = 128

  /// Lists what saving `root` would lose, without saving.
  ///
  /// - Parameters:
  ///   - root: The composition.
  ///   - images: The image store that saving would use.
  /// - Returns: The loss report.
  /// - Throws: ``PersistenceError`` for content that cannot be written for another reason than
  ///   loss (a non-finite number, an invalid time).
  package func lossReport<Root: Sendable>(for root: Root, images: (any ImageStore)? = nil)
    throws -> LossReport
  {
    var options = self.options
    options.allowingLoss = true
    // Only the losses are wanted; what is written is dropped with the session.
    let session = CodingSession(registry: registry, options: options, images: images)
    let rootPointer = JSONPointer.root.appending(key: DocumentEnvelope.rootKey)
    _ = try session.withRootEncoder(at: rootPointer) { encoder in
      try registry.encodeModel(root, to: encoder)
    }
    return LossReport(losses: session.losses, preserved: session.preserved)
  }

  /// What saving `root` would lose, found without throwing: a value that cannot be written for
  /// another reason ends the search, and the losses found before it are returned.
  ///
  /// - Parameters:
  ///   - root: The composition.
  ///   - images: The image store to save with (the facade passes one that writes nothing).
  package func losses<Root: Sendable>(of root: Root, images: (any ImageStore)?) -> [Loss] {
    var options = self.options
    options.allowingLoss = true
    // Only the losses are wanted; what is written is dropped with the session.
    let session = CodingSession(registry: registry, options: options, images: images)
    let rootPointer = JSONPointer.root.appending(key: DocumentEnvelope.rootKey)
    _ = try? session.withRootEncoder(at: rootPointer) { encoder in
      try registry.encodeModel(root, to: encoder)
    }
    return session.losses
  }

  // MARK: Opening

  /// Reads a document from its bytes.
  ///
  /// - Parameters:
  ///   - type: The root type (`Video`).
  ///   - bytes: The document.
  ///   - images: Where image tokens are resolved; without a store, tokens are carried through as
  ///     placeholders that save back unchanged.
  /// - Returns: The composition and what was learnt opening it.
  /// - Throws: ``PersistenceError`` with the JSON pointer (or line and column for malformed JSON)
  ///   and a suggestion.
  package func decode<Root: Sendable>(
    _ type: Root.Type, from bytes: Data, images: (any ImageStore)? = nil
  ) throws -> DecodedDocument<Root> {
    try withTape(of: bytes) { tape in
      try decode(
        type, from: tape, images: images,
        session: CodingSession(registry: registry, options: options, images: images))
    }
  }

  /// Reads a document from its bytes, listing every kind id read (``DecodedDocument/kinds``):
  /// the kinds a save of the composition lists, for a set insert per value read.
  ///
  /// - Parameters:
  ///   - type: The root type (`Video`).
  ///   - bytes: The document.
  ///   - images: Where image tokens are resolved.
  ///   - recordingKinds: Whether to list the kinds read.
  /// - Returns: The composition, what was learnt opening it, and the kinds.
  /// - Throws: ``PersistenceError``.
  package func decode<Root: Sendable>(
    _ type: Root.Type, from bytes: Data, images: (any ImageStore)?, recordingKinds: Bool
  ) throws -> DecodedDocument<Root> {
    try withTape(of: bytes) { tape in
      let session = CodingSession(registry: registry, options: options, images: images)
      if recordingKinds { session.recordedKinds = [] }
      var decoded = try decode(type, from: tape, images: images, session: session)
      decoded.kinds = session.recordedKinds ?? []
      return decoded
    }
  }

  /// Reads a document from a JSON value.
  ///
  /// - Parameters:
  ///   - type: The root type (`Video`).
  ///   - json: The document.
  ///   - images: Where image tokens are resolved.
  /// - Returns: The composition and what was learnt opening it.
  /// - Throws: ``PersistenceError``.
  package func decode<Root: Sendable>(
    _ type: Root.Type, from json: JSONValue, images: (any ImageStore)? = nil
  ) throws -> DecodedDocument<Root> {
    try decode(
      type, from: JSONTape(json), images: images,
      session: CodingSession(registry: registry, options: options, images: images))
  }

  /// Reads a document from bytes as ``decode(_:from:images:)-(_,Data,_)`` does, telling
  /// `progress` how far it is (0…1): 40 % reading the JSON, the rest the composition's clips.
  ///
  /// - Parameters:
  ///   - type: The root type (`Video`).
  ///   - bytes: The document.
  ///   - images: Where image tokens are resolved.
  ///   - progress: Called on the calling thread, at most about a hundred times.
  /// - Throws: ``PersistenceError``.
  package func decode<Root: Sendable>(
    _ type: Root.Type, from bytes: Data, images: (any ImageStore)?,
    progress: @escaping (Double) -> Void
  ) throws -> DecodedDocument<Root> {
    progress(0)
    let decoded = try withTape(of: bytes) { tape in
      progress(0.4)
      let session = CodingSession(registry: registry, options: options, images: images)
      session.progress = { progress(0.4 + 0.6 * $0) }
      return try decode(type, from: tape, images: images, session: session)
    }
    progress(1)
    return decoded
  }

  /// Reads a document from its tape within `session`. One of the current schema is read where it
  /// lies, only the envelope's small members made into values; an older one as a migrated tree.
  func decode<Root: Sendable>(
    _ type: Root.Type, from tape: JSONTape, images: (any ImageStore)?, session: CodingSession
  ) throws -> DecodedDocument<Root> {
    guard tape.view.tag(at: 0) == .object else {
      throw PersistenceError(
        .wrongType(expected: "an object", found: tape.view.typeName(at: 0)), at: .root)
    }
    // The envelope's known members, the root standing in as `null` (and its word), and the
    // first unknown key. Only known members become values, and keys are made one at a time, so
    // an envelope of millions of keys costs no more to refuse than its tape.
    // Figure: 64 MiB of one object of distinct keys opens at 2.8× its size, 7.1× made a tree.
    var envelope = JSONObject()
    var rootWord: Int?
    var unknownKey: String?
    var word = 2
    for member in 0..<tape.view.memberCount(ofContainerAt: 0) {
      let key = tape.view.key(member, ofObjectAt: 0)
      if key == DocumentEnvelope.rootKey {
        rootWord = word
        envelope.appendUnchecked(.null, forKey: key)
      } else if DocumentEnvelope.knownKeys.contains(key) {
        envelope.appendUnchecked(tape.value(at: word), forKey: key)
      } else if unknownKey == nil {
        unknownKey = key
      }
      word += tape.view.span(at: word)
    }
    let schema = try DocumentEnvelope.schema(of: envelope)
    var rootTape = tape
    if !DocumentEnvelope.readsWithoutMigration(schema) {
      let (migrated, _) = try currentEnvelope(tape.value(at: 0))
      envelope = migrated
      rootWord = nil
      if let rootJSON = migrated[DocumentEnvelope.rootKey] {
        rootTape = JSONTape(rootJSON)
        rootWord = 0
      }
    } else if let unknownKey {
      throw Self.unknownField(unknownKey)
    }
    session.payloadVersions = try DocumentEnvelope.payloadVersions(of: envelope)
    let rootPointer = JSONPointer.root.appending(key: DocumentEnvelope.rootKey)
    guard let rootWord else {
      throw PersistenceError(.missingField(DocumentEnvelope.rootKey), at: .root)
    }
    let root = try ValueDecoder.withRoot(
      session: session, tape: rootTape, pointer: rootPointer, index: rootWord
    ) { try registry.decodeModel(type, from: $0, session: session) }
    return DecodedDocument(
      root: root, schema: schema, preserved: session.preserved,
      imageStore: images,
      unresolvedTokens: (images as? UnresolvedImageStore)?.unresolvedTokens ?? [])
  }

  /// Parses bytes as strict JSON within the coder's limits.
  ///
  /// - Parameters:
  ///   - bytes: The document.
  ///   - relocate: Moves a refusal's place back into the bytes the caller was given, for a
  ///     caller that rewrote them before reading (the OpenTimelineIO importer's `NaN`).
  /// - Throws: ``PersistenceError`` with line and column.
  package func readJSON(
    _ bytes: Data, relocatingErrors relocate: (JSONReadError) -> JSONReadError = { $0 }
  ) throws -> JSONValue {
    try withTape(of: bytes, relocatingErrors: relocate) { $0.value(at: 0) }
  }

  /// Parses the document `bytes` as strict JSON within the coder's limits onto a tape, and runs
  /// `body` with it while the bytes can be read: neither the tape nor its decoders may be kept
  /// after. `relocate` moves a refusal's place back into the bytes the caller was given.
  ///
  /// - Throws: ``PersistenceError`` with line and column, or what `body` throws.
  func withTape<Result>(
    of bytes: Data, relocatingErrors relocate: (JSONReadError) -> JSONReadError = { $0 },
    _ body: (JSONTape) throws -> Result
  ) throws -> Result {
    try Self.withTape(of: bytes, limits: options.limits, relocatingErrors: relocate, body)
  }

  /// Parses `bytes` as strict JSON within `limits` onto a tape, and runs `body` with it (see
  /// the instance method).
  ///
  /// - Throws: ``PersistenceError`` with line and column, or what `body` throws.
  static func withTape<Result>(
    of bytes: Data, limits: DocumentLimits,
    relocatingErrors relocate: (JSONReadError) -> JSONReadError,
    _ body: (JSONTape) throws -> Result
  ) throws -> Result {
    let size = bytes.count
    guard size <= limits.maximumDocumentBytes else {
      throw PersistenceError(
        .limitExceeded(
          "The document is \(size) bytes, more than the limit of "
            + "\(limits.maximumDocumentBytes) bytes"),
        at: .root)
    }
    let readerOptions = JSONReader.Options(
      maximumDepth: limits.maximumDepth, maximumDocumentSize: limits.maximumDocumentBytes,
      maximumStringLength: limits.maximumStringBytes, maximumValueCount: limits.maximumValueCount)
    return try JSONReader(options: readerOptions).withTape(of: bytes) { read in
      switch read {
      case .success(let tape):
        return try body(tape)
      case .failure(let failure):
        let error = relocate(failure)
        if case .tooManyValues(let limit) = error.kind {
          throw PersistenceError(
            .limitExceeded("The document holds more than \(limit) JSON values"), at: error.pointer)
        }
        throw PersistenceError(error)
      }
    }
  }

  /// The envelope migrated to the current schema, and the schema it had.
  func currentEnvelope(_ json: JSONValue) throws -> (JSONObject, Int) {
    guard case .object(var envelope) = json else {
      throw PersistenceError(.wrongType(expected: "an object", found: json.typeName), at: .root)
    }
    let schema = try DocumentEnvelope.schema(of: envelope)
    if schema > DocumentEnvelope.newestSchema {
      throw PersistenceError.unsupportedSchema(
        found: schema, supported: DocumentEnvelope.newestSchema)
    }
    if schema < DocumentEnvelope.currentSchema {
      envelope = try migrations.migrate(envelope, from: schema, to: DocumentEnvelope.currentSchema)
    }
    try Self.refuseUnknownKeys(of: envelope)
    return (envelope, schema)
  }

  /// Refuses an envelope member the current schema does not have.
  static func refuseUnknownKeys(of envelope: JSONObject) throws {
    for key in envelope.keys where !DocumentEnvelope.knownKeys.contains(key) {
      throw unknownField(key)
    }
  }

  /// The refusal of the envelope's key `key`, which is not one of its known keys.
  static func unknownField(_ key: String) -> PersistenceError {
    PersistenceError(
      .unknownField(key, known: DocumentEnvelope.knownKeys.sorted()),
      at: JSONPointer.root.appending(key: key))
  }

  /// Brings a document to the current schema without decoding it.
  ///
  /// - Parameter bytes: The document.
  /// - Returns: The migrated document as canonical bytes, and the schema it had.
  /// - Throws: ``PersistenceError``.
  package func migrate(_ bytes: Data) throws -> (
    bytes: Data, fromSchema: Int
  ) {
    let (envelope, schema) = try currentEnvelope(try readJSON(bytes))
    do {
      return (try JSONWriter().writeData(.object(envelope)), schema)
    } catch {
      throw PersistenceError(error)
    }
  }
}
