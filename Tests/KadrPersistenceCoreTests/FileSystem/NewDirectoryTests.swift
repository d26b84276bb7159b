import Foundation
import KadrFileSystem
import Testing

@Suite("A new directory appears whole or not at all, and never replaces what is there")
struct NewDirectoryTests {
  /// A fresh temporary folder, removed by the caller.
  static func scratch() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "new-directory-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
    return url
  }

  /// The names in `folder`, sorted: what a failure may not leave behind (a staged folder).
  static func names(in folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
  }

  @Test func filesAndCopiesArriveWithTheirBytesAndNothingStagedIsLeft() throws {
    let scratch = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: scratch) }
    // Longer than one 1 MiB piece of the copy, and not a multiple of it.
    let media = Data((0..<(5 << 19) + 7).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
    let source = scratch.appendingPathComponent("source.mov")
    try media.write(to: source)
    let target = scratch.appendingPathComponent("Cut.otiod")
    try NewDirectory.create(at: target) { directory in
      try directory.write(Data("{}".utf8), to: "content.otio")
      try directory.makeFolder("empty")
      try directory.copy(source, to: "media/deep/shot.mov")
      try directory.write(Data("x".utf8), to: "media/note.txt")
    }
    #expect(try Data(contentsOf: target.appendingPathComponent("content.otio")) == Data("{}".utf8))
    #expect(try Data(contentsOf: target.appendingPathComponent("media/deep/shot.mov")) == media)
    #expect(try Self.names(in: target) == ["content.otio", "empty", "media"])
    #expect(try Self.names(in: target.appendingPathComponent("media")) == ["deep", "note.txt"])
    #expect(try Self.names(in: scratch) == ["Cut.otiod", "source.mov"])
  }

  @Test func anythingAtThePlaceIsRefusedAndLeftAsItWas() throws {
    let scratch = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let folder = scratch.appendingPathComponent("folder")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    let link = scratch.appendingPathComponent("link")
    try FileManager.default.createSymbolicLink(
      atPath: link.path, withDestinationPath: scratch.appendingPathComponent("nowhere").path)
    let file = scratch.appendingPathComponent("file")
    try Data("kept".utf8).write(to: file)
    for place in [folder, link, file] {
      var ran = false
      #expect {
        try NewDirectory.create(at: place) { directory in
          ran = true
          try directory.write(Data("new".utf8), to: "a")
        }
      } throws: { error in
        (error as? CocoaError)?.code == .fileWriteFileExists
          && error.localizedDescription.contains("never merged into or replaced")
      }
      #expect(!ran, "the check comes before anything is written: \(place.lastPathComponent)")
    }
    #expect(try Self.names(in: folder).isEmpty)
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: link.path).hasSuffix("nowhere"))
    #expect(try Data(contentsOf: file) == Data("kept".utf8))
    #expect(try Self.names(in: scratch) == ["file", "folder", "link"])
  }

  @Test func anEmptyFolderMadeWhileTheDirectoryWasWrittenIsNotReplaced() throws {
    let scratch = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let target = scratch.appendingPathComponent("Stills")
    #expect {
      try NewDirectory.create(at: target) { directory in
        try directory.write(Data("new".utf8), to: "a.png")
        // Another process takes the name after the first check: a plain rename would
        // replace this empty folder.
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
      }
    } throws: { error in
      (error as? CocoaError)?.code == .fileWriteFileExists
    }
    #expect(try Self.names(in: target).isEmpty)
    #expect(try Self.names(in: scratch) == ["Stills"])
  }

  @Test func aFailureInTheMiddleLeavesNothing() throws {
    struct Stop: Error {}
    let scratch = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let target = scratch.appendingPathComponent("Cut.otiod")
    #expect(throws: Stop.self) {
      try NewDirectory.create(at: target) { directory in
        try directory.write(Data("one".utf8), to: "media/one")
        throw Stop()
      }
    }
    #expect(throws: (any Error).self) {
      try NewDirectory.create(at: target) { directory in
        try directory.copy(scratch.appendingPathComponent("missing.mov"), to: "media/x.mov")
      }
    }
    #expect(try Self.names(in: scratch).isEmpty)
  }

  @Test(arguments: ["", "../escape", "a/../../b", "/absolute", "a//b", "./a", "a/", "a\0b"])
  func aNameThatCouldLeaveTheFolderIsRefused(_ name: String) throws {
    let scratch = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: scratch) }
    #expect {
      try NewDirectory.create(at: scratch.appendingPathComponent("out")) { directory in
        try directory.write(Data("x".utf8), to: name)
      }
    } throws: { error in
      (error as? CocoaError)?.code == .fileWriteInvalidFileName
    }
    #expect(try Self.names(in: scratch).isEmpty)
  }

  @Test func aFIFOIsNotCopiedAndDoesNotHang() throws {
    let scratch = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let fifo = scratch.appendingPathComponent("pipe")
    let made = Process()
    made.executableURL = URL(fileURLWithPath: "/usr/bin/mkfifo")
    made.arguments = [fifo.path]
    try made.run()
    made.waitUntilExit()
    try #require(made.terminationStatus == 0)
    #expect {
      try NewDirectory.create(at: scratch.appendingPathComponent("out")) { directory in
        try directory.copy(fifo, to: "media/pipe")
      }
    } throws: { error in
      (error as? CocoaError)?.code == .fileReadUnknown
    }
    #expect(try Self.names(in: scratch) == ["pipe"])
  }

  /// Runs a program and gives its exit status.
  static func run(_ arguments: [String]) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: arguments[0])
    process.arguments = Array(arguments.dropFirst())
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }

  @Test func aDiskThatFillsMidCopyLeavesNothingOnIt() throws {
    let scratch = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let source = scratch.appendingPathComponent("source.mov")
    try Data(repeating: 7, count: 1 << 20).write(to: source)
    let disk = scratch.appendingPathComponent("disk")
    try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: false)
    let mounted = try Self.run(["/bin/mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", disk.path])
    try #require(mounted == 0, "could not mount a 256 KiB tmpfs")
    defer { _ = try? Self.run(["/bin/umount", disk.path]) }
    #expect {
      try NewDirectory.create(at: disk.appendingPathComponent("Cut.otiod")) { directory in
        try directory.write(Data("{}".utf8), to: "content.otio")
        try directory.copy(source, to: "media/source.mov")
      }
    } throws: { error in
      "\(error)".contains("No space left on device")
    }
    #expect(try Self.names(in: disk).isEmpty, "neither the folder nor its staged copy is left")
  }
}
