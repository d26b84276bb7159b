import Foundation
import KadrPersistence

extension ProjectLibrary {
  /// Deletes the images of the shared store that nothing refers to: no project, no trashed
  /// project, no autosave, no thumbnail. With `dryRun`, deletes nothing and lists what would go.
  ///
  /// Every document, `project.json` and autosave of the library and its trash is read (what a
  /// crashed create left is removed first, except in a dry run). When one
  /// that exists cannot be read, the collection is **refused** and nothing is deleted, since the
  /// unreadable file may refer to any image; a torn autosave is not such a file, since it is
  /// never offered for recovery. It holds the library's exclusive lock, so no save of another
  /// process adds an image meanwhile.
  /// - Parameter dryRun: List what would be deleted without deleting it.
  /// - Returns: The tokens removed (or that would be) and the tokens kept.
  /// - Throws: ``ProjectLibraryError/collectionRefused(unreadable:)`` naming the files that
  ///   cannot be read, or the store's `PersistenceError`.
  @discardableResult
  public func collectImages(dryRun: Bool = false) throws -> ImageCollection {
    try changing {
      if !dryRun { removeStaleStaging() }
      let kept = try referencedTokens()
      let stored = try images.storedTokens()
      guard !dryRun else {
        return ImageCollection(
          dryRun: true, removed: stored.filter { !kept.contains($0) },
          kept: stored.filter(kept.contains))
      }
      let removed = try images.prunedTokens(keeping: kept)
      return ImageCollection(
        dryRun: false, removed: removed, kept: stored.filter(kept.contains))
    }
  }

  /// Every image token any project, trashed project or autosave refers to, but the project
  /// directory `excluded`.
  ///
  /// - Throws: ``ProjectLibraryError/collectionRefused(unreadable:)`` when a file that exists
  ///   cannot be read (it may refer to any image).
  func referencedTokens(excluding excluded: URL? = nil) throws -> Set<String> {
    var tokens = Set<String>()
    var unreadable: [String] = []
    for folder in [layout.projects, layout.trash] {
      // Every directory, also a hidden one a crashed create left: it holds saved images too.
      for directory in try Self.subdirectories(of: folder)
      where directory.standardizedFileURL != excluded?.standardizedFileURL {
        collectTokens(in: directory, into: &tokens, unreadable: &unreadable)
      }
    }
    guard unreadable.isEmpty else {
      throw ProjectLibraryError.collectionRefused(unreadable: unreadable.sorted())
    }
    return tokens
  }

  /// Adds the image tokens of one project directory (document, `project.json`, autosaves) to
  /// `tokens`, and the files that exist but cannot be read to `unreadable`.
  func collectTokens(
    in directory: URL, into tokens: inout Set<String>, unreadable: inout [String]
  ) {
    let coder = coder()
    let document = LibraryLayout.document(in: directory)
    if let data = try? LibraryLayout.read(document, limit: options.limits.maximumDocumentBytes) {
      if let value = try? coder.readJSON(data) {
        tokens.formUnion(Self.tokens(in: value, coder: coder))
      } else {
        unreadable.append(document.path)
      }
    } else if FileManager.default.fileExists(atPath: document.path) {
      unreadable.append(document.path)
    }
    let metadata = LibraryLayout.metadata(in: directory)
    if FileManager.default.fileExists(atPath: metadata.path) {
      if let envelope = try? MetadataEnvelope.decode(
        LibraryLayout.read(metadata, limit: BoundedRead.maximumMetadataBytes))
      {
        tokens.formUnion(Self.tokens(in: envelope))
      } else {
        unreadable.append(metadata.path)
      }
    }
    for url in LibraryLayout.slots(in: directory) {
      guard let slot = AutosaveSlot.read(url, limit: maximumSlotBytes) else { continue }
      tokens.formUnion(Self.tokens(in: slot.header.project))
      if let value = try? coder.readJSON(slot.document) {
        tokens.formUnion(Self.tokens(in: value, coder: coder))
      }
    }
  }

  /// The tokens of a document: the codecs' own list, and every string of the tree that is a
  /// file token, for content of kinds no codec is registered for (kept verbatim, tokens and
  /// all, by an app that has the plugin).
  private static func tokens(in document: KadrDocument, coder: KadrCoder) -> Set<String> {
    Set(coder.imageTokens(in: document)).union(fileTokens(in: document.json))
  }

  /// The thumbnail and any file token in the app's metadata.
  private static func tokens(in envelope: MetadataEnvelope) -> Set<String> {
    fileTokens(in: envelope.app).union(envelope.thumbnail.map { [$0] } ?? [])
  }

  /// Every string in `value` that is a token of a file image store.
  private static func fileTokens(in value: JSONValue) -> Set<String> {
    var found = Set<String>()
    var stack = [value]
    while let next = stack.popLast() {
      switch next {
      case .string(let text) where FileImageStore.isToken(text): found.insert(text)
      case .array(let items): stack.append(contentsOf: items)
      case .object(let object): stack.append(contentsOf: object.values)
      default: continue
      }
    }
    return found
  }

  private static func subdirectories(of folder: URL) throws -> [URL] {
    guard FileManager.default.fileExists(atPath: folder.path) else { return [] }
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    } catch {
      throw ProjectLibraryError.fileSystem(path: folder.path, detail: error.localizedDescription)
    }
    return names.sorted().map { folder.appendingPathComponent($0) }.filter { url in
      var isDirectory: ObjCBool = false
      return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
        && isDirectory.boolValue
    }
  }
}
