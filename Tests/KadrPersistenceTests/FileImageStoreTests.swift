import Foundation
import KadrModel
import KadrPersistence
import Testing

@Suite("File image store")
struct FileImageStoreTests {
  typealias Support = StoreTestSupport

  @Test func savesAnImageUnderTheHashOfItsBytes() async throws {
    try await Support.withTemporaryDirectory { directory in
      let store = try FileImageStore(directory: directory)
      let image = Support.png(1)
      let token = try store.token(for: image)
      #expect(token == "file:\(Support.hash(image.data)).png")
      let file = directory.appendingPathComponent(String(token.dropFirst("file:".count)))
      #expect(try Data(contentsOf: file) == image.data)
      let reopened = try store.image(for: token)
      #expect(reopened.data == image.data)
      #expect(reopened.format == .png)
    }
  }

  @Test func namesTheExtensionAfterTheFormat() async throws {
    try await Support.withTemporaryDirectory { directory in
      let store = try FileImageStore(directory: directory)
      let gif = try PlatformImage(data: Support.gifData)
      let token = try store.token(for: gif)
      #expect(token.hasSuffix(".gif"))
      #expect(try store.image(for: token).format == .gif)
    }
  }

  @Test func storesTheSameImageOnce() async throws {
    try await Support.withTemporaryDirectory { directory in
      let store = try FileImageStore(directory: directory)
      let first = try store.token(for: Support.png(7))
      let second = try store.token(for: Support.png(7))  // another object, same bytes
      let other = try store.token(for: Support.png(8))
      #expect(first == second)
      #expect(first != other)
      #expect(Support.fileNames(in: directory).count == 2)
    }
  }

  @Test func keepsTokensStableAcrossStoresAndSaves() async throws {
    try await Support.withTemporaryDirectory { directory in
      let image = Support.png(3)
      let token = try FileImageStore(directory: directory).token(for: image)
      let later = try FileImageStore(directory: directory)
      let reopened = try later.image(for: token)
      #expect(try later.token(for: reopened) == token)
      #expect(Support.fileNames(in: directory).count == 1)
    }
  }

  @Test func leavesNoTemporaryFilesBehind() async throws {
    try await Support.withTemporaryDirectory { directory in
      let store = try FileImageStore(directory: directory)
      let tokens = try (0..<5).map { try store.token(for: Support.png($0)) }
      let expected = tokens.map { String($0.dropFirst("file:".count)) }.sorted()
      #expect(Support.fileNames(in: directory) == expected)
    }
  }

  @Test func createsItsDirectoryWhenCreated() async throws {
    try await Support.withTemporaryDirectory { root in
      let directory = root.appendingPathComponent("project/images")
      let store = try FileImageStore(directory: directory)
      #expect(try store.storedTokens().isEmpty)
      #expect(FileManager.default.fileExists(atPath: directory.path))
      let token = try store.token(for: Support.png(1))
      #expect(try store.storedTokens() == [token])
    }
  }

  @Test func refusesADirectoryPathThatIsAFile() async throws {
    try await Support.withTemporaryDirectory { root in
      let notADirectory = root.appendingPathComponent("file")
      try Data("x".utf8).write(to: notADirectory)
      let error = #expect(throws: PersistenceError.self) {
        try FileImageStore(directory: notADirectory)
      }
      guard case .fileSystem(let path, let underlying)? = error?.reason,
        case .directoryUnavailable? = underlying as? FileImageStoreError
      else {
        Issue.record("expected a directory error, got \(String(describing: error))")
        return
      }
      #expect(path == notADirectory.standardizedFileURL.path)
    }
  }

  @Test func createsItsDirectoryAsTheOriginalDoes() async throws {
    try await Support.withTemporaryDirectory { root in
      let directory = root.appendingPathComponent("a/b/images")
      _ = try FileImageStore(directory: directory)
      var isDirectory: ObjCBool = false
      #expect(FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory))
      #expect(isDirectory.boolValue)
    }
  }

  @Test func reportsAMissingFileByItsToken() async throws {
    try await Support.withTemporaryDirectory { directory in
      let store = try FileImageStore(directory: directory)
      let token = "file:\(Support.hash(Data("gone".utf8))).png"
      // As in the original package: a missing image is imageUnresolvable(token:).
      let error = #expect(throws: PersistenceError.self) { try store.image(for: token) }
      guard case .imageUnresolvable(let named)? = error else {
        Issue.record("expected imageUnresolvable, got \(String(describing: error))")
        return
      }
      #expect(named == token)
      #expect(error?.failureReason?.contains(token) == true)
    }
  }

  @Test func repairsACorruptedFileWhenTheImageIsSavedAgain() async throws {
    try await Support.withTemporaryDirectory { directory in
      let store = try FileImageStore(directory: directory)
      let image = Support.png(5)
      let token = try store.token(for: image)
      let file = directory.appendingPathComponent(String(token.dropFirst("file:".count)))
      var damaged = image.data
      damaged[damaged.count - 1] ^= 0xFF
      try damaged.write(to: file)
      storeError(FileImageStoreError.self) { try store.image(for: token) }
      #expect(try store.token(for: image) == token)
      #expect(try store.image(for: token).data == image.data)
    }
  }

  @Test func prunesOnlyItsOwnUnreferencedFiles() async throws {
    try await Support.withTemporaryDirectory { directory in
      let store = try FileImageStore(directory: directory)
      let kept = try store.token(for: Support.png(1))
      let orphans = try [store.token(for: Support.png(2)), store.token(for: Support.png(3))]
      let foreign = ["notes.txt", "cover.png", "\(Support.hash(Data())).PNG", ".hidden"]
      for name in foreign {
        try Data("host".utf8).write(to: directory.appendingPathComponent(name))
      }
      let lookalikeDirectory = "\(Support.hash(Data("dir".utf8))).png"
      try FileManager.default.createDirectory(
        at: directory.appendingPathComponent(lookalikeDirectory),
        withIntermediateDirectories: false)

      let removed = try store.prunedTokens(keeping: [kept, "https://example.com/a.png", "photo:1"])

      #expect(removed == orphans.sorted())
      #expect(try store.storedTokens() == [kept])
      let remaining = Set(Support.fileNames(in: directory))
      #expect(remaining.isSuperset(of: foreign + [lookalikeDirectory]))
      #expect(try store.prunedTokens(keeping: [kept]).isEmpty)
    }
  }

  @Test func prunesNothingWhenTheDirectoryDoesNotExist() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("kadr-missing-\(UUID().uuidString)")
    #expect(try FileImageStore(directory: directory).prunedTokens(keeping: []).isEmpty)
  }

  @Test func storesEachImageOnceWhenAHundredTasksSaveAtOnce() async throws {
    try await Support.withTemporaryDirectory { directory in
      let store = try FileImageStore(directory: directory)
      let seeds = [10, 20, 30, 40]
      let results = try await withThrowingTaskGroup(of: [String].self) { group in
        for _ in 0..<100 {
          // Every task builds its own image objects from the same bytes.
          group.addTask { try seeds.map { try store.token(for: Support.png($0, width: 16)) } }
        }
        return try await group.reduce(into: [[String]]()) { $0.append($1) }
      }
      #expect(results.count == 100)
      #expect(Set(results).count == 1)
      #expect(Support.fileNames(in: directory).count == seeds.count)
      for token in results.first ?? [] {
        #expect(try store.image(for: token).pixelWidth == 16)
      }
    }
  }

  @Test func tellsItsTokensApart() {
    let hash = Support.hash(Data("x".utf8))
    #expect(FileImageStore.isToken("file:\(hash).png"))
    #expect(FileImageStore.isToken("FILE:\(hash).webp"))
    #expect(!FileImageStore.isToken("file:\(hash).txt"))
    #expect(!FileImageStore.isToken("https://example.com/\(hash).png"))
    #expect(FileImageStore.scheme == "file")
  }
}
