import Foundation
import KadrPersistence

/// A project as a package holds it, staged in a work folder from its store: every image once,
/// under its content name (a `FileImageStore`'s files as they are), and its documents with
/// their tokens renamed to the package's. A package export zips it; a copy between stores
/// hands it to the destination without a zip, so no package limit applies to a copy.
struct PackageStaging<Metadata: ProjectMetadata> {
  /// An earlier revision, staged.
  struct Revision {
    var entry: PackageManifest.Revision
    var document: URL
    var metadataFile: URL
    var metadata: Metadata
    var saved: Date
    /// The facts a decode of the staged document learnt, when one checked it; `nil` when it
    /// was staged unread, so that importing it checks it.
    var checkedFacts: DocumentFacts?
  }

  let stored: StoredProject<Metadata>
  let coder: KadrCoder
  /// The work folder, made on first use and removed by ``remove()``.
  let folder: URL
  private var isMade = false
  /// The package token of each of the store's tokens.
  private(set) var packageTokens: [String: String] = [:]
  /// The manifest entry and file of each image, by entry name.
  private(set) var listed: [String: (image: PackageManifest.Image, file: URL)] = [:]

  /// Stages `stored`, its documents read with `coder` (keeping unknown kinds), in a work folder
  /// for `purpose` (`export`, `copy`).
  init(_ stored: StoredProject<Metadata>, coder: KadrCoder, purpose: String) {
    var coder = coder
    coder.options.preservingUnknown = true
    self.stored = stored
    self.coder = coder
    self.folder = WorkFolder.make(for: purpose)
  }

  /// Removes the work folder and what was staged in it.
  func remove() {
    if isMade { try? FileManager.default.removeItem(at: folder) }
  }

  /// A file in the work folder, which is made on first use.
  mutating func file(_ name: String) throws -> URL {
    if !isMade {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      isMade = true
    }
    return folder.appendingPathComponent(name)
  }

  /// Stages the images of `tokens` not staged yet.
  mutating func collect(_ tokens: [String]) throws {
    let fileStore = stored.images as? FileImageStore
    for token in tokens where packageTokens[token] == nil {
      // A folder library's image is its package entry already: hashed once and zipped from
      // its file (staging a copy took kadr-bench --packages' folder export from 0.30 s to
      // 0.70 s, and its copy of 1,000 projects from 7.4 s to 12.8 s).
      if let fileStore, FileImageStore.isToken(token), let file = fileStore.url(for: token),
        FileManager.default.fileExists(atPath: file.path)
      {
        let (digest, count) = try ImageFileDigest.of(
          file, token: token, limit: fileStore.maximumImageBytes)
        guard file.lastPathComponent.hasPrefix(digest + ".") else {
          throw ProjectLibraryError.fileSystem(
            path: file.path,
            detail: "the image '\(token)' does not have the bytes its name says (it is damaged)")
        }
        packageTokens[token] = token
        let name = PackageManifest.Entry.imagesFolder + file.lastPathComponent
        listed[name] = (PackageManifest.Image(name: name, bytes: count, sha256: digest), file)
        continue
      }
      let image = try stored.images.image(for: token)
      let digest = SHA256.hash(image.data).hexString
      let fileName = "\(digest).\(image.format.fileExtension)"
      packageTokens[token] = FileImageStore.scheme + ":" + fileName
      let name = PackageManifest.Entry.imagesFolder + fileName
      if listed[name] == nil {
        let file = try file(fileName)
        try image.data.write(to: file)
        listed[name] = (
          PackageManifest.Image(name: name, bytes: image.data.count, sha256: digest), file
        )
      }
    }
  }

  /// A document with its tokens renamed to the package's (its images staged), its schema and
  /// its facts; rewritten only when a token changes, so a folder library's document stays
  /// byte for byte. A document of the current schema is renamed in its tree (one parse, one
  /// write, one decode as the check that it opens, which learns its facts); an older one is
  /// decoded and saved again in the current schema.
  ///
  /// - Returns: The bytes, their schema, the facts for the manifest, and the facts a decode
  ///   learnt when one checked the bytes (`nil` when they were staged unread).
  mutating func rewritten(_ data: Data, facts: DocumentFacts?) throws -> (
    data: Data, schema: Int, facts: DocumentFacts?, checked: DocumentFacts?
  ) {
    let found = try coder.imageTokensAndSchema(in: data)
    try collect(found.tokens)
    guard found.tokens.contains(where: { packageTokens[$0] != $0 }) else {
      return (data, found.schema ?? KadrDocument.currentSchema, facts, nil)
    }
    if let schema = found.schema, DocumentEnvelope.readsWithoutMigration(schema) {
      // Renamed in the bytes (in a tree when a token's text is also another value); decoded
      // once, to prove it opens, which also learns its facts (renaming tokens changes none).
      let renamed =
        try coder.renamingImageTokens(inBytes: data, packageTokens)
        ?? coder.replacingImageTokens(in: coder.readJSON(data), packageTokens).data()
      let checked = try coder.checkedPackageDocument(renamed, images: UnresolvedImageStore())
      return (renamed, schema, checked.facts, checked.facts)
    }
    let placeholders = UnresolvedImageStore()
    let video = try coder.video(from: data, images: placeholders)
    let saved = try coder.save(
      video, images: ReplacingImageStore(placeholders: placeholders, tokens: packageTokens))
    let learnt = DocumentFacts(video: video, saved: saved)
    return (saved.data, saved.schema, learnt, learnt)
  }

  /// The head's facts as the store's summary knows them, when it knows them all.
  var summaryFacts: DocumentFacts? {
    let summary = stored.summary
    guard let clips = summary.clipCount, let duration = summary.duration,
      let written = summary.schema
    else { return nil }
    return DocumentFacts(
      clipCount: clips, duration: duration, schema: written, kinds: summary.kinds)
  }

  /// Stages the revisions of `history` before the head, oldest first, once each.
  mutating func stage(_ history: [StoredRevision<Metadata>]) throws -> [Revision] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let head = stored.summary.revision
    var revisions: [Revision] = []
    for revision in history.sorted(by: { $0.revision < $1.revision })
    where revision.revision >= 0 && revision.revision < head
      && revision.revision != revisions.last?.entry.revision
    {
      let (data, schema, facts, checked) = try rewritten(
        try revision.document(), facts: revision.facts)
      let document = try file("\(revision.revision).json")
      try data.write(to: document)
      let metadataFile = try file("\(revision.revision).metadata.json")
      try encoder.encode(revision.metadata).write(to: metadataFile)
      revisions.append(
        Revision(
          entry: PackageManifest.Revision(
            revision: revision.revision, saved: revision.saved.timeIntervalSince1970,
            metadataVersion: max(Metadata.version, revision.metadataVersion), schema: schema,
            document: facts),
          document: document, metadataFile: metadataFile, metadata: revision.metadata,
          saved: revision.saved, checkedFacts: checked))
    }
    return revisions
  }

  /// The staged project as an import takes it, without a zip: the head `document`, the
  /// staged images and `revisions`.
  func packaged(head document: Data, revisions: [Revision], source: String) throws
    -> PackagedProject<Metadata>
  {
    let summary = stored.summary
    let placeholders = UnresolvedImageStore()
    let head = try coder.checkedPackageDocument(document, images: placeholders)
    let thumbnail = summary.thumbnailToken.flatMap { packageTokens[$0] }
    let images = listed.values.map { entry in
      let fileName = String(entry.image.name.dropFirst(PackageManifest.Entry.imagesFolder.count))
      return PackagedImage(
        token: FileImageStore.scheme + ":" + fileName, sha256: entry.image.sha256,
        byteCount: entry.image.bytes, file: entry.file, packagePath: source)
    }.sorted { $0.token < $1.token }
    return PackagedProject(
      id: summary.id, name: summary.name, created: summary.created, modified: summary.modified,
      metadata: summary.metadata, thumbnailToken: thumbnail, images: images,
      revision: revisions.isEmpty ? nil : summary.revision,
      history: revisions.map {
        PackagedRevision(
          revision: $0.entry.revision, saved: $0.saved, metadata: $0.metadata, file: $0.document,
          facts: $0.checkedFacts, coder: coder)
      },
      headTokens: Set(try coder.imageTokens(in: document) + [thumbnail].compactMap { $0 }),
      video: head.video, headDocument: document, headFacts: head.facts,
      placeholders: placeholders, coder: coder)
  }
}
