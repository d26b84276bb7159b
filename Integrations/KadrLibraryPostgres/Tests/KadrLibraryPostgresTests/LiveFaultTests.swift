import Foundation
import KadrLibraryPostgres
import KadrPersistence
import KadrProjectLibrary
import KadrProjectLibraryTesting
import PostgresClient
import Testing

/// A history check in the manner of Jepsen: editor processes in one live session while a
/// stranger forges notifications, their connections are killed, one editor is killed outright,
/// and the server is stalled, then crashes and restarts. Afterwards no acknowledged edit is missing, none is applied
/// twice, and every editor holds the same bytes as one who joins late.
@Suite(
  "PostgreSQL store: live editors through faults", .serialized, .timeLimit(.minutes(3)),
  .enabled(if: StoreServer.testsRun, "KADR_POSTGRES is not set"))
struct LiveFaultTests {
  /// The lines an editor process printed so far, read on a thread of their own.
  final class Lines: @unchecked Sendable {
    // @unchecked Sendable: `lines` is read and written only under `lock`.
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }

    /// Starts reading `pipe` into a new `Lines`.
    static func reading(_ pipe: Pipe) -> Lines {
      let lines = Lines()
      let thread = Thread {
        var pending = Data()
        while true {
          let chunk = pipe.fileHandleForReading.availableData
          if chunk.isEmpty { break }
          pending.append(chunk)
          while let end = pending.firstIndex(of: 10) {
            lines.append(String(decoding: pending[pending.startIndex..<end], as: UTF8.self))
            pending.removeSubrange(pending.startIndex...end)
          }
        }
      }
      thread.start()
      return lines
    }
  }

  /// Sends `signal` to the server whose data is in `directory` and to every process it started.
  static func signalServer(_ directory: String, _ signal: String) throws {
    let pidFile = try String(contentsOfFile: directory + "/data/postmaster.pid", encoding: .utf8)
    guard let pid = pidFile.split(separator: "\n").first.map(String.init), Int(pid) != nil else {
      return
    }
    let children = Process()
    children.executableURL = URL(fileURLWithPath: "/usr/bin/pkill")
    children.arguments = ["-\(signal)", "-P", pid]
    try children.run()
    children.waitUntilExit()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/kill")
    process.arguments = ["-\(signal)", pid]
    try process.run()
    process.waitUntilExit()
  }

  @Test func editorsThroughForgedWordsKilledConnectionsAKilledEditorAStallAndACrash() throws {
    let directory = "/tmp/kadr-live-" + UUID().uuidString.prefix(8).lowercased()
    try ServerCrashTests.server("start", directory)
    defer { try? ServerCrashTests.server("stop", directory) }
    let connection = "host=\(directory) user=postgres dbname=postgres"
    let schema = StoreServer.freshSchema()
    let store = try PostgresProjectStore<ContractMetadata>(
      connectionString: connection, schema: schema)
    // Eight editors, as on a team's timeline: each edits a title of its own, and every third
    // edit also retitles one they share (the last clip).
    let editors = 8
    let project = try store.create(
      name: "Live", video: RevisionTests.shared((0...editors).map { "p\($0)" }),
      metadata: ContractMetadata()
    ).id
    let edits = 60
    let flag = directory + "-done"
    defer { try? FileManager.default.removeItem(atPath: flag) }
    let launched = try (0..<editors).map { client in
      try ProcessTests.launch([
        "live", connection, schema, project.rawValue, "\(client)", "\(edits)", flag,
        "p\(editors)",
      ])
    }
    let output = launched.map { Lines.reading($0.1) }

    // The faults, while they edit.
    let admin = try PostgresConnection(connectionString: connection)
    defer { admin.close() }
    try admin.execute("CREATE ROLE kadr_stranger LOGIN")
    let stranger = try PostgresConnection(connectionString: connection + " user=kadr_stranger")
    for round in 0..<200 {
      try stranger.notify(channel: "kadr_live_\(schema)", payload: project.rawValue)
      try stranger.notify(channel: "kadr_live_\(schema)", payload: "forged \(round)")
    }
    stranger.close()
    Thread.sleep(forTimeInterval: 0.3)
    var killed = try admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid() "
        + "AND backend_type = 'client backend'"
    ).count
    // An editor killed mid-edit: what it saw acknowledged must survive it.
    let victim = launched[editors - 1].0
    let victimWasEditing = victim.isRunning && !output[editors - 1].all.contains("done")
    if victim.isRunning { kill(victim.processIdentifier, SIGKILL) }
    #expect(victimWasEditing, "the editor was killed while it edited")
    Thread.sleep(forTimeInterval: 0.3)
    try Self.signalServer(directory, "STOP")
    Thread.sleep(forTimeInterval: 2)
    try Self.signalServer(directory, "CONT")
    killed += try admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid() "
        + "AND backend_type = 'client backend'"
    ).count
    // The server crashes and comes back (recovering from its log).
    try ServerCrashTests.server("crash", directory)
    Thread.sleep(forTimeInterval: 0.5)
    try ServerCrashTests.server("restart", directory)
    // Every live editor done (or dead), then all take in the whole log.
    let allDone = Date().addingTimeInterval(120)
    while Date() < allDone,
      !zip(launched, output).allSatisfy({ !$0.0.0.isRunning || $0.1.all.contains("done") })
    {
      Thread.sleep(forTimeInterval: 0.02)
    }
    _ = FileManager.default.createFile(atPath: flag, contents: Data())
    for (process, _) in launched { process.waitUntilExit() }
    #expect(killed > 0, "connections were killed")
    let late = try store.joinLiveSession(project, editor: "late")
    defer { late.leave() }
    let head = try KadrDocument(json: KadrCoder().encode(late.video).json).data()
    let admin2 = try PostgresConnection(connectionString: connection)
    defer { admin2.close() }
    let counts = try admin2.query(
      "SELECT count(*), count(DISTINCT (session, number)) FROM \(schema).live_edits")
    #expect(try counts.first?.int64(0) == counts.first?.int64(1), "no edit written twice")

    for client in 0..<editors {
      let lines = output[client].all
      let acks = Self.acknowledged(lines).map(\.step)
      #expect(Set(acks).count == acks.count, "editor \(client): an edit acknowledged twice")
      let text = LiveSessionTests.text(late.video, "p\(client)") ?? ""
      let step = Int(text.split(separator: "-").last ?? "") ?? -1
      if let last = acks.max() {
        #expect(step >= last, "editor \(client): acknowledged edit \(last) is missing (\(text))")
      }
      guard client < editors - 1 else { continue }
      #expect(
        launched[client].0.terminationStatus == 0, "editor \(client) failed: \(lines.suffix(40))")
      #expect(acks.sorted() == Array(0..<edits), "editor \(client) acknowledged \(acks.count)")
      #expect(step == edits - 1)
      let final = lines.first { $0.hasPrefix("final ") }.flatMap {
        Data(base64Encoded: String($0.dropFirst(6)))
      }
      #expect(final == head, "editor \(client) holds other bytes than the head")
      let caughtUp = lines.first { $0.hasPrefix("caught up in ") }.flatMap {
        Int($0.dropFirst("caught up in ".count).prefix { $0.isNumber })
      }
      #expect(
        (caughtUp ?? .max) < 1000,
        "editor \(client) agreed with the head \(caughtUp ?? -1) ms later")
    }
    try Self.checkSharedTitle(output.map(\.all), editors: editors)
  }

  /// Each acknowledged edit of an editor's lines: its step and its place in the log.
  static func acknowledged(_ lines: [String]) -> [(step: Int, sequence: Int64)] {
    lines.compactMap { line in
      let parts = line.split(separator: " ")
      guard parts.count == 3, parts[0] == "ack", let step = Int(parts[1]),
        let sequence = Int64(parts[2])
      else { return nil }
      return (step, sequence)
    }
  }

  /// Two editors' edits of the shared title cross when the later in the log was made on a log
  /// without the earlier: the later wins, and the editor of the earlier must have been told
  /// (a `lost` line with its value). Checked for every editor that lived to the end. Of an
  /// editor's edits squashed into one log entry, the last one's value is the entry's.
  static func checkSharedTitle(_ output: [[String]], editors: Int) throws {
    var shared: [(client: Int, step: Int, sequence: Int64, base: Int64)] = []
    for (client, lines) in output.enumerated() {
      let places = Dictionary(acknowledged(lines).map { ($0.step, $0.sequence) }) { $1 }
      var entries: [Int64: (step: Int, base: Int64)] = [:]
      for line in lines {
        let parts = line.split(separator: " ")
        guard parts.count == 3, parts[0] == "shared", let step = Int(parts[1]),
          let base = Int64(parts[2]), let sequence = places[step]
        else { continue }
        if entries[sequence].map({ $0.step < step }) ?? true { entries[sequence] = (step, base) }
      }
      for (sequence, entry) in entries { shared.append((client, entry.step, sequence, entry.base)) }
    }
    var owed = 0
    for lost in shared where lost.client < editors - 1 {
      let crossed = shared.contains {
        $0.client != lost.client && $0.sequence > lost.sequence && $0.base < lost.sequence
      }
      guard crossed else { continue }
      owed += 1
      let told = output[lost.client].contains {
        $0.hasPrefix("lost ") && $0.contains("S\(lost.client):\(lost.step);")
      }
      let place = "step \(lost.step), log \(lost.sequence)"
      #expect(told, "editor \(lost.client)'s shared title (\(place)) was replaced, untold")
    }
    #expect(shared.count > editors, "the editors' shared edits were acknowledged")
    #expect(owed > 0, "some edits of the shared title crossed")
  }
}
