import Foundation
import KadrModel
import KadrPersistence
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An image store that counts what is asked of it, in front of another.
private final class CountingStore: ImageStore, @unchecked Sendable {
  // @unchecked Sendable: the counters are read and written only while `lock` is held.
  private let lock = NSLock()
  private let inner: any ImageStore
  private var reads = 0
  private var writes = 0

  init(_ inner: any ImageStore) {
    self.inner = inner
  }

  var counts: (reads: Int, writes: Int) { lock.withLock { (reads, writes) } }

  func token(for image: PlatformImage) throws -> String {
    lock.withLock { writes += 1 }
    return try inner.token(for: image)
  }

  func image(for token: String) throws -> PlatformImage {
    lock.withLock { reads += 1 }
    return try inner.image(for: token)
  }
}

@Suite("File image store: sizes, repeated images, linked directories")
struct FileImageStoreLimitTests {
  typealias Support = StoreTestSupport

  /// A sparse file of `size` bytes at `path` (no disk is used).
  static func sparseFile(_ path: String, size: Int) throws {
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    try #require(truncate(path, off_t(size)) == 0)
  }

  @Test func aOneTebibyteFileNamedLikeAnImageIsRefusedFromItsSizeWithoutBeingRead() async throws {
    try await Support.withTemporaryDirectory { root in
      let store = try FileImageStore(directory: root)
      let token = try store.token(for: Support.png(1))
      let path = root.path + "/" + token.dropFirst("file:".count)
      try #require(unlink(path) == 0)
      try Self.sparseFile(path, size: 1 << 40)
      let error = storeError(FileImageStoreError.self) { try store.image(for: token) }
      #expect(
        error == .tooLarge(token, size: 1 << 40, limit: FileImageStore.defaultMaximumImageBytes))
      #expect(error?.errorDescription?.contains("it was not read") == true)
    }
  }

  @Test func theStoresLimitIsConfigurableAndAppliesToSavingToo() async throws {
    try await Support.withTemporaryDirectory { root in
      let image = Support.png(2, width: 64, height: 64)
      let small = try FileImageStore(directory: root, maximumImageBytes: image.data.count - 1)
      let token = try FileImageStore(directory: root).token(for: image)
      #expect(
        storeError(FileImageStoreError.self) { try small.image(for: token) }
          == .tooLarge(token, size: image.data.count, limit: image.data.count - 1))
      #expect(
        storeError(FileImageStoreError.self) { try small.token(for: image) }
          == .tooLarge(token, size: image.data.count, limit: image.data.count - 1))
      #expect(
        try FileImageStore(directory: root, maximumImageBytes: image.data.count).image(for: token)
          == image)
    }
  }

  @Test func anImageReferencedTwoHundredTimesIsReadOnceWhenOpenedAndSavedOnce() async throws {
    try await Support.withTemporaryDirectory { root in
      let image = Support.png(3)
      let counting = try CountingStore(FileImageStore(directory: root))
      let video = Video(clips: (0..<200).map { _ in ImageClip(image, duration: 1) })
      let data = try KadrCoder().data(for: video, images: counting)
      #expect(counting.counts.writes == 1)
      let opened = try KadrCoder().video(from: data, images: counting)
      #expect(counting.counts.reads == 1)
      #expect(opened.clips.count == 200)
      let images = opened.clips.compactMap { ($0 as? ImageClip)?.image }
      #expect(Set(images.map(ObjectIdentifier.init)).count == 1)
    }
  }

  @Test func theImagesOfOneOpenAreLimitedInTotalBytes() async throws {
    try await Support.withTemporaryDirectory { root in
      let store = try FileImageStore(directory: root)
      let images = (0..<3).map { Support.png($0 + 10) }
      let video = Video(clips: (images + images).map { ImageClip($0, duration: 1) })
      let data = try KadrCoder().data(for: video, images: store)
      let total = images.map(\.data.count).reduce(0, +)
      let exact = KadrCoder(
        options: CodingOptions(limits: DocumentLimits(maximumTotalImageBytes: total)))
      #expect(try exact.video(from: data, images: store).clips.count == 6)
      let short = KadrCoder(
        options: CodingOptions(limits: DocumentLimits(maximumTotalImageBytes: total - 1)))
      let error = #expect(throws: PersistenceError.self) {
        try short.video(from: data, images: store)
      }
      guard case .limitExceeded(let what)? = error?.reason else {
        Issue.record("expected limitExceeded, got \(String(describing: error))")
        return
      }
      #expect(what.contains("images total more than the limit of \(total - 1) bytes"))
      #expect(error?.pointer?.description.hasPrefix("/video/clips/2/") == true)
    }
  }

  @Test func aStoreDirectoryThatIsASymbolicLinkIsRefusedForReadsWritesAndPrune() async throws {
    try await Support.withTemporaryDirectory { root in
      // Another project's store, and a link to it where this project's store should be.
      let other = root.appendingPathComponent("other")
      let kept = try FileImageStore(directory: other).token(for: Support.png(4))
      let linked = root.appendingPathComponent("images")
      try #require(symlink(other.path, linked.path) == 0)
      // Refused when the store is made over the link…
      let refused = #expect(throws: PersistenceError.self) {
        try FileImageStore(directory: linked)
      }
      guard case .fileSystem(_, let underlying)? = refused?.reason,
        case .directoryUnavailable(_, let why)? = underlying as? FileImageStoreError
      else {
        Issue.record("expected a refused directory, got \(String(describing: refused))")
        return
      }
      #expect(why.contains("symbolic link"))
      // …and when the link is put in place of the directory after the store was made.
      let mine = root.appendingPathComponent("mine")
      let store = try FileImageStore(directory: mine)
      try FileManager.default.removeItem(at: mine)
      try #require(symlink(other.path, mine.path) == 0)
      for attempt in [
        { _ = try store.prune(keeping: []) }, { _ = try store.image(for: kept) },
        { _ = try store.token(for: Support.png(5)) }, { _ = try store.storedTokens() },
      ] as [() throws -> Void] {
        let error = storeError(FileImageStoreError.self) { try attempt() }
        guard case .directoryUnavailable(let path, let reason)? = error else {
          Issue.record("expected directoryUnavailable, got \(String(describing: error))")
          continue
        }
        #expect(path == mine.path)
        #expect(reason.contains("symbolic link"))
      }
      #expect(try FileImageStore(directory: other).storedTokens() == [kept])
    }
  }

  @Test func aHardLinkToAFileOutsideTheStoreIsRefusedWithoutTellingItsHash() async throws {
    try await Support.withTemporaryDirectory { root in
      let directory = root.appendingPathComponent("images")
      let store = try FileImageStore(directory: directory)
      let token = try store.token(for: Support.png(6))
      let secret = root.appendingPathComponent("secret.png")
      try Support.png(7).data.write(to: secret)
      let path = directory.path + "/" + token.dropFirst("file:".count)
      try #require(unlink(path) == 0)
      try #require(link(secret.path, path) == 0)
      let error = storeError(FileImageStoreError.self) { try store.image(for: token) }
      let message = error?.errorDescription ?? ""
      #expect(message.contains("corrupted or was modified"))
      #expect(!message.contains(Support.hash(try Data(contentsOf: secret))))
    }
  }
}
