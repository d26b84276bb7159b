import Foundation
import KadrPersistence
import KadrProjectLibrary
import Testing

/// The library names no file after user text: a project's folder is its id, a lowercase UUID,
/// and images are named by their content's hash. So names that are one file on a
/// case-insensitive, normalising file system (APFS) cannot meet in a library.
@Suite("Library folders on case-insensitive, normalising file systems")
struct LibraryFolderNamesTests {
  @Test func projectsNamedAlikeOnAPFSGetFoldersNamedByTheirIDsAlone() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library()
    let names = ["Shot", "shot", "Caf\u{E9}", "Cafe\u{301}"]
    let ids = try names.map {
      try library.create(name: $0, video: Pictures.video("a"), metadata: .init()).id
    }
    let folders = try FileManager.default.contentsOfDirectory(
      atPath: directory.url.appendingPathComponent("projects").path
    ).filter { !$0.hasPrefix(".") }
    #expect(Set(folders) == Set(ids.map(\.rawValue)))
    for folder in folders {
      #expect(folder.allSatisfy { "0123456789abcdef-".contains($0) }, "\(folder)")
      #expect(folder == folder.lowercased(), "one spelling per id, whatever the case rules")
    }
    let folded = folders.map {
      $0.folding(options: .caseInsensitive, locale: nil).precomposedStringWithCanonicalMapping
    }
    #expect(Set(folded).count == names.count)
    #expect(try library.list().projects.map(\.name).sorted() == names.sorted())
  }
}
