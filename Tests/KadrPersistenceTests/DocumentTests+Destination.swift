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

/// What a save does with what is already at its path: the policy in ``AtomicFile``'s
/// documentation and SECURITY.md.
@Suite("What a save does to what is at the destination")
struct DocumentDestinationTests {
  let directory: URL
  let document = Data(#"{"schema":1}"#.utf8)

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("kadr-destination-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  func removeDirectory() {
    try? FileManager.default.removeItem(at: directory)
  }

  /// The device number of /dev/full (major 1, minor 7); `makedev` is a C macro Swift cannot
  /// import.
  #if os(Linux)
    static let fullDevice = dev_t(1 << 8 | 7)
  #else
    static let fullDevice = dev_t(1 << 24 | 7)
  #endif

  func path(_ name: String) -> String { directory.path + "/" + name }

  func status(_ path: String) -> stat? {
    var info = stat()
    return lstat(path, &info) == 0 ? info : nil
  }

  func names() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
  }

  /// The sentence a refused destination gives, or `nil` when the save was not refused.
  func refusal(at path: String, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
    do {
      try AtomicFile.write(document, to: URL(fileURLWithPath: path))
      Issue.record("the save to \(path) was not refused", sourceLocation: sourceLocation)
      return nil
    } catch {
      guard case .fileSystem(let reported, _) = error.reason else {
        Issue.record("expected fileSystem, got \(error)", sourceLocation: sourceLocation)
        return nil
      }
      #expect(reported == path, sourceLocation: sourceLocation)
      return error.failureReason
    }
  }

  @Test func symbolicLinkIsFollowedAndItsTargetReplaced() throws {
    defer { removeDirectory() }
    try Data("old".utf8).write(to: URL(fileURLWithPath: path("target.kadr")))
    #expect(symlink("target.kadr", path("link.kadr")) == 0)
    try AtomicFile.write(document, to: URL(fileURLWithPath: path("link.kadr")))
    #expect(status(path("link.kadr")).map { $0.st_mode & S_IFMT } == S_IFLNK)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path("target.kadr"))) == document)
    #expect(try names() == ["link.kadr", "target.kadr"])
  }

  @Test func chainOfLinksIntoAnotherDirectoryReplacesTheFinalTargetThere() throws {
    defer { removeDirectory() }
    try FileManager.default.createDirectory(
      atPath: path("elsewhere"), withIntermediateDirectories: false)
    try Data("old".utf8).write(to: URL(fileURLWithPath: path("elsewhere/target.kadr")))
    #expect(symlink(path("elsewhere/target.kadr"), path("second")) == 0)
    #expect(symlink("second", path("first")) == 0)
    try AtomicFile.write(document, to: URL(fileURLWithPath: path("first")))
    #expect(try Data(contentsOf: URL(fileURLWithPath: path("elsewhere/target.kadr"))) == document)
    #expect(status(path("first")).map { $0.st_mode & S_IFMT } == S_IFLNK)
    #expect(status(path("second")).map { $0.st_mode & S_IFMT } == S_IFLNK)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: path("elsewhere")) == ["target.kadr"])
  }

  @Test func danglingLinkGetsItsTargetCreated() throws {
    defer { removeDirectory() }
    #expect(symlink("new.kadr", path("link.kadr")) == 0)
    try AtomicFile.write(document, to: URL(fileURLWithPath: path("link.kadr")))
    #expect(try Data(contentsOf: URL(fileURLWithPath: path("new.kadr"))) == document)
    #expect(status(path("link.kadr")).map { $0.st_mode & S_IFMT } == S_IFLNK)
  }

  @Test func loopOfLinksIsRefused() throws {
    defer { removeDirectory() }
    #expect(symlink("b", path("a")) == 0)
    #expect(symlink("a", path("b")) == 0)
    #expect(refusal(at: path("a"))?.contains("symbolic links") == true)
  }

  @Test func fifoIsRefusedAndLeftInPlaceWithoutBlocking() throws {
    defer { removeDirectory() }
    #expect(mkfifo(path("pipe"), 0o644) == 0)
    let sentence = refusal(at: path("pipe"))
    #expect(sentence?.contains("is a FIFO (named pipe), not a regular file") == true)
    #expect(status(path("pipe")).map { $0.st_mode & S_IFMT } == S_IFIFO)
    #expect(try names() == ["pipe"])
  }

  @Test func linkToAFifoIsRefusedToo() throws {
    defer { removeDirectory() }
    #expect(mkfifo(path("pipe"), 0o644) == 0)
    #expect(symlink("pipe", path("link")) == 0)
    #expect(refusal(at: path("link"))?.contains("FIFO") == true)
    #expect(status(path("pipe")).map { $0.st_mode & S_IFMT } == S_IFIFO)
  }

  @Test(.enabled(if: geteuid() == 0, "making a device node needs root"))
  func characterDeviceIsRefusedAndNeverReplaced() throws {
    defer { removeDirectory() }
    // The node of /dev/full, made in the test's own directory: never the system's.
    #expect(mknod(path("full"), S_IFCHR | 0o666, Self.fullDevice) == 0)
    let sentence = refusal(at: path("full"))
    #expect(sentence?.contains("is a character device, not a regular file") == true)
    #expect(status(path("full")).map { $0.st_mode & S_IFMT } == S_IFCHR)
    #expect(try names() == ["full"])
  }

  @Test func directoryIsRefusedWithASentence() throws {
    defer { removeDirectory() }
    try FileManager.default.createDirectory(
      atPath: path("project.kadr"), withIntermediateDirectories: false)
    #expect(refusal(at: path("project.kadr"))?.contains("is a directory") == true)
  }

  @Test func socketIsRefused() throws {
    defer { removeDirectory() }
    let socketPath = path("socket")
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    #expect(descriptor >= 0)
    defer { close(descriptor) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      for (index, byte) in socketPath.utf8.prefix(buffer.count - 1).enumerated() {
        buffer[index] = byte
      }
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    try #require(bound == 0)
    #expect(refusal(at: socketPath)?.contains("is a socket") == true)
    #expect(status(socketPath).map { $0.st_mode & S_IFMT } == S_IFSOCK)
  }

  @Test func hardLinkedFileIsReplacedAtThePathOnlyAndTheOtherNameKeepsTheOldContents() throws {
    defer { removeDirectory() }
    try Data("old".utf8).write(to: URL(fileURLWithPath: path("project.kadr")))
    #expect(link(path("project.kadr"), path("backup.kadr")) == 0)
    try AtomicFile.write(document, to: URL(fileURLWithPath: path("project.kadr")))
    #expect(try Data(contentsOf: URL(fileURLWithPath: path("project.kadr"))) == document)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path("backup.kadr"))) == Data("old".utf8))
  }

  @Test func setUserAndGroupIDBitsAreNeverCopied() throws {
    defer { removeDirectory() }
    try Data("old".utf8).write(to: URL(fileURLWithPath: path("project.kadr")))
    #expect(chmod(path("project.kadr"), 0o6750) == 0)
    try AtomicFile.write(document, to: URL(fileURLWithPath: path("project.kadr")))
    #expect(status(path("project.kadr")).map { $0.st_mode & 0o7777 } == 0o750)
  }

  @Test(.enabled(if: geteuid() == 0, "giving a file to another user needs root"))
  func anotherUsersFileKeepsItsOwnerGroupAndMode() throws {
    defer { removeDirectory() }
    let file = path("project.kadr")
    try Data("old".utf8).write(to: URL(fileURLWithPath: file))
    let nobody = try #require(getpwnam("nobody")).pointee
    #expect(chown(file, nobody.pw_uid, nobody.pw_gid) == 0)
    #expect(chmod(file, 0o600) == 0)
    try AtomicFile.write(document, to: URL(fileURLWithPath: file))
    let after = try #require(status(file))
    #expect(after.st_uid == nobody.pw_uid)
    #expect(after.st_gid == nobody.pw_gid)
    #expect(after.st_mode & 0o7777 == 0o600)
  }

  @Test(arguments: [
    255,  // the longest legal name: `.NAME.tmp-UUID` would be 297 bytes
    213,  // the shortest whose `.NAME.tmp-UUID` passes 255
    212,  // the longest whose temporary name fits as it is
  ])
  func documentWithALongNameIsSaved(length: Int) throws {
    defer { removeDirectory() }
    let name = String(repeating: "é", count: length / 2) + (length % 2 == 1 ? "a" : "")
    #expect(name.utf8.count == length)
    try AtomicFile.write(document, to: URL(fileURLWithPath: path(name)))
    #expect(try Data(contentsOf: URL(fileURLWithPath: path(name))) == document)
    #expect(try names() == [name])
  }
}
