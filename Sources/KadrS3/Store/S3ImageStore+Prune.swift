import Foundation
import KadrPersistence
import KadrPersistenceCore

extension S3ImageStore: PrunableImageStore {
  /// One object of the store's own naming directly under the prefix.
  struct StoredObject {
    /// Its key.
    let key: String
    /// Its token.
    let token: String
    /// When the server last wrote it, when the listing said.
    let lastModified: Date?
  }

  /// The tokens of the images under the prefix, sorted; other objects (and sub-folders, such as
  /// the probe's) are not listed.
  ///
  /// - Returns: One token per object named `<64 hex>.<ext>` directly under the prefix.
  /// - Throws: `PersistenceError` wrapping an ``S3ImageStoreError`` when the bucket cannot be
  ///   listed (the key needs `s3:ListBucket`).
  public func storedTokens() throws -> [String] {
    do {
      return try storedObjects().map(\.token).sorted()
    } catch {
      throw PersistenceError.imageStore(error, reading: true)
    }
  }

  /// Deletes the images under the prefix that are not in `tokens` and were written more than
  /// `grace` seconds ago, and returns their tokens.
  ///
  /// Pass every token of every document that uses the prefix, including those being saved:
  /// an image a document names but the list lacks is deleted. The grace period spares an image
  /// uploaded while the list was being made; keep it longer than the longest save. (A writer
  /// that found an old image already there, 412, does not renew it: include the tokens of
  /// saves in progress.)
  ///
  /// - Parameters:
  ///   - tokens: The tokens to keep; tokens of other schemes are ignored.
  ///   - grace: How old an unused image must be to go, in seconds.
  /// - Returns: The tokens deleted, sorted.
  /// - Throws: `PersistenceError` wrapping an ``S3ImageStoreError`` when the bucket cannot be
  ///   listed or an object cannot be deleted; objects deleted before the failure stay deleted.
  @discardableResult
  public func prunedTokens(keeping tokens: Set<String>, olderThan grace: TimeInterval) throws
    -> [String]
  {
    do {
      var removed: [String] = []
      for object in try unusedObjects(keeping: tokens, olderThan: grace) {
        let response = try client.send(
          .init(method: "DELETE", key: object.key), operation: .put, token: object.token,
          limit: 1024 * 1024, deadline: deadline())
        guard (200...299).contains(response.status) || response.status == 404 else {
          throw client.failure(response, operation: .put, token: object.token, key: object.key)
        }
        removed.append(object.token)
      }
      return removed.sorted()
    } catch {
      throw PersistenceError.imageStore(error)
    }
  }

  /// The images ``prunedTokens(keeping:olderThan:)`` would delete now, deleting nothing.
  ///
  /// - Parameters:
  ///   - tokens: The tokens to keep; tokens of other schemes are ignored.
  ///   - grace: How old an unused image must be to go, in seconds.
  /// - Returns: The tokens, sorted.
  /// - Throws: `PersistenceError` wrapping an ``S3ImageStoreError`` when the bucket cannot be
  ///   listed.
  public func prunableTokens(keeping tokens: Set<String>, olderThan grace: TimeInterval) throws
    -> [String]
  {
    do {
      return try unusedObjects(keeping: tokens, olderThan: grace).map(\.token).sorted()
    } catch {
      throw PersistenceError.imageStore(error, reading: true)
    }
  }

  /// The objects not in `tokens` written more than `grace` seconds ago.
  func unusedObjects(keeping tokens: Set<String>, olderThan grace: TimeInterval)
    throws(S3ImageStoreError) -> [StoredObject]
  {
    let kept = Set(tokens.compactMap { try? S3ImageName(token: $0).token })
    let cutoff = Date(timeIntervalSinceNow: -grace)
    return try storedObjects().filter { object in
      guard !kept.contains(object.token), let written = object.lastModified else { return false }
      return written < cutoff
    }
  }

  /// Every object of the store's naming directly under the prefix (all pages of the listing,
  /// `pageSize` keys a page).
  func storedObjects(pageSize: Int = 1000) throws(S3ImageStoreError) -> [StoredObject] {
    let prefix = configuration.prefix
    var objects: [StoredObject] = []
    var continuation: String?
    let dates = ISO8601DateFormatter()
    dates.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    let plainDates = ISO8601DateFormatter()
    repeat {
      var query =
        "delimiter=%2F&list-type=2&max-keys=\(pageSize)&prefix=" + URIEncoding.encode(prefix)
      if let continuation { query += "&continuation-token=" + URIEncoding.encode(continuation) }
      let response = try client.send(
        .init(method: "GET", key: nil, query: query), operation: .get, token: nil,
        limit: 64 * 1024 * 1024, deadline: deadline())
      guard response.status == 200 else {
        throw client.failure(response, operation: .get, token: nil, key: nil)
      }
      let text = String(decoding: response.body, as: UTF8.self)
      for entry in XMLText.all("Contents", in: text) {
        guard let key = XMLText.first("Key", in: entry), key.hasPrefix(prefix),
          let name = try? S3ImageName(token: S3ImageName.scheme + ":" + key.dropFirst(prefix.count))
        else { continue }
        let modified = XMLText.first("LastModified", in: entry).flatMap {
          dates.date(from: $0) ?? plainDates.date(from: $0)
        }
        objects.append(StoredObject(key: key, token: name.token, lastModified: modified))
      }
      let truncated = XMLText.first("IsTruncated", in: text) == "true"
      continuation = truncated ? XMLText.first("NextContinuationToken", in: text) : nil
    } while continuation != nil
    return objects
  }
}
