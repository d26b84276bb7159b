// The PostgreSQL trait of kadr-persistence builds this module; without it, it is empty.
#if PostgreSQL
  import Foundation
  import KadrPersistence

  /// The pictures a live session has read or named, with their tokens, both ways: an edit that
  /// writes the whole composition names each picture it already knows without hashing its
  /// bytes (or, with an external store, uploading it) again, and reading the composition again
  /// (an edit of an overlay, or inside a track, reads it whole) takes each picture it knows
  /// from here, not from the server.
  ///
  /// An entry holds its picture, so that the picture's identity cannot pass to another; the
  /// entries whose picture nothing else holds any more go whenever the memo has doubled.
  final class ImageTokenMemo: @unchecked Sendable {
    // @unchecked Sendable: `entries`, `byToken` and `pruneAt` are guarded by `lock`.
    private let lock = NSLock()
    private var entries: [ObjectIdentifier: (image: PlatformImage, token: String)] = [:]
    private var byToken: [String: ObjectIdentifier] = [:]
    private var pruneAt = 64

    /// The token `image` was read or named under, if this memo knows it.
    func token(of image: PlatformImage) -> String? {
      lock.withLock { entries[ObjectIdentifier(image)]?.token }
    }

    /// The picture last read or named under `token`, if this memo knows it.
    func image(named token: String) -> PlatformImage? {
      lock.withLock { byToken[token].flatMap { entries[$0]?.image } }
    }

    /// Remembers that `image` is named `token`.
    func remember(_ image: PlatformImage, as token: String) {
      lock.withLock {
        entries[ObjectIdentifier(image)] = (image, token)
        byToken[token] = ObjectIdentifier(image)
        guard entries.count >= pruneAt else { return }
        for key in Array(entries.keys) {
          guard var entry = entries.removeValue(forKey: key) else { continue }
          if isKnownUniquelyReferenced(&entry.image) {
            if byToken[entry.token] == key { byToken[entry.token] = nil }
          } else {
            entries[key] = entry
          }
        }
        pruneAt = max(64, entries.count * 2)
      }
    }

    /// How many pictures the memo holds.
    var count: Int { lock.withLock { entries.count } }
  }

  /// The images a live session reads: the store's, with a placeholder for any it cannot give
  /// (missing, or the server out of reach at that moment) that saves back under its token, so
  /// that an image never stops an edit from showing and every editor applies the same edits.
  /// Each picture read is remembered by its token, and read from the memo after; a token that
  /// gave a placeholder is not asked for again (the session reads it again when joined again),
  /// so a slow or missing picture costs the store's time limit once, not at each edit.
  final class LiveImages: ImageStore, @unchecked Sendable {
    // @unchecked Sendable: `unresolved` is guarded by `lock`; the rest are Sendable constants.
    let fallback: FallbackImageStore
    let placeholders: UnresolvedImageStore
    let memo: ImageTokenMemo
    private let lock = NSLock()
    private var unresolved: Set<String> = []

    /// - Parameters:
    ///   - store: The store's images.
    ///   - placeholders: The store's placeholders, which save back under their tokens.
    ///   - memo: The session's memo of pictures.
    init(_ store: any ImageStore, placeholders: UnresolvedImageStore, memo: ImageTokenMemo) {
      fallback = FallbackImageStore(store, sharing: placeholders)
      self.placeholders = placeholders
      self.memo = memo
    }

    func token(for image: PlatformImage) throws -> String {
      try memo.token(of: image) ?? fallback.token(for: image)
    }

    func image(for token: String) throws -> PlatformImage {
      if let known = memo.image(named: token) { return known }
      if lock.withLock({ unresolved.contains(token) }) { return try placeholders.image(for: token) }
      let image = try fallback.image(for: token)
      if fallback.isPlaceholder(image) {
        lock.withLock { _ = unresolved.insert(token) }
      } else {
        memo.remember(image, as: token)
      }
      return image
    }

    /// The tokens read as placeholders, sorted.
    var unresolvedTokens: [String] { fallback.unresolvedTokens }
  }
#endif
