import Foundation
import KadrPersistence
import KadrProjectLibrary
import Testing

/// `kadr-doc library` given its library by `--store` or `KADR_LIBRARY_STORE`, and a PostgreSQL
/// store handed to `kadr-doc-postgres` (here a script standing in for it; the PostgreSQL
/// package's tests run the real one against a server).
@Suite("kadr-doc library --store")
struct LibraryStoreCommandTests {
  /// A directory on `PATH` holding a `kadr-doc-postgres` that prints what it was given and
  /// exits with 7.
  static func standIn(in directory: TemporaryDirectory) throws -> String {
    let bin = directory.url.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    let script = bin.appendingPathComponent("kadr-doc-postgres")
    try Data(
      """
      #!/bin/sh
      echo "handed-off=$KADR_DOC_HANDED_OFF"
      for argument in "$@"; do echo "[$argument]"; done
      exit 7

      """.utf8
    ).write(to: script)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
    return bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
  }

  @Test func aFolderIsTheSameLibraryByDirStoreOrEnvironment() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library()
    try library.create(name: "One", video: Pictures.video("o"), metadata: .init())
    let path = directory.url.path
    let byDirectory = try Executables.run(Executables.kadrDoc, ["library", "list", path, "--json"])
    let byStore = try Executables.run(
      Executables.kadrDoc, ["library", "list", "--store", path, "--json"])
    let byEnvironment = try Executables.run(
      Executables.kadrDoc, ["library", "list", "--json"],
      environment: ["KADR_LIBRARY_STORE": path])
    #expect(byDirectory.status == 0 && byDirectory.out.contains("\"One\""), "\(byDirectory)")
    #expect(byStore.out == byDirectory.out && byStore.status == 0)
    #expect(byEnvironment.out == byDirectory.out && byEnvironment.status == 0)
  }

  @Test func aPostgresStoreIsHandedToKadrDocPostgresWithEveryArgument() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try Self.standIn(in: directory)
    let store = "postgres:host=db dbname='my projects'"
    let run = try Executables.run(
      Executables.kadrDoc, ["library", "check", "--store", store, "--json"],
      environment: ["PATH": path])
    // Its output and status are the command's: kadr-doc is replaced, not wrapping it.
    #expect(run.status == 7, "\(run.err)")
    #expect(
      run.out == "handed-off=1\n[library]\n[check]\n[--store]\n[\(store)]\n[--json]\n",
      "\(run.out)")
    #expect(run.err.isEmpty)

    // From the environment, as a URI.
    let fromEnvironment = try Executables.run(
      Executables.kadrDoc, ["library", "gc", "--dry-run"],
      environment: ["PATH": path, "KADR_LIBRARY_STORE": "postgresql://u@db/projects"])
    #expect(fromEnvironment.status == 7)
    #expect(fromEnvironment.out == "handed-off=1\n[library]\n[gc]\n[--dry-run]\n")
  }

  @Test func withoutKadrDocPostgresTheErrorSaysHowToBuildIt() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = try Executables.run(
      Executables.kadrDoc, ["library", "list", "--store", "postgres://db/projects"],
      environment: ["PATH": directory.url.path])
    #expect(run.status == 1)
    #expect(run.out.isEmpty)
    #expect(run.err.contains("kadr-doc-postgres"), "\(run.err)")
    #expect(run.err.contains("--package-path Integrations/KadrLibraryPostgres"), "\(run.err)")
  }

  @Test func aToolAStoreWasHandedToNeverHandsItOn() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = try Executables.run(
      Executables.kadrDoc, ["library", "list", "--store", "postgres://db/projects"],
      environment: ["PATH": try Self.standIn(in: directory), "KADR_DOC_HANDED_OFF": "1"])
    #expect(run.status == 1, "\(run.out)")
    #expect(!run.out.contains("handed-off"), "it ran the stand-in again")
    #expect(run.err.contains("does not open it"), "\(run.err)")
  }

  @Test(arguments: [
    (["library", "list", "DIR", "--store", "DIR"], 2, "not both"),
    (["library", "list", "--store", "mysql://db/projects"], 2, "no store opens 'mysql:'"),
    (["library", "list"], 2, "KADR_LIBRARY_STORE"),
  ])
  func aLibraryGivenTwiceOrOfNoKnownKindIsAUsageError(
    _ arguments: [String], status: Int32, message: String
  ) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    _ = try directory.library()
    let run = try Executables.run(
      Executables.kadrDoc, arguments.map { $0 == "DIR" ? directory.url.path : $0 },
      environment: ["KADR_LIBRARY_STORE": ""])
    #expect(run.status == status, "\(run.err)")
    #expect(run.err.contains(message), "\(run.err)")
  }
}
