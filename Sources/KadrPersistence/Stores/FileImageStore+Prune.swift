import Foundation
import KadrModel
import KadrPersistenceCore

extension FileImageStore {
  /// The tokens of the image files in the directory, sorted; other files are not listed.
  ///
  /// - Returns: One token per regular file whose name is of the store's scheme; empty when the
  ///   directory does not exist yet.
  /// - Throws: ``PersistenceError`` wrapping ``FileImageStoreError/directoryUnavailable(path:reason:)``
  ///   when it cannot be read.
  public func storedTokens() throws -> [String] {
    do {
      return try storedNames()
    } catch {
      throw PersistenceError.imageStore(error)
    }
  }

  private func storedNames() throws(FileImageStoreError) -> [String] {
    try ownNames().compactMap { name in
      guard case .regularFile = try? DirectoryEntry.status(of: path(of: name)) else { return nil }
      return name.token
    }
  }

  /// Deletes the image files that no saved document refers to, and returns their tokens.
  ///
  /// Only entries whose names are of the store's own scheme (`<64 hex>.<ext>`) are candidates;
  /// every other file in the directory is left alone, and so are directories. A symbolic link of
  /// the store's scheme is removed itself, never its target. Pass every token of every document
  /// that uses the directory: an image saved by a document not listed is deleted.
  ///
  /// - Parameter tokens: The tokens to keep; tokens of other schemes are ignored.
  /// - Returns: The number of files removed; ``prunedTokens(keeping:)`` names them.
  /// - Throws: ``PersistenceError`` wrapping ``FileImageStoreError/directoryUnavailable(path:reason:)``
  ///   (also when the directory is a symbolic link: nothing is removed) or
  ///   ``FileImageStoreError/removeFailed(_:reason:)``; files removed before the failure stay
  ///   removed.
  @discardableResult
  public func prune(keeping tokens: Set<String>) throws -> Int {
    try prunedTokens(keeping: tokens).count
  }

  /// Deletes the image files that no saved document refers to, as ``prune(keeping:)`` does, and
  /// returns their tokens.
  ///
  /// - Parameter tokens: The tokens to keep; tokens of other schemes are ignored.
  /// - Returns: The tokens removed, sorted.
  /// - Throws: ``PersistenceError``, as ``prune(keeping:)``.
  @discardableResult
  public func prunedTokens(keeping tokens: Set<String>) throws -> [String] {
    do {
      return try removeOrphans(keeping: tokens)
    } catch {
      throw PersistenceError.imageStore(error)
    }
  }

  private func removeOrphans(keeping tokens: Set<String>) throws(FileImageStoreError) -> [String] {
    let kept = Set(tokens.compactMap { try? FileImageName(token: $0) })
    return try withLock { () throws(FileImageStoreError) -> [String] in
      var removed: [String] = []
      for name in try ownNames() where !kept.contains(name) {
        let path = path(of: name)
        guard let status = try? DirectoryEntry.status(of: path) else { continue }
        switch status {
        case .regularFile, .other(.symbolicLink):
          try remove(name, at: path)
          removed.append(name.token)
        case .missing, .other:
          continue
        }
      }
      return removed
    }
  }

  private func remove(_ name: FileImageName, at path: String) throws(FileImageStoreError) {
    do {
      try DirectoryEntry.remove(path)
    } catch {
      throw .removeFailed(name.token, reason: error.reason)
    }
  }

  /// The entries of the directory whose names are of the store's scheme, sorted by token.
  private func ownNames() throws(FileImageStoreError) -> [FileImageName] {
    let path = directory.path
    try refuseLinkedDirectory()
    guard FileManager.default.fileExists(atPath: path) else { return [] }
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: path)
    } catch {
      throw .directoryUnavailable(path: path, reason: Self.describe(error))
    }
    return names.compactMap(FileImageName.init(fileName:)).sorted { $0.token < $1.token }
  }
}
