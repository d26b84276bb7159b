import Foundation
import KadrModel
import KadrPersistence
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A digest-shaped name: 64 lowercase hex digits.
private let digest = String(repeating: "ab", count: 32)

/// Hostile tokens, one line each with why, and the reason the store must give.
private let hostileTokens: [(token: String, reason: InvalidFileTokenReason, why: String)] = [
  ("file:../secret.png", .pathSeparator, "climbs to the parent directory"),
  ("file:..", .relativeDirectory, "names the parent directory itself"),
  ("file:.", .relativeDirectory, "names the directory itself"),
  ("file:..\(digest).png", .relativeDirectory, "starts with '..'"),
  ("file:%2e%2e%2fsecret.png", .percentEncoded, "percent-encoded '../'"),
  ("file:\(digest)%2epng", .percentEncoded, "percent-encoded dot"),
  ("file:%2fetc%2fpasswd", .percentEncoded, "percent-encoded absolute path"),
  ("file:/etc/passwd", .absolutePath, "absolute path"),
  ("file:///etc/passwd", .absolutePath, "file URL with an absolute path"),
  ("file://localhost/\(digest).png", .absolutePath, "file URL with a host"),
  ("file:images/\(digest).png", .pathSeparator, "a file in a subdirectory"),
  ("file:\(digest).png/", .pathSeparator, "trailing slash"),
  ("file:..\\secret.png", .pathSeparator, "Windows-style parent directory"),
  ("file:~/\(digest).png", .pathSeparator, "home directory"),
  ("file:\(digest).png\u{0}.txt", .nulByte, "NUL truncating the name in C"),
  ("file:\u{0}", .nulByte, "NUL alone"),
  ("file:", .emptyName, "empty name"),
  ("file:\(digest)", .malformedName, "no extension"),
  ("file:\(digest.dropLast()).png", .malformedName, "63 hex digits"),
  ("file:\(digest)a.png", .malformedName, "65 hex digits"),
  ("file:\(digest.dropLast())g.png", .malformedName, "a non-hex letter"),
  ("file:\(digest.dropLast())\u{FF11}.png", .malformedName, "a fullwidth digit"),
  ("file: \(digest.dropLast()).png", .malformedName, "leading space"),
  ("file:secret.png", .malformedName, "an ordinary file name"),
  ("file:\(digest.uppercased()).png", .uppercaseHex, "uppercase digest"),
  ("file:\(digest).PNG", .unknownExtension, "uppercase extension"),
  ("file:\(digest).exe", .unknownExtension, "not an image extension"),
  ("file:\(digest).jpeg", .unknownExtension, "the store writes jpg, not jpeg"),
  ("file:\(digest).png ", .unknownExtension, "trailing space"),
  ("file:\(digest).png.png", .unknownExtension, "double extension"),
  ("file:\(digest)..png", .unknownExtension, "empty extension part"),
  ("https://example.com/\(digest).png", .wrongScheme, "another scheme"),
  ("files:\(digest).png", .wrongScheme, "a longer scheme"),
  ("\(digest).png", .wrongScheme, "no scheme"),
  ("", .wrongScheme, "empty token"),
]

@Suite("File image store: hostile input")
struct FileImageStoreHostileTests {
  typealias Support = StoreTestSupport

  @Test(arguments: hostileTokens)
  func refusesHostileToken(token: String, reason: InvalidFileTokenReason, why: String)
    async throws
  {
    try await Support.withTemporaryDirectory { root in
      // A real image outside the store, which no token may reach.
      let directory = root.appendingPathComponent("images")
      try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try? Support.png(1).data.write(to: root.appendingPathComponent("secret.png"))
      let store = try FileImageStore(directory: directory)
      let error = storeError(FileImageStoreError.self, "\(why)") {
        try store.image(for: token)
      }
      #expect(error == .invalidToken(token, reason: reason), "\(why)")
      let removed = try store.prunedTokens(keeping: [token])
      #expect(removed.isEmpty)
    }
  }

  @Test func refusesASymbolicLinkToAFileOutsideEvenWithTheRightBytes() async throws {
    try await Support.withTemporaryDirectory { root in
      let directory = root.appendingPathComponent("images")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let outside = root.appendingPathComponent("outside.png")
      let image = Support.png(4)
      try image.data.write(to: outside)
      let name = "\(Support.hash(image.data)).png"
      try FileManager.default.createSymbolicLink(
        at: directory.appendingPathComponent(name), withDestinationURL: outside)
      let store = try FileImageStore(directory: directory)

      let error = storeError(FileImageStoreError.self) {
        try store.image(for: "file:\(name)")
      }
      #expect(error == .notARegularFile("file:\(name)", found: .symbolicLink))
      #expect(try store.storedTokens().isEmpty)
    }
  }

  @Test func replacesASymbolicLinkOnSaveWithoutWritingThroughIt() async throws {
    try await Support.withTemporaryDirectory { root in
      let directory = root.appendingPathComponent("images")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let outside = root.appendingPathComponent("victim.txt")
      try Data("precious".utf8).write(to: outside)
      let image = Support.png(6)
      let name = "\(Support.hash(image.data)).png"
      let link = directory.appendingPathComponent(name)
      try FileManager.default.createSymbolicLink(at: link, withDestinationURL: outside)
      let store = try FileImageStore(directory: directory)

      #expect(try store.token(for: image) == "file:\(name)")
      #expect(try Data(contentsOf: outside) == Data("precious".utf8))
      let attributes = try FileManager.default.attributesOfItem(atPath: link.path)
      #expect(attributes[.type] as? FileAttributeType == .typeRegular)
      #expect(try store.image(for: "file:\(name)").data == image.data)
    }
  }

  @Test func prunesASymbolicLinkButNeverItsTarget() async throws {
    try await Support.withTemporaryDirectory { root in
      let directory = root.appendingPathComponent("images")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let outside = root.appendingPathComponent("victim.png")
      try Support.png(2).data.write(to: outside)
      let name = "\(digest).png"
      try FileManager.default.createSymbolicLink(
        at: directory.appendingPathComponent(name), withDestinationURL: outside)

      let removed = try FileImageStore(directory: directory).prunedTokens(keeping: [])
      #expect(removed == ["file:\(name)"])
      #expect(FileManager.default.fileExists(atPath: outside.path))
      #expect(Support.fileNames(in: directory).isEmpty)
    }
  }

  @Test func refusesATamperedFileByItsToken() async throws {
    try await Support.withTemporaryDirectory { directory in
      let store = try FileImageStore(directory: directory)
      let original = Support.png(1)
      let token = try store.token(for: original)
      // Replace the file with another valid picture: it must not be served under this token.
      let impostor = Support.png(200)
      let file = directory.appendingPathComponent(String(token.dropFirst("file:".count)))
      try impostor.data.write(to: file)

      let error = storeError(FileImageStoreError.self) { try store.image(for: token) }
      #expect(error == .contentMismatch(token, actualHash: Support.hash(impostor.data)))
      #expect(error?.token == token)
      #expect(error?.errorDescription?.contains(token) == true)
    }
  }

  @Test func refusesBytesThatMatchTheirNameButAreNoImage() async throws {
    try await Support.withTemporaryDirectory { directory in
      let bytes = Data("just text".utf8)
      let token = "file:\(Support.hash(bytes)).png"
      try bytes.write(to: directory.appendingPathComponent(String(token.dropFirst(5))))
      let error = storeError(FileImageStoreError.self) {
        try FileImageStore(directory: directory).image(for: token)
      }
      guard case .notAnImage(let named, _)? = error else {
        Issue.record("expected notAnImage, got \(String(describing: error))")
        return
      }
      #expect(named == token)
    }
  }

  @Test func refusesAnImageUnderAnotherFormatsExtension() async throws {
    try await Support.withTemporaryDirectory { directory in
      let png = Support.png(9)
      let token = "file:\(Support.hash(png.data)).jpg"
      try png.data.write(to: directory.appendingPathComponent(String(token.dropFirst(5))))
      let error = storeError(FileImageStoreError.self) {
        try FileImageStore(directory: directory).image(for: token)
      }
      #expect(error == .formatMismatch(token, found: .png))
    }
  }

  @Test func refusesADirectoryAndAFIFOWithoutBlocking() async throws {
    try await Support.withTemporaryDirectory { directory in
      let store = try FileImageStore(directory: directory)
      let folder = "\(Support.hash(Data("d".utf8))).png"
      try FileManager.default.createDirectory(
        at: directory.appendingPathComponent(folder), withIntermediateDirectories: false)
      #expect(
        storeError(FileImageStoreError.self) { _ = try store.image(for: "file:\(folder)") }
          == .notARegularFile("file:\(folder)", found: .directory))
      let fifo = "\(Support.hash(Data("f".utf8))).png"
      try #require(mkfifo(directory.appendingPathComponent(fifo).path, 0o600) == 0)
      #expect(
        storeError(FileImageStoreError.self) { _ = try store.image(for: "file:\(fifo)") }
          == .notARegularFile("file:\(fifo)", found: .other))
    }
  }
}
