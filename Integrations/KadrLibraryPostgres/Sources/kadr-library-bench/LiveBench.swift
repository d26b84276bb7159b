import CBenchHeap
import Foundation
import KadrLibraryPostgres
import KadrPersistence
import KadrProjectLibrary
import PostgresClient

/// `kadr-library-bench --live [SECONDS]`: EDITORS editor processes (8) on loopback, one
/// CLIPS-clip timeline (10,000), each committing a one-property edit (a clip's volume) every
/// INTERVAL ms (50) for SECONDS (60): the time from an edit's acknowledgement (its `COMMIT`) at
/// the editor who made it to its update at each other editor, as p50, p95 and p99; the bytes
/// written per edit; each editor's memory over the run.
///
///   kadr-library-bench --live [SECONDS] [--editors N] [--clips N] [--interval MS]
///     [--crossing PERCENT]
///
/// With `--crossing`, that share of the edits sets the volume of one clip every editor edits
/// (the first), so edits cross and are rebased with a merge of the whole composition.
enum LiveBench {
  /// What one editor process reports, as one JSON object on standard output.
  struct EditorReport: Codable {
    var index: Int
    /// (log position, wall time) of each of this editor's edits when acknowledged.
    var acknowledged: [[Double]]
    /// (log position, wall time) of each other editor's edit when its update arrived.
    var received: [[Double]]
    /// Resident size (bytes) every few seconds, from just after joining.
    var memory: [Int]
    /// The heap in use (bytes): before joining, just after, and at the end (after the last
    /// edit, before leaving): what the session holds, apart from the allocator's high water.
    var heap: [Int]
    /// The heap the composition itself takes, opened alone from its bytes (what any app that
    /// shows it holds, in a session or not).
    var composition: Int
    var committed: Int
    /// Processor time the editor used over the run (user and system), in seconds.
    var processorSeconds: Double
    var failure: String?
  }

  static func option(_ name: String, _ fallback: Int) -> Int {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count,
      let value = Int(arguments[index + 1]), value > 0
    else { return fallback }
    return value
  }

  static func run(server: String, seconds: Double) throws {
    let editors = option("--editors", 8)
    let clips = option("--clips", 10_000)
    let interval = option("--interval", 50)
    let crossing = option("--crossing", 0)
    let schema = "kadr_live_bench_" + UUID().uuidString.prefix(8).lowercased()
    let store = try PostgresProjectStore<BenchMetadata>(connectionString: server, schema: schema)
    let video = composition(clips: clips)
    let id = try store.create(name: "live", video: video, metadata: BenchMetadata(step: 0)).id
    let documentBytes = try KadrCoder().data(for: video).count
    print(
      "live session: \(editors) editor processes, one \(clips)-clip timeline "
        + "(\(documentBytes / 1000) kB), an edit every \(interval) ms each for \(Int(seconds)) s"
        + (crossing > 0 ? ", \(crossing) % of them on one clip all edit" : ""))

    guard let executable = Bundle.main.executableURL else { return }
    var processes: [(Process, Pipe)] = []
    for index in 0..<editors {
      let process = Process()
      process.executableURL = executable
      process.arguments = [
        "--live-editor", schema, id.rawValue, "\(index)", "\(editors)", "\(clips)",
        "\(interval)", "\(seconds)", "\(crossing)",
      ]
      // glibc's `mallinfo2` counts the main arena only; with one arena it counts what the
      // session's threads hold too.
      process.environment = ProcessInfo.processInfo.environment.merging(
        ["MALLOC_ARENA_MAX": "1"]) { _, new in new }
      let out = Pipe()
      process.standardOutput = out
      try process.run()
      processes.append((process, out))
    }
    var reports: [EditorReport] = []
    for (process, out) in processes {
      let data = out.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      if let report = try? JSONDecoder().decode(EditorReport.self, from: data) {
        reports.append(report)
      } else {
        print("an editor process reported nothing (status \(process.terminationStatus))")
      }
    }

    var acknowledged: [Int: Double] = [:]
    for report in reports {
      for pair in report.acknowledged where pair.count == 2 { acknowledged[Int(pair[0])] = pair[1] }
    }
    var delays: [Double] = []
    var missing = 0
    for report in reports {
      for pair in report.received where pair.count == 2 {
        if let sent = acknowledged[Int(pair[0])] {
          delays.append((pair[1] - sent) * 1000)
        } else {
          missing += 1
        }
      }
    }
    delays.sort()
    func percentile(_ p: Double) -> String {
      guard !delays.isEmpty else { return "-" }
      let index = min(delays.count - 1, Int((p / 100 * Double(delays.count)).rounded(.up)) - 1)
      return String(format: "%.1f", delays[max(0, index)])
    }
    let committed = reports.reduce(0) { $0 + $1.committed }
    print(
      "edits committed: \(committed) (\(String(format: "%.1f", Double(committed) / seconds))/s); "
        + "updates measured: \(delays.count)")
    print(
      "COMMIT to another editor's update, ms: p50 \(percentile(50))  p95 \(percentile(95))  "
        + "p99 \(percentile(99))  max \(delays.last.map { String(format: "%.1f", $0) } ?? "-")")

    let admin = try PostgresConnection(connectionString: server)
    defer { admin.close() }
    if let row = try admin.query(
      "SELECT count(*), avg(octet_length(patch)), pg_total_relation_size('\(schema).live_edits') "
        + "FROM \(schema).live_edits"
    ).first, let count = try row.int64(0), count > 0 {
      let patch = try row.string(1).flatMap(Double.init) ?? 0
      let table = try row.int64(2) ?? 0
      print(
        "bytes per edit: patch \(Int(patch.rounded())) B; table and indexes "
          + "\(Int(table) / Int(count)) B (\(count) rows)")
    }
    let revisions =
      try admin.query(
        "SELECT count(*) FROM \(schema).revisions WHERE project = $1::uuid", [.string(id.rawValue)]
      ).first?.int64(0) ?? 0
    print("revisions written by compaction: \(max(0, revisions - 1))")
    let processor = reports.reduce(0) { $0 + $1.processorSeconds }
    let seen = reports.reduce(0) { $0 + $1.received.count + $1.acknowledged.count }
    print(
      "editors' processor time: \(String(format: "%.1f", processor)) s over \(Int(seconds)) s "
        + "(\(String(format: "%.2f", processor / Double(max(1, seen)) * 1000)) ms per edit an "
        + "editor took in or sent), on \(ProcessInfo.processInfo.activeProcessorCount) cores")
    for report in reports.sorted(by: { $0.index < $1.index }) {
      let megabytes = report.memory.map { String(format: "%.0f", Double($0) / 1_000_000) }
      print(
        "editor \(report.index): memory MB over the run \(megabytes.joined(separator: " "))"
          + Self.heapLine(report.heap, composition: report.composition, document: documentBytes)
          + (report.failure.map { "; failed: \($0)" } ?? ""))
    }
    try? admin.execute("DROP SCHEMA \(schema) CASCADE")
  }

  /// "; heap in use: 0.3 MB before joining, 18.0 after, 16.4 at the end (the session 16.1 MB,
  /// 8.5× the document; the composition alone 8.7 MB, 4.6×; the rest 7.4 MB, 3.9×)": the
  /// session's share is what joining added and the run kept.
  static func heapLine(_ heap: [Int], composition: Int, document: Int) -> String {
    guard heap.count == 3, heap.allSatisfy({ $0 > 0 }), document > 0 else { return "" }
    let megabytes = { (bytes: Int) in String(format: "%.1f", Double(bytes) / 1_000_000) }
    let times = { (bytes: Int) in String(format: "%.1f", Double(bytes) / Double(document)) + "×" }
    let session = heap[2] - heap[0]
    return "; heap in use \(megabytes(heap[0])) MB before joining, \(megabytes(heap[1])) after, "
      + "\(megabytes(heap[2])) at the end (the session \(megabytes(session)) MB, "
      + "\(times(session)) the document; the composition alone \(megabytes(composition)) MB, "
      + "\(times(composition)); the rest \(megabytes(session - composition)) MB, "
      + "\(times(session - composition)))"
  }

  /// The benchmark's timeline: `clips` video clips, each with an identity.
  static func composition(clips: Int) -> Video {
    Video(
      clips: (0..<clips).map {
        VideoClip(url: URL(fileURLWithPath: "/media/clip\($0).mov")).id(ClipID("c\($0)"))
      })
  }

  /// The heap the composition of `clips` clips takes, opened from its bytes as an app opens
  /// it, with the bytes and the reading's working memory gone.
  static func compositionHeap(clips: Int) throws -> Int {
    let data = try KadrCoder().data(for: composition(clips: clips))
    let before = heapBytes()
    let opened = try KadrCoder().open(data, images: UnresolvedImageStore()).root
    let after = heapBytes()
    return withExtendedLifetime(opened) { after - before }
  }

  /// One editor process: joins, commits an edit every `interval` ms on a clip of its own share,
  /// records when each was acknowledged and when each other editor's update arrived.
  static func editor(server: String) throws {
    let arguments = Array(CommandLine.arguments.drop { $0 != "--live-editor" }.dropFirst())
    guard arguments.count == 8, let id = ProjectID(rawValue: arguments[1]),
      let index = Int(arguments[2]), let editors = Int(arguments[3]),
      let clips = Int(arguments[4]), let interval = Int(arguments[5]),
      let seconds = Double(arguments[6]), let crossing = Int(arguments[7])
    else { return }
    let store = try PostgresProjectStore<BenchMetadata>(
      connectionString: server, schema: arguments[0])
    let record = Record()
    let composition = try Self.compositionHeap(clips: clips)
    var heap = [Self.heapBytes()]
    let session = try store.joinLiveSession(id, editor: "editor \(index)")
    heap.append(Self.heapBytes())
    let finished = DispatchSemaphore(value: 0)
    Task.detached {
      defer { finished.signal() }
      for await update in session.updates {
        let now = Date().timeIntervalSince1970
        switch update.cause {
        case .edit(_, let sequence): record.received(sequence, now)
        case .acknowledged(_, let sequence): record.acknowledged(sequence, now)
        default: break
        }
      }
    }
    var memory = [Self.residentBytes()]
    var committed = 0
    var failure: String?
    let start = Date()
    var nextSample = start.addingTimeInterval(5)
    var random = SystemRandomNumberGenerator()
    let share = max(1, clips / editors)
    while Date().timeIntervalSince(start) < seconds {
      let crosses = Int.random(in: 0..<100, using: &random) < crossing
      let clip = crosses ? 0 : index * share + Int.random(in: 0..<share, using: &random)
      do {
        if try session.commitClip(
          id: ClipID("c\(clip)"), as: VideoClip.self,
          {
            $0.volume(Double.random(in: 0...1, using: &random))
          }) != nil
        {
          committed += 1
        }
      } catch {
        failure = "\(error)"
      }
      if Date() >= nextSample {
        memory.append(Self.residentBytes())
        nextSample = nextSample.addingTimeInterval(5)
      }
      Thread.sleep(forTimeInterval: Double(interval) / 1000)
    }
    try? session.waitUntilAcknowledged(timeout: .seconds(30))
    Thread.sleep(forTimeInterval: 3)  // the others' last edits
    memory.append(Self.residentBytes())
    heap.append(Self.heapBytes() - record.bytes)
    session.leave()
    finished.wait()
    let report = EditorReport(
      index: index, acknowledged: record.acknowledgedList, received: record.receivedList,
      memory: memory, heap: heap, composition: composition, committed: committed,
      processorSeconds: Self.processorSeconds(),
      failure: failure)
    FileHandle.standardOutput.write(try JSONEncoder().encode(report))
  }

  /// The processor time this process used so far (user and system), in seconds.
  static func processorSeconds() -> Double {
    Double(clock()) / Double(CLOCKS_PER_SEC)
  }

  /// The resident size now (Linux's `VmRSS`), in bytes; 0 elsewhere.
  static func residentBytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return 0
    }
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
      let number = line.split(separator: " ").dropFirst().first { Int($0) != nil }
      return (number.flatMap { Int($0) } ?? 0) * 1024
    }
    return 0
  }

  /// The heap in use now (glibc's `mallinfo2`: small blocks and mapped ones, of the main
  /// arena, the only one in an editor process), in bytes; 0 elsewhere.
  static func heapBytes() -> Int {
    Int(kadr_bench_heap_in_use())
  }

  /// The times an editor saw, kept under a lock, two numbers an event in flat lists (16 bytes
  /// an event, which ``bytes`` says, so that the heap figure can leave them out).
  final class Record: @unchecked Sendable {
    // @unchecked Sendable: both lists are read and written only under `lock`.
    private let lock = NSLock()
    private var acks: [Double] = []
    private var receives: [Double] = []
    func acknowledged(_ sequence: Int64, _ time: Double) {
      lock.withLock { acks += [Double(sequence), time] }
    }
    func received(_ sequence: Int64, _ time: Double) {
      lock.withLock { receives += [Double(sequence), time] }
    }
    var acknowledgedList: [[Double]] { lock.withLock { Self.pairs(acks) } }
    var receivedList: [[Double]] { lock.withLock { Self.pairs(receives) } }
    /// The lists' storage.
    var bytes: Int {
      lock.withLock { (acks.capacity + receives.capacity) * MemoryLayout<Double>.stride }
    }
    private static func pairs(_ flat: [Double]) -> [[Double]] {
      stride(from: 0, to: flat.count - 1, by: 2).map { [flat[$0], flat[$0 + 1]] }
    }
  }
}
