import Foundation
import KadrPersistence
import KadrProjectLibrary
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A background autosave the disk refuses, as iOS refuses one: a file protected with Data
/// Protection `complete` cannot be written while the device is locked, and an app in an App
/// Group container may be suspended or killed mid-write. What Linux can show is the same
/// path: the write fails at the file system, and the app hears of it on `autosaveEvents()`.
@Suite("Autosave: a write the disk refuses", .serialized)
struct AutosaveDiskFailureTests {
  /// How the test makes the project's folder refuse the write.
  enum Refusal: String, CaseIterable, CustomTestStringConvertible {
    /// Both recovery slots replaced by folders: the new slot's rename fails (EISDIR), for
    /// root too.
    case slotsAreFolders
    /// The project's folder made read-only: the new slot cannot be created (EACCES), as a
    /// locked device's protected folder refuses it (root ignores the mode, so not as root).
    case readOnlyFolder

    var testDescription: String { rawValue }
  }

  static var refusals: [Refusal] {
    geteuid() == 0 ? [.slotsAreFolders] : Refusal.allCases
  }

  @Test(arguments: refusals)
  func aWriteTheDiskRefusesReachesTheEventStreamAndStaysPending(_ refusal: Refusal)
    async throws
  {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let app = try directory.library()
    let project = try app.create(name: "reel", video: Pictures.video("a"), metadata: .init())
    let folder = directory.url.appendingPathComponent("projects/\(project.id.rawValue)")
    switch refusal {
    case .slotsAreFolders:
      for slot in ["autosave-0.json", "autosave-1.json"] {
        let inside = folder.appendingPathComponent(slot).appendingPathComponent("keep")
        try FileManager.default.createDirectory(at: inside, withIntermediateDirectories: true)
      }
    case .readOnlyFolder:
      #expect(chmod(folder.path, 0o555) == 0)
    }
    defer { _ = chmod(folder.path, 0o755) }
    let events = app.autosaveEvents()

    app.scheduleSave(Pictures.video("b"), metadata: .init(), for: project.id)
    let event = await EditorAutosaveTests.first(events, within: 60) { $0.id == project.id }
    guard case .failed(_, let error)? = event else {
      Issue.record("no failed event: \(String(describing: event))")
      return
    }
    guard case .fileSystem(let path, _)? = error as? ProjectLibraryError else {
      Issue.record("not a file-system error: \(error)")
      return
    }
    #expect(path.hasPrefix(folder.path), "\(path)")
    #expect(try app.recover(project.id) == nil, "no torn recovery copy is offered")
    // Still pending: a flush retries it and fails the same way, and succeeds once the disk
    // takes it again (as when the device is unlocked).
    #expect(throws: ProjectLibraryError.self) { try app.flush() }
    switch refusal {
    case .slotsAreFolders:
      for slot in ["autosave-0.json", "autosave-1.json"] {
        try FileManager.default.removeItem(at: folder.appendingPathComponent(slot))
      }
    case .readOnlyFolder:
      #expect(chmod(folder.path, 0o755) == 0)
    }
    try app.flush()
    #expect(try app.recover(project.id) != nil, "the edit, written by the retry")
  }
}
