import Foundation
import KadrLibraryPostgres
import KadrPersistence
import KadrProjectLibrary

// kadr-library-bench: saves and opens per second of a 1,000-clip project, with 1, 4 and 16
// clients at once, on the PostgreSQL store (KADR_POSTGRES names the server) and on the folder
// store on the same machine. Each client has its own store (its own connection) and its own
// project, and for SECONDS (3 by default) saves an edit and opens the project again.
//
//   swift run -c release --package-path Integrations/KadrLibraryPostgres kadr-library-bench [SECONDS]
//
// With --packages: export and import of a 1,000-clip project with 200 images, through the
// store's streaming hooks and through `open` and `create`, and `library copy` of 1,000 folder
// projects to the server, twice (see Packages.swift).
//
// With --live [SECONDS]: 8 editor processes in one live session of a 10,000-clip timeline,
// each committing an edit every 50 ms: the time from an edit's COMMIT to its update at the
// others (p50, p95, p99), bytes written per edit, and each editor's memory (see LiveBench.swift).
//
// With --s3: 200 images of about 50 MB in all put into and got from an S3 server (KADR_S3_*,
// as Scripts/s3-server exports them) by S3ImageStore, beside the AWS CLI (`aws s3 cp
// --recursive`) on the same files and server (see S3Bench.swift).

struct BenchMetadata: ProjectMetadata {
  static let version = 1
  var step: Int
}

/// A composition of 1,000 titles, the first reading `text`.
func composition(_ text: String) -> Video {
  Video(
    clips: [TitleSequence(text, duration: 1)]
      + (1..<1_000).map { TitleSequence("clip \($0)", duration: 1) })
}

/// What the clients did, added up under a lock.
final class Tally: @unchecked Sendable {
  // @unchecked Sendable: every field is read and written holding `lock`.
  private let lock = NSLock()
  private var saves = 0
  private var opens = 0
  private var failure: (any Error)?

  func add(saves: Int, opens: Int, failure: (any Error)?) {
    lock.withLock {
      self.saves += saves
      self.opens += opens
      self.failure = self.failure ?? failure
    }
  }

  var result: (saves: Int, opens: Int, failure: (any Error)?) {
    lock.withLock { (saves, opens, failure) }
  }
}

/// One client's work: save step n, open.
typealias Client = (save: @Sendable (Int) throws -> Void, open: @Sendable () throws -> Void)

/// Saves and opens per second of `clients` clients, each on its own thread.
func measure(clients: Int, seconds: Double, _ make: (Int) throws -> Client) throws -> (
  saves: Double, opens: Double
) {
  let work = try (0..<clients).map(make)
  let tally = Tally()
  let deadline = Date().addingTimeInterval(seconds)
  DispatchQueue.concurrentPerform(iterations: clients) { client in
    var (saves, opens, step) = (0, 0, 0)
    var failure: (any Error)?
    do {
      while Date() < deadline {
        try work[client].save(step)
        saves += 1
        try work[client].open()
        opens += 1
        step += 1
      }
    } catch {
      failure = error
    }
    tally.add(saves: saves, opens: opens, failure: failure)
  }
  let result = tally.result
  if let failure = result.failure { throw failure }
  return (Double(result.saves) / seconds, Double(result.opens) / seconds)
}

let seconds = CommandLine.arguments.dropFirst().first.flatMap(Double.init) ?? 3
if CommandLine.arguments.contains("--s3") {
  try S3Bench.run()
  exit(0)
}
guard let server = ProcessInfo.processInfo.environment["KADR_POSTGRES"] else {
  FileHandle.standardError.write(
    Data(
      "kadr-library-bench: set KADR_POSTGRES (Scripts/postgres-server start DIR prints it)\n".utf8))
  exit(2)
}
if CommandLine.arguments.contains("--live-editor") {
  try LiveBench.editor(server: server)
  exit(0)
}
if CommandLine.arguments.contains("--live") {
  try LiveBench.run(
    server: server, seconds: CommandLine.arguments.dropFirst(2).first.flatMap(Double.init) ?? 60)
  exit(0)
}
if CommandLine.arguments.contains("--packages") {
  try PackageBench.run(server: server)
  try PackageBench.runCopy(server: server, projects: 1_000)
  exit(0)
}
print("1,000-clip project, \(seconds) s per run; each client its own store and project")
print("store        clients   saves/s   opens/s")
for clients in [1, 4, 16] {
  let schema = "kadr_bench_" + UUID().uuidString.prefix(8).lowercased()
  let postgres = try measure(clients: clients, seconds: seconds) { _ in
    let store = try PostgresProjectStore<BenchMetadata>(connectionString: server, schema: schema)
    let id = try store.create(
      name: "bench", video: composition("0"), metadata: BenchMetadata(step: 0)
    ).id
    return (
      { step in try store.save(composition("\(step)"), metadata: BenchMetadata(step: step), for: id)
      }, { _ = try store.open(id) }
    )
  }
  print(
    "postgres     \(String(format: "%7d   %7.1f   %7.1f", clients, postgres.saves, postgres.opens))"
  )
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "kadr-bench-\(UUID().uuidString)")
  defer { try? FileManager.default.removeItem(at: folder) }
  let local = try measure(clients: clients, seconds: seconds) { _ in
    let library = try ProjectLibrary<BenchMetadata>(directory: folder)
    let id = try library.create(
      name: "bench", video: composition("0"), metadata: BenchMetadata(step: 0)
    ).id
    return (
      { step in
        try library.save(composition("\(step)"), metadata: BenchMetadata(step: step), for: id)
      }, { _ = try library.open(id) }
    )
  }
  print("folder       \(String(format: "%7d   %7.1f   %7.1f", clients, local.saves, local.opens))")
}
