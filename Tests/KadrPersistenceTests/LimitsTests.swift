import Foundation
import KadrModel
import KadrPersistence
import KadrPersistenceCore
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Every limit of ``DocumentLimits``: its default, and a clear refusal with a pointer and a fix
/// when a document passes it. (How fast and within how much memory: `kadr-bench --limits`.)
@Suite("Document limits")
struct LimitsTests {
  static func coder(_ limits: DocumentLimits) -> KadrCoder {
    KadrCoder(options: CodingOptions(limits: limits))
  }

  /// A document of `count` title clips.
  static func titles(_ count: Int, text: String = "t") throws -> Data {
    try KadrCoding.data(
      for: Video(clips: (0..<count).map { _ in TitleSequence(text, duration: 1) }))
  }

  static func expectLimit(
    _ error: PersistenceError, pointer: String, mentioning words: [String],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard case .limitExceeded = error.reason else {
      Issue.record("expected limitExceeded, got \(error)", sourceLocation: sourceLocation)
      return
    }
    #expect(error.pointer?.description == pointer, "\(error)", sourceLocation: sourceLocation)
    for word in words {
      #expect(error.description.contains(word), "\(error)", sourceLocation: sourceLocation)
    }
    #expect(
      error.recoverySuggestion?.contains("Raise the limit") == true, sourceLocation: sourceLocation)
  }

  @Test func theDefaultsAdmitRealProjectsAndStopRunawayOnes() {
    let limits = DocumentLimits.default
    #expect(limits.maximumDocumentBytes == 512 << 20)
    #expect(limits.maximumDepth == 512)
    #expect(limits.maximumStringBytes == 16 << 20)
    #expect(limits.maximumClipCount == 2_000_000)
    #expect(CodingOptions().limits == limits)
  }

  @Test func aDocumentOverTheSizeLimitIsRefusedBeforeParsing() throws {
    let document = try Self.titles(3)
    let limits = DocumentLimits(maximumDocumentBytes: document.count - 1)
    // Not even looked at: garbage of the same size gives the same refusal, not a syntax error.
    for bytes in [document, Data(repeating: UInt8(ascii: "{"), count: document.count)] {
      let error = try #require(throws: PersistenceError.self) {
        try Self.coder(limits).video(from: bytes)
      }
      Self.expectLimit(error, pointer: "", mentioning: ["\(document.count - 1) bytes"])
    }
    #expect(throws: Never.self) {
      try Self.coder(DocumentLimits(maximumDocumentBytes: document.count)).video(from: document)
    }
  }

  @Test func aGigabyteFileIsRefusedFromItsSizeAlone() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("kadr-limits-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    // Sparse: a gigabyte that takes no disk and that reading would fill memory with.
    let file = directory.appendingPathComponent("huge.kadr.json")
    #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
    #expect(truncate(file.path, off_t(1 << 30)) == 0)
    let error = try #require(throws: PersistenceError.self) { try KadrCoder().read(from: file) }
    Self.expectLimit(error, pointer: "", mentioning: ["\(1 << 30) bytes", "\(512 << 20)"])
  }

  @Test func aStreamIsReadOnlyUpToTheLimit() throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    defer { close(ends[0]) }
    let payload = [UInt8](repeating: 0x20, count: 5_000)
    let written = payload.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
    close(ends[1])
    #expect(written == payload.count)
    let error = try #require(throws: PersistenceError.self) {
      try DocumentFile.read(descriptor: ends[0], named: "<pipe>", maximumBytes: 1_000)
    }
    Self.expectLimit(error, pointer: "", mentioning: ["1000 bytes"])
  }

  @Test func aStreamWithinTheLimitIsReadWhole() throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    defer { close(ends[0]) }
    let document = try Self.titles(2)
    let written = document.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
    close(ends[1])
    #expect(written == document.count)
    let read = try DocumentFile.read(
      descriptor: ends[0], named: "<pipe>", maximumBytes: document.count)
    #expect(read == document)
  }

  @Test func aMissingFileIsAFileSystemErrorNamingIt() throws {
    let path = "/nonexistent-\(UUID().uuidString)/project.kadr.json"
    let error = try #require(throws: PersistenceError.self) {
      try KadrCoder().read(from: URL(fileURLWithPath: path))
    }
    guard case .fileSystem(let named, _) = error.reason else {
      Issue.record("expected fileSystem, got \(error)")
      return
    }
    #expect(named == path)
    #expect(error.description.contains("No such file or directory"), "\(error)")
  }

  @Test func nestingDeeperThanTheLimitIsRefusedWhereItHappens() throws {
    let depth = 100_000
    let deep = Data(
      (String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
    let error = try #require(throws: PersistenceError.self) { try KadrCoder().video(from: deep) }
    guard case .tooDeep(let limit) = error.reason else {
      Issue.record("expected tooDeep, got \(error)")
      return
    }
    #expect(limit == 512)
    // The pointer names the first array too deep: 512 elements of "/0".
    #expect(error.pointer?.description == String(repeating: "/0", count: 512), "\(error)")
  }

  @Test func tracksNestedPastTheLimitAreRefused() throws {
    let depth = 300
    let text =
      #"{"schema":1,"video":{"clips":["#
      + String(repeating: #"{"track":{"_0":{"clips":["#, count: depth)
      + String(repeating: "]}}}", count: depth) + "]}}"
    let error = try #require(throws: PersistenceError.self) {
      try KadrCoder().video(from: Data(text.utf8))
    }
    guard case .tooDeep = error.reason else {
      Issue.record("expected tooDeep, got \(error)")
      return
    }
    #expect(error.pointer?.description.hasPrefix("/video/clips/0/track/_0/clips/0/") == true)
  }

  @Test func aStringOverTheLimitIsRefusedAtItsPointer() throws {
    let document = try Self.titles(2, text: String(repeating: "é", count: 60))
    let limits = DocumentLimits(maximumStringBytes: 100)
    let error = try #require(throws: PersistenceError.self) {
      try Self.coder(limits).video(from: document)
    }
    Self.expectLimit(error, pointer: "/video/clips/0/title/_0/text", mentioning: ["100 bytes"])
  }

  @Test func moreClipsThanTheLimitAreRefusedAtTheFirstOneTooMany() throws {
    let document = try Self.titles(5)
    let error = try #require(throws: PersistenceError.self) {
      try Self.coder(DocumentLimits(maximumClipCount: 3)).video(from: document)
    }
    Self.expectLimit(error, pointer: "/video/clips/3", mentioning: ["3 clips"])
    #expect(throws: Never.self) {
      try Self.coder(DocumentLimits(maximumClipCount: 5)).video(from: document)
    }
  }

  @Test func clipsInsideTracksCountTowardsTheLimit() throws {
    let nested = Video(clips: [
      TitleSequence("a", duration: 1),
      Track(clips: [TitleSequence("b", duration: 1), TitleSequence("c", duration: 1)]),
    ])
    let document = try KadrCoding.data(for: nested)
    // The track and its two titles: four clips in all.
    let error = try #require(throws: PersistenceError.self) {
      try Self.coder(DocumentLimits(maximumClipCount: 3)).video(from: document)
    }
    Self.expectLimit(error, pointer: "/video/clips/1/track/_0/clips/1", mentioning: ["3 clips"])
    #expect(throws: Never.self) {
      try Self.coder(DocumentLimits(maximumClipCount: 4)).video(from: document)
    }
  }
}
