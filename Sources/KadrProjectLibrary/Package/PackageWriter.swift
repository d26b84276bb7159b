import Foundation
import KadrArchive
import KadrPersistence

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a project package from a project as its store keeps it: each image is fetched from
/// the store once, hashed and staged in a temporary folder (a `FileImageStore`'s files are
/// zipped as they are), one at a time, so memory holds about the largest image; earlier
/// revisions' documents are staged too; the zip is written to a temporary file beside the
/// destination, which is renamed into place. (Fetching each image twice instead, to hash it
/// and then to zip it, took `kadr-library-bench --packages`' PostgreSQL export of 200 images
/// from about 0.8 s to 1.1–1.9 s.)
enum PackageWriter {
  /// Writes the package of `stored`, with the revisions of `history` older than its head.
  ///
  /// The documents' tokens become `file:<sha256>.<ext>` (a document is saved again only when
  /// one of its tokens changes, so a folder library's document is zipped byte for byte). A
  /// package with history is format 2; one without is format 1, as before history.
  ///
  /// - Throws: The store's image errors (a missing image is refused), `PersistenceError` of a
  ///   document, or a file-system error when a file cannot be written.
  static func write<Metadata>(
    _ stored: StoredProject<Metadata>, history: [StoredRevision<Metadata>], coder: KadrCoder,
    to url: URL
  ) throws {
    var coder = coder
    coder.documentCoder.options.preservingUnknown = true
    let summary = stored.summary
    let staging = WorkFolder.make(for: "export")
    var staged = false
    defer { if staged { try? FileManager.default.removeItem(at: staging) } }
    /// A file in the staging folder, which is made on first use.
    func stagingFile(_ name: String) throws -> URL {
      if !staged {
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        staged = true
      }
      return staging.appendingPathComponent(name)
    }
    // The package token of each of the store's tokens, and the manifest entry and file of each
    // image.
    var packageTokens: [String: String] = [:]
    var listed: [String: (image: PackageManifest.Image, file: URL)] = [:]
    let fileStore = stored.images as? FileImageStore
    func collect(_ tokens: [String]) throws {
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
          listed[name] = (
            PackageManifest.Image(name: name, bytes: count, sha256: digest), file
          )
          continue
        }
        let image = try stored.images.image(for: token)
        let digest = SHA256.hash(image.data).hexString
        let fileName = "\(digest).\(image.format.fileExtension)"
        packageTokens[token] = FileImageStore.scheme + ":" + fileName
        let name = PackageManifest.Entry.imagesFolder + fileName
        if listed[name] == nil {
          let file = try stagingFile(fileName)
          try image.data.write(to: file)
          listed[name] = (
            PackageManifest.Image(name: name, bytes: image.data.count, sha256: digest), file
          )
        }
      }
    }
    /// A document with its tokens replaced by the package's, its schema and its facts.
    func rewritten(_ data: Data, facts: DocumentFacts?) throws -> (Data, Int, DocumentFacts?) {
      let parsed = try coder.readJSON(data)
      let tokens = coder.imageTokens(in: parsed)
      try collect(tokens)
      guard tokens.contains(where: { packageTokens[$0] != $0 }) else {
        return (data, parsed.schema ?? KadrDocument.currentSchema, facts)
      }
      let placeholders = UnresolvedImageStore()
      let video = try coder.video(from: data, images: placeholders)
      let saved = try coder.save(
        video, images: ReplacingImageStore(placeholders: placeholders, tokens: packageTokens))
      return (saved.data, saved.schema, DocumentFacts(video: video, saved: saved))
    }

    var facts: DocumentFacts?
    if let clips = summary.clipCount, let duration = summary.duration, let written = summary.schema
    {
      facts = DocumentFacts(
        clipCount: clips, duration: duration, schema: written, kinds: summary.kinds)
    }
    let (document, schema, headFacts) = try rewritten(stored.document, facts: facts)
    try collect([summary.thumbnailToken].compactMap { $0 })

    // The limits the reader applies, refused here first, so every package written imports.
    let earlier = Set(history.map(\.revision).filter { $0 >= 0 && $0 < summary.revision })
    if let refusal = PackageLimits.refusal(
      images: 0, revisions: earlier.count, head: earlier.isEmpty ? nil : summary.revision)
    {
      throw ProjectPackageError(.beyondLimit(refusal), path: url.path)
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    var revisions: [PackageManifest.Revision] = []
    for revision in history.sorted(by: { $0.revision < $1.revision })
    where revision.revision >= 0 && revision.revision < summary.revision
      && revision.revision != revisions.last?.revision
    {
      let (data, schema, facts) = try rewritten(try revision.document(), facts: revision.facts)
      try data.write(to: stagingFile("\(revision.revision).json"))
      try encoder.encode(revision.metadata).write(
        to: stagingFile("\(revision.revision).metadata.json"))
      revisions.append(
        PackageManifest.Revision(
          revision: revision.revision, saved: revision.saved.timeIntervalSince1970,
          metadataVersion: max(Metadata.version, revision.metadataVersion), schema: schema,
          document: facts))
    }

    let manifest = PackageManifest(
      format: PackageManifest.formatName,
      version: revisions.isEmpty ? 1 : PackageManifest.historyVersion, id: summary.id,
      name: summary.name, created: summary.created.timeIntervalSince1970,
      modified: summary.modified.timeIntervalSince1970,
      // Opened metadata is the app's current version; a tool's opaque metadata keeps its own.
      metadataVersion: max(Metadata.version, summary.metadataVersion), schema: schema,
      document: headFacts, thumbnail: summary.thumbnailToken.flatMap { packageTokens[$0] },
      images: listed.values.map(\.image).sorted { $0.name < $1.name },
      revision: revisions.isEmpty ? nil : summary.revision,
      history: revisions.isEmpty ? nil : revisions)
    if let refusal = PackageLimits.refusal(images: listed.count, revisions: 0, head: nil) {
      throw ProjectPackageError(.beyondLimit(refusal), path: url.path)
    }
    let metadata = try encoder.encode(summary.metadata)
    try atomically(to: url) { writer in
      // The manifest first, so a reader learns the format before the images; then by name
      // (the history by revision).
      try writer.add(PackageManifest.Entry.manifest, Array(try manifest.encoded()), deflated: true)
      try writer.add(PackageManifest.Entry.document, Array(document), deflated: true)
      for revision in revisions {
        let names = PackageManifest.Entry.history(revision.revision)
        try writer.add(
          names.document, contentsOf: staging.appendingPathComponent("\(revision.revision).json"),
          deflated: true)
        try writer.add(
          names.metadata,
          contentsOf: staging.appendingPathComponent("\(revision.revision).metadata.json"),
          deflated: true)
      }
      for image in manifest.images {
        guard let file = listed[image.name]?.file else { continue }
        // Images are compressed already: stored, so an unzipped package is byte-identical.
        try writer.add(image.name, contentsOf: file, deflated: false)
      }
      try writer.add(PackageManifest.Entry.metadata, Array(metadata), deflated: true)
    }
  }

  /// Writes a zip to a temporary file beside `url`, flushes it to the disk and renames it over
  /// `url`; on failure the temporary file is removed and `url` is untouched.
  static func atomically(to url: URL, _ body: (inout ZipWriter) throws -> Void) throws {
    let directory = url.deletingLastPathComponent()
    let temporary = directory.appendingPathComponent(
      ".\(url.lastPathComponent).\(UUID().uuidString).partial")
    guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
      throw ProjectLibraryError.fileSystem(
        path: url.path, detail: "a temporary file cannot be created in \(directory.path)")
    }
    do {
      let handle = try FileHandle(forWritingTo: temporary)
      do {
        var writer = ZipWriter(writingTo: handle)
        try body(&writer)
        try writer.finish()
        try handle.synchronize()
        try handle.close()
      } catch {
        try? handle.close()
        throw error
      }
      guard rename(temporary.path, url.path) == 0 else {
        throw ProjectLibraryError.fileSystem(
          path: url.path, detail: String(cString: strerror(errno)))
      }
      DurableFile.syncDirectory(directory)
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      if let failure = error as? ZipWriter.Failure {
        throw ProjectLibraryError.fileSystem(path: url.path, detail: failure.reason)
      }
      throw error
    }
  }
}
