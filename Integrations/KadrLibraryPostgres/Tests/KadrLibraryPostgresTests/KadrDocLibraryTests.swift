import Foundation
import KadrLibraryPostgres
import KadrPersistence
import KadrProjectLibrary
import KadrProjectLibraryTesting
import PostgresClient
import Testing

/// `kadr-doc library list|check|gc --store postgres…`, run as the built tools: `kadr-doc-postgres`
/// directly, and `kadr-doc` of the main package handing the store to it.
@Suite(
  "kadr-doc library on PostgreSQL", .serialized,
  .enabled(if: StoreServer.testsRun, "KADR_POSTGRES is not set"))
struct KadrDocLibraryTests {
  /// What a run of a tool printed and how it ended.
  struct Run {
    var status: Int32
    var out: String
    var err: String
  }

  /// Runs the built executable `name` with `arguments` and `environment` added to this one's.
  static func run(
    _ name: String, _ arguments: [String], environment: [String: String] = [:]
  ) throws -> Run {
    guard let tool = StoreServer.executable(name) else { throw StoreServer.NotBuilt(name: name) }
    let process = Process()
    process.executableURL = tool
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    // Standard error goes to a file, so neither pipe can fill while the other is read.
    let errors = FileManager.default.temporaryDirectory
      .appendingPathComponent("kadr-doc-\(UUID().uuidString).err")
    _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: errors) }
    let out = Pipe()
    process.standardOutput = out
    process.standardError = try FileHandle(forWritingTo: errors)
    try process.run()
    let output = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(
      status: process.terminationStatus, out: String(decoding: output, as: UTF8.self),
      err: String(decoding: try Data(contentsOf: errors), as: UTF8.self))
  }

  /// A store in a new schema, and the environment that points the tool at its schema.
  static func store() throws -> (PostgresProjectStore<ContractMetadata>, [String: String]) {
    let schema = StoreServer.freshSchema()
    return (try StoreServer.store(schema: schema), ["KADR_POSTGRES_SCHEMA": schema])
  }

  /// The `--store` of the test server, as `postgres:` and its libpq connection string.
  static func location() throws -> String { "postgres:" + (try StoreServer.required()) }

  static func listing(_ run: Run) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(run.out.utf8))
    return try #require(object as? [String: Any], "\(run.out)")
  }

  @Test func listShowsTheProjectsOfTheServerWithTheirFacts() throws {
    let (store, environment) = try Self.store()
    let hostile = "Ünïcode\n\u{202E}evil'); DROP TABLE projects; --"
    let first = try store.create(
      name: hostile, video: RevisionTests.shared(), metadata: ContractMetadata(note: "x"))
    let second = try store.create(
      name: "Second", video: RevisionTests.shared(["a"]), metadata: ContractMetadata())
    try store.save(RevisionTests.shared(["b", "c"]), metadata: ContractMetadata(), for: second.id)

    let run = try Self.run(
      "kadr-doc-postgres", ["library", "list", "--store", try Self.location(), "--json"],
      environment: environment)
    #expect(run.status == 0, "\(run.err)")
    let projects = try #require(try Self.listing(run)["projects"] as? [[String: Any]])
    // Most recently changed first; names come back as values, whatever they hold.
    #expect(projects.map { $0["id"] as? String } == [second.id.rawValue, first.id.rawValue])
    #expect(projects.map { $0["name"] as? String } == ["Second", hostile])
    #expect(projects.map { $0["clips"] as? Int } == [2, 4])
    #expect((projects[1]["app"] as? [String: Any])?["note"] as? String == "x")
    #expect(projects.allSatisfy { $0["document"] == nil }, "a database has no document file")

    // The human listing shows the hostile name on one line, its controls escaped.
    let text = try Self.run(
      "kadr-doc-postgres", ["library", "list", "--store", try Self.location()],
      environment: environment)
    #expect(text.status == 0)
    #expect(text.out.hasPrefix("2 project(s), 0 skipped\n"), "\(text.out)")
    #expect(text.out.split(separator: "\n").count == 3, "\(text.out)")
    #expect(text.out.contains(#"Ünïcode\u{A}\u{202E}evil'); DROP TABLE"#), "\(text.out)")
  }

  @Test func checkOpensEveryProjectAndReportsTheOnesThatDoNotOpen() throws {
    let (store, environment) = try Self.store()
    let good = try store.create(
      name: "Good", video: RevisionTests.shared(), metadata: ContractMetadata())
    let broken = try store.create(
      name: "Broken", video: RevisionTests.shared(), metadata: ContractMetadata())
    // The head revision as a later build would write it, with a plugin's clip this one lacks.
    let schema = try #require(environment["KADR_POSTGRES_SCHEMA"])
    let connection = try PostgresConnection(connectionString: try StoreServer.required())
    let head = try connection.query(
      "SELECT document FROM \(schema).revisions WHERE project = $1::uuid",
      [.string(broken.id.rawValue)])
    let saved = String(decoding: try #require(try head.first?.data(0)), as: UTF8.self)
    let later = saved.replacingOccurrences(
      of: #""clips":["#, with: #""clips":[{"com.example.hologram":{"_0":{}}},"#)
    #expect(later != saved, "the document's clips were not found: \(saved)")
    try connection.query(
      "UPDATE \(schema).revisions SET document = $1 WHERE project = $2::uuid",
      [.data(Data(later.utf8)), .string(broken.id.rawValue)])

    let list = try Self.run(
      "kadr-doc-postgres", ["library", "list", "--store", try Self.location(), "--json"],
      environment: environment)
    #expect(list.status == 0, "list reads only the summaries: \(list.err)")
    #expect((try Self.listing(list)["projects"] as? [Any])?.count == 2)

    let check = try Self.run(
      "kadr-doc-postgres", ["library", "check", "--store", try Self.location(), "--json"],
      environment: environment)
    #expect(check.status == 1, "a skipped project fails the check")
    let result = try Self.listing(check)
    let projects = try #require(result["projects"] as? [[String: Any]])
    let skipped = try #require(result["skipped"] as? [[String: Any]])
    #expect(projects.map { $0["id"] as? String } == [good.id.rawValue])
    #expect(skipped.map { $0["id"] as? String } == [broken.id.rawValue])
    #expect(skipped.first?["reason"] as? String == "unknownKinds", "\(skipped)")
    #expect(skipped.first?["unknownKinds"] as? [String] == ["com.example.hologram"])
  }

  @Test func gcDeletesOnlyImagesNoRevisionUsesAndADryRunNothing() throws {
    let (store, environment) = try Self.store()
    let used = PlatformImage.solidColor(PlatformColor(red: 1, green: 0, blue: 0), width: 2)
    let stray = PlatformImage.solidColor(PlatformColor(red: 0, green: 1, blue: 0), width: 2)
    let project = try store.create(
      name: "Photos", video: Video(clips: [ImageClip(used, duration: 1)]),
      metadata: ContractMetadata())
    // An image written and never saved in a revision: what collection is for.
    let orphan = try store.images.token(for: stray)

    let dryRun = try Self.run(
      "kadr-doc-postgres", ["library", "gc", "--store", try Self.location(), "--dry-run"],
      environment: environment)
    #expect(dryRun.status == 0, "\(dryRun.err)")
    #expect(dryRun.out == "would delete 1 image(s), kept 1\n  \(orphan)\n")
    #expect((try? store.images.image(for: orphan)) != nil, "a dry run deleted the image")

    let collect = try Self.run(
      "kadr-doc-postgres", ["library", "gc", "--store", try Self.location()],
      environment: environment)
    #expect(collect.status == 0, "\(collect.err)")
    #expect(collect.out == "deleted 1 image(s), kept 1\n  \(orphan)\n")
    #expect((try? store.images.image(for: orphan)) == nil)
    #expect(try store.open(project.id).video.clips.count == 1, "the used image went too")
  }

  @Test func aStoreThatIsNotSetUpIsAnErrorAndNothingIsCreated() throws {
    let schema = StoreServer.freshSchema()
    let run = try Self.run(
      "kadr-doc-postgres", ["library", "list", "--store", try Self.location()],
      environment: ["KADR_POSTGRES_SCHEMA": schema])
    #expect(run.status == 1)
    #expect(run.out.isEmpty)
    #expect(run.err.contains("no project store in the schema '\(schema)'"), "\(run.err)")
    let connection = try PostgresConnection(connectionString: try StoreServer.required())
    let found = try connection.query(
      "SELECT count(*) FROM pg_namespace WHERE nspname = $1", [.string(schema)])
    #expect(try found.first?.int64(0) == 0, "the tool created the schema")
  }

  @Test func initSetsUpAStoreInItsSchemaAndACopyNamesEachSidesSchema() throws {
    let first = StoreServer.freshSchema()
    let second = StoreServer.freshSchema()
    let location = try Self.location()
    for schema in [first, second] {
      let made = try Self.run(
        "kadr-doc-postgres", ["library", "init", "--store", location, "--schema", schema])
      #expect(made.status == 0, "\(made.err)")
      #expect(made.out.hasSuffix("a project library, ready (0 projects)\n"), "\(made.out)")
    }
    let store = try StoreServer.store(schema: first)
    let project = try store.create(
      name: "Cut", video: RevisionTests.shared(), metadata: ContractMetadata())
    // One environment variable cannot name two schemas; the options name one each.
    let copy = try Self.run(
      "kadr-doc-postgres",
      [
        "library", "copy", "--from", location, "--from-schema", first, "--to", location,
        "--to-schema", second,
      ])
    #expect(copy.status == 0, "\(copy.err)")
    #expect(copy.out.contains("copied \(project.id)"), "\(copy.out)")
    let listed = try Self.run(
      "kadr-doc-postgres", ["library", "list", "--store", location, "--schema", second, "--json"])
    #expect(listed.out.contains("\"Cut\""), "\(listed.out)")
  }

  @Test func anUnreachableServerIsAClearErrorWithoutThePassword() throws {
    let run = try Self.run(
      "kadr-doc-postgres",
      ["library", "list", "--store", "postgresql://kadr:s3cret-pw@127.0.0.1:1/none"])
    #expect(run.status == 1)
    #expect(run.err.hasPrefix("kadr-doc library: "), "\(run.err)")
    #expect(!run.err.contains("s3cret-pw"), "the password was printed: \(run.err)")
  }

  @Test func kadrDocHandsAPostgresStoreToKadrDocPostgres() throws {
    let (store, environment) = try Self.store()
    let project = try store.create(
      name: "Handed", video: RevisionTests.shared(), metadata: ContractMetadata())
    let tool = try #require(StoreServer.executable("kadr-doc-postgres"))
    let tools = tool.deletingLastPathComponent()
    var withTool = environment
    withTool["PATH"] = tools.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")
    // The store from the environment, the way a script would keep it.
    withTool["KADR_LIBRARY_STORE"] = try Self.location()
    let direct = try Self.run(
      "kadr-doc-postgres", ["library", "list", "--json"], environment: withTool)
    let handed = try Self.run("kadr-doc", ["library", "list", "--json"], environment: withTool)
    #expect(handed.status == 0, "\(handed.err)")
    #expect(handed.out == direct.out)
    #expect(handed.out.contains(project.id.rawValue))
  }
}
