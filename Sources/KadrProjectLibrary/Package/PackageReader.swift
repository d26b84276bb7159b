import Foundation
import KadrArchive
import KadrPersistence

/// Reads a project package as hostile input: the zip is opened strictly (``ZipPolicy``), every
/// entry is accounted for by the manifest, every image is extracted to a temporary folder while
/// its bytes are counted and hashed, and the document and metadata are decoded, all before the
/// caller writes anything to its store.
struct PackageReader<Metadata: ProjectMetadata> {
  static var maximumImages: Int { PackageLimits.maximumImages }
  static var maximumRevisions: Int { PackageLimits.maximumRevisions }
  static var maximumEntries: Int { PackageLimits.maximumEntries }
  static var maximumTotalBytes: Int { PackageLimits.maximumTotalBytes }
  static var maximumJSONBytes: Int { PackageLimits.maximumJSONBytes }

  let manifest: PackageManifest
  /// The checked project, its images extracted to files.
  let project: PackagedProject<Metadata>
  /// Where the images were extracted; removed by ``remove()``.
  private let folder: URL

  /// Reads and checks the package at `url`.
  ///
  /// - Parameters:
  ///   - url: The package.
  ///   - coder: The store's coder.
  ///   - keepingHistory: Whether the store keeps earlier revisions: when it does not, they are
  ///     neither extracted nor decoded (the manifest's list of them is still checked).
  /// - Throws: ``ProjectPackageError``, a `PersistenceError` of the document, or a
  ///   ``ProjectLibraryError`` of the metadata.
  init(_ url: URL, coder: KadrCoder, keepingHistory: Bool = true) throws {
    let path = url.path
    func fail(_ reason: ProjectPackageError.Reason) -> ProjectPackageError {
      ProjectPackageError(reason, path: path)
    }
    let archive: ZipArchive
    do {
      archive = try ZipArchive(
        path: path,
        policy: .untrusted(
          maximumEntries: Self.maximumEntries, maximumTotalBytes: Self.maximumTotalBytes))
    } catch let failure as ZipArchive.Failure {
      throw fail(failure.isUnopenable ? .unreadable(failure.reason) : .damaged(failure.reason))
    }
    func read(_ entry: ZipArchive.Entry, limit: Int) throws -> Data {
      do {
        return Data(try archive.contents(of: entry, limit: limit, limitName: entry.name))
      } catch let failure as ZipArchive.Failure {
        throw fail(.damaged(failure.reason))
      }
    }
    var byName: [String: ZipArchive.Entry] = [:]
    for entry in archive.entries {
      let isImage =
        entry.name.hasPrefix(PackageManifest.Entry.imagesFolder)
        && FileImageStore.isToken(
          FileImageStore.scheme + ":"
            + entry.name.dropFirst(PackageManifest.Entry.imagesFolder.count))
      guard
        isImage || PackageManifest.Entry.revision(ofHistoryEntry: entry.name) != nil
          || entry.name == PackageManifest.Entry.manifest
          || entry.name == PackageManifest.Entry.document
          || entry.name == PackageManifest.Entry.metadata
      else { throw fail(.unexpectedEntry(entry.name)) }
      byName[entry.name] = entry
    }
    guard let manifestEntry = byName[PackageManifest.Entry.manifest] else {
      throw fail(.notAPackage("it holds no \(PackageManifest.Entry.manifest)"))
    }
    let manifest = try Self.manifest(
      read(manifestEntry, limit: Self.maximumJSONBytes), fail: fail)
    guard manifest.schema <= KadrDocument.newestSchema else {
      throw fail(.newerSchema(found: manifest.schema, supported: KadrDocument.newestSchema))
    }
    guard !Metadata.isNewer(manifest.metadataVersion) else {
      throw fail(.newerMetadata(found: manifest.metadataVersion, supported: Metadata.version))
    }
    let history = manifest.history ?? []
    guard manifest.version >= PackageManifest.historyVersion || manifest.history == nil,
      manifest.version >= PackageManifest.historyVersion || manifest.revision == nil
    else {
      throw fail(.notAPackage("its version-\(manifest.version) manifest lists a history"))
    }
    guard history.count <= Self.maximumRevisions, manifest.images.count <= Self.maximumImages
    else { throw fail(.manifestMismatch("it lists more revisions or images than a package has")) }
    if !history.isEmpty {
      guard let head = manifest.revision else {
        throw fail(.manifestMismatch("it has a history but no head revision"))
      }
      if let refusal = PackageLimits.refusal(images: 0, revisions: 0, head: head) {
        throw fail(.beyondLimit(refusal))
      }
      for (index, revision) in history.enumerated() {
        guard revision.revision >= 0, revision.revision < head,
          index == 0 || history[index - 1].revision < revision.revision
        else {
          throw fail(
            .manifestMismatch(
              "its history's revisions are not ascending numbers before the head's \(head)"))
        }
        guard revision.schema <= KadrDocument.newestSchema else {
          throw fail(
            .newerSchema(found: revision.schema, supported: KadrDocument.newestSchema))
        }
        guard !Metadata.isNewer(revision.metadataVersion) else {
          throw fail(
            .newerMetadata(found: revision.metadataVersion, supported: Metadata.version))
        }
      }
    }
    let revisions = Set(history.map(\.revision))
    for name in byName.keys.sorted() {
      if let revision = PackageManifest.Entry.revision(ofHistoryEntry: name),
        !revisions.contains(revision)
      {
        throw fail(
          .manifestMismatch("the entry '\(name)' is in the zip but its revision is not listed"))
      }
    }
    let listed = Set(manifest.images.map(\.name))
    guard listed.count == manifest.images.count else {
      throw fail(.manifestMismatch("it lists an image twice"))
    }
    for name in byName.keys.sorted()
    where name.hasPrefix(PackageManifest.Entry.imagesFolder) && !listed.contains(name) {
      throw fail(.manifestMismatch("the image '\(name)' is in the zip but not in the manifest"))
    }
    for image in manifest.images {
      guard let entry = byName[image.name] else {
        throw fail(.manifestMismatch("the image '\(image.name)' is listed but not in the zip"))
      }
      guard entry.size == image.bytes else {
        throw fail(
          .manifestMismatch(
            "the manifest says '\(image.name)' has \(image.bytes) bytes, the zip \(entry.size)"))
      }
    }
    guard let documentEntry = byName[PackageManifest.Entry.document],
      let metadataEntry = byName[PackageManifest.Entry.metadata]
    else {
      throw fail(
        .notAPackage(
          "it lacks \(PackageManifest.Entry.document) or "
            + "\(PackageManifest.Entry.metadata)"))
    }

    let folder = WorkFolder.make(for: "import")
    do {
      let imagesFolder = folder.appendingPathComponent("images", isDirectory: true)
      try FileManager.default.createDirectory(at: imagesFolder, withIntermediateDirectories: true)
      for image in manifest.images {
        guard let entry = byName[image.name] else { continue }
        try Self.extract(entry, of: archive, image: image, to: imagesFolder, fail: fail)
      }
      let document = try read(documentEntry, limit: coder.options.limits.maximumDocumentBytes)
      var preserving = coder
      preserving.options.preservingUnknown = true
      let tokens = Set(
        manifest.images.map {
          FileImageStore.scheme + ":"
            + $0.name.dropFirst(PackageManifest.Entry.imagesFolder.count)
        })
      let headTokens = try preserving.imageTokens(in: document)
      for token in headTokens where !tokens.contains(token) {
        throw fail(.manifestMismatch("the document uses the image '\(token)', which it lacks"))
      }
      // The one decode of the head: the check that it opens, which learns its facts; an import
      // renames the tokens in its bytes (or, of an older schema, saves the composition again).
      let placeholders = UnresolvedImageStore()
      let head = try preserving.checkedPackageDocument(document, images: placeholders)
      // Each earlier revision: checked as the head is, its document kept in a file.
      var packagedHistory: [PackagedRevision<Metadata>] = []
      let historyFolder = folder.appendingPathComponent("history", isDirectory: true)
      if !history.isEmpty, keepingHistory {
        try FileManager.default.createDirectory(
          at: historyFolder, withIntermediateDirectories: true)
      }
      for revision in history {
        let names = PackageManifest.Entry.history(revision.revision)
        guard keepingHistory else {
          // The store keeps the last save only: the revision is never read, so it costs
          // neither disk nor decoding (600 revisions of 1 MiB once cost 600 MB of both).
          guard byName[names.document] != nil, byName[names.metadata] != nil else {
            throw fail(
              .manifestMismatch("revision \(revision.revision) is listed but not in the zip"))
          }
          continue
        }
        guard let documentEntry = byName[names.document], let metadataEntry = byName[names.metadata]
        else {
          throw fail(
            .manifestMismatch("revision \(revision.revision) is listed but not in the zip"))
        }
        let data = try read(documentEntry, limit: coder.options.limits.maximumDocumentBytes)
        for token in try preserving.imageTokens(in: data) where !tokens.contains(token) {
          throw fail(
            .manifestMismatch(
              "revision \(revision.revision) uses the image '\(token)', which it lacks"))
        }
        // Its one decode: the check, which learns the facts its import needs.
        let checked = try preserving.checkedPackageDocument(data, images: UnresolvedImageStore())
        let file = historyFolder.appendingPathComponent("\(revision.revision).json")
        try data.write(to: file)
        let app = try Self.json(read(metadataEntry, limit: Self.maximumJSONBytes), fail: fail)
        let savedDate = Date(timeIntervalSince1970: revision.saved)
        let envelope = MetadataEnvelope(
          format: MetadataEnvelope.currentFormat, name: manifest.name,
          revision: revision.revision, created: Date(timeIntervalSince1970: manifest.created),
          modified: savedDate, saved: savedDate, thumbnail: nil,
          metadataVersion: revision.metadataVersion, app: app, document: revision.document)
        packagedHistory.append(
          PackagedRevision(
            revision: revision.revision, saved: savedDate,
            metadata: try envelope.metadata(Metadata.self, path: path + "/" + names.metadata),
            file: file, facts: checked.facts, coder: preserving))
      }
      let app = try Self.json(read(metadataEntry, limit: Self.maximumJSONBytes), fail: fail)
      let envelope = MetadataEnvelope(
        format: MetadataEnvelope.currentFormat, name: manifest.name, revision: 0,
        created: Date(timeIntervalSince1970: manifest.created),
        modified: Date(timeIntervalSince1970: manifest.modified),
        saved: Date(timeIntervalSince1970: manifest.modified), thumbnail: manifest.thumbnail,
        metadataVersion: manifest.metadataVersion, app: app, document: manifest.document)
      let metadata = try envelope.metadata(
        Metadata.self, path: path + "/" + PackageManifest.Entry.metadata)
      if let token = manifest.thumbnail, !tokens.contains(token) {
        throw fail(.manifestMismatch("the thumbnail '\(token)' is not one of its images"))
      }
      let images = manifest.images.map { image in
        let fileName = String(image.name.dropFirst(PackageManifest.Entry.imagesFolder.count))
        return PackagedImage(
          token: FileImageStore.scheme + ":" + fileName, sha256: image.sha256.lowercased(),
          byteCount: image.bytes, file: imagesFolder.appendingPathComponent(fileName),
          packagePath: path)
      }.sorted { $0.token < $1.token }
      project = PackagedProject(
        id: manifest.id, name: manifest.name, created: envelope.created,
        modified: envelope.modified, metadata: metadata, thumbnailToken: manifest.thumbnail,
        images: images, revision: manifest.revision, history: packagedHistory,
        headTokens: Set(headTokens + [manifest.thumbnail].compactMap { $0 }), video: head.video,
        headDocument: document, headFacts: head.facts, placeholders: placeholders,
        coder: preserving)
    } catch {
      try? FileManager.default.removeItem(at: folder)
      throw error
    }
    self.manifest = manifest
    self.folder = folder
  }

  /// Removes the extracted images.
  func remove() {
    try? FileManager.default.removeItem(at: folder)
  }

  /// The manifest, refused unless it is strict JSON of this format and version.
  private static func manifest(
    _ data: Data, fail: (ProjectPackageError.Reason) -> ProjectPackageError
  ) throws -> PackageManifest {
    guard case .object(let object) = try json(data, fail: fail) else {
      throw fail(.notAPackage("its manifest is not a JSON object"))
    }
    guard case .string(PackageManifest.formatName)? = object["format"] else {
      throw fail(.notAPackage("its manifest's format is not '\(PackageManifest.formatName)'"))
    }
    guard case .integer(let version)? = object["version"], let number = Int(exactly: version)
    else { throw fail(.notAPackage("its manifest has no whole-number version")) }
    guard number >= 1 else { throw fail(.notAPackage("its manifest's version is \(number)")) }
    guard number <= PackageManifest.currentVersion else {
      throw fail(.newerFormat(found: number, supported: PackageManifest.currentVersion))
    }
    do {
      return try JSONDecoder().decode(PackageManifest.self, from: data)
    } catch {
      throw fail(.notAPackage("its manifest does not decode (\(error))"))
    }
  }

  /// Strict JSON (no duplicate keys, valid UTF-8, bounded depth).
  private static func json(
    _ data: Data, fail: (ProjectPackageError.Reason) -> ProjectPackageError
  ) throws -> JSONValue {
    do {
      return try KadrCoder().readJSON(data).json
    } catch {
      throw fail(.notAPackage("a JSON entry is not strict JSON (\(error))"))
    }
  }

  /// Extracts one image, counting and hashing its bytes, refused unless they hash to its name.
  private static func extract(
    _ entry: ZipArchive.Entry, of archive: ZipArchive, image: PackageManifest.Image,
    to folder: URL, fail: (ProjectPackageError.Reason) -> ProjectPackageError
  ) throws {
    let fileName = String(image.name.dropFirst(PackageManifest.Entry.imagesFolder.count))
    let file = folder.appendingPathComponent(fileName)
    guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
      throw ProjectLibraryError.fileSystem(path: file.path, detail: "it cannot be created")
    }
    let handle = try FileHandle(forWritingTo: file)
    defer { try? handle.close() }
    var hash = SHA256()
    do {
      try archive.stream(entry, limit: image.bytes, limitName: "its size in the manifest") {
        chunk in
        let data = Data(chunk)
        hash.update(data)
        try handle.write(contentsOf: data)
      }
    } catch let failure as ZipArchive.Failure {
      throw fail(.damaged(failure.reason))
    }
    let digest = hash.finalize().hexString
    let named = fileName.split(separator: ".").first.map(String.init)
    guard digest == named, digest == image.sha256.lowercased() else {
      throw fail(.imageMismatch(image.name))
    }
  }
}
