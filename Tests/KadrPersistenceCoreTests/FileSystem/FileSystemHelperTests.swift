import Foundation
import KadrFileSystem
import KadrPersistenceCore
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("Names derived from user text, on case-insensitive, normalising file systems")
struct DistinctFileNamesTests {
  /// The names of the bundle: two differ by case, two by normalisation only.
  static let colliding = ["Shot.mov", "shot.mov", "Caf\u{E9}.mov", "Cafe\u{301}.mov"]

  @Test func theFourNamesOfOneFileOnAPFSAreClaimedAsFourKeys() {
    var names = DistinctFileNames()
    let claimed = Self.colliding.map { name in
      names.claim(stem: String(name.dropLast(4)), suffix: ".mov")
    }
    #expect(Set(claimed.map(DistinctFileNames.key)).count == 4, "\(claimed)")
    #expect(claimed[0] == "Shot.mov" && claimed[1] == "shot-2.mov", "\(claimed)")
    #expect(claimed[2] == "Caf\u{E9}.mov" && claimed[3].hasSuffix("-2.mov"), "\(claimed)")
  }

  @Test(
    arguments: [
      ("Shot.mov", "SHOT.MOV"),  // ASCII case
      ("Caf\u{E9}", "Cafe\u{301}"),  // composed and decomposed é
      ("CAF\u{C9}", "cafe\u{301}"),  // both at once
      ("Stra\u{DF}e", "STRASSE"),  // full case folding: ß is ss, which lowercased() misses
      ("\u{3C2}", "\u{3A3}"),  // final sigma folds to sigma, as Σ does
    ])
  func namesThatAreOneFileOnAPFSShareAKey(_ pair: (String, String)) {
    #expect(DistinctFileNames.key(pair.0) == DistinctFileNames.key(pair.1))
    var names = DistinctFileNames()
    _ = names.claim(stem: pair.0)
    #expect(names.contains(pair.1))
    #expect(names.claim(stem: pair.1) == pair.1 + "-2")
  }

  @Test(arguments: [("Cafe", "Caf\u{E9}"), ("shot", "shots"), ("a", "\u{E4}")])
  func namesThatAreTwoFilesKeepTheirOwnKeys(_ pair: (String, String)) {
    #expect(DistinctFileNames.key(pair.0) != DistinctFileNames.key(pair.1))
    var names = DistinctFileNames()
    #expect(names.claim(stem: pair.0) == pair.0)
    #expect(names.claim(stem: pair.1) == pair.1, "kept as written, not numbered")
  }

  @Test func aNumberedNameSkipsOneAlreadyTaken() {
    var names = DistinctFileNames()
    #expect(names.claim(stem: "take-2", suffix: ".mov") == "take-2.mov")
    #expect(names.claim(stem: "take", suffix: ".mov") == "take.mov")
    #expect(names.claim(stem: "TAKE", suffix: ".mov") == "TAKE-3.mov")
  }
}

@Suite("Flushing a file to stable storage")
struct DiskFlushTests {
  @Test func aFileAndItsDirectoryAreFlushed() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("kadr-flush-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("a")
    try Data("bytes".utf8).write(to: file)
    for path in [file.path, directory.path] {
      let descriptor = open(path, O_RDONLY)
      #expect(descriptor >= 0)
      #expect(SystemCall.flushToDisk(descriptor), "\(path): \(String(cString: strerror(errno)))")
      close(descriptor)
    }
  }

  @Test func aClosedDescriptorIsAFailureWithItsReason() {
    // No descriptor is open at -1: the flush fails and says why, as a write's caller reports.
    #expect(!SystemCall.flushToDisk(-1))
    #expect(errno == EBADF)
  }
}
