import Foundation
import KadrLibraryPostgres
import KadrPersistence
import KadrProjectLibrary
import PostgresClient

// A client of the PostgreSQL store, for the tests that run several processes at once:
//
//   PostgresStoreProbe saves CONNECTION SCHEMA PROJECT CLIENT COUNT
//     opens the project and saves it COUNT times, each time setting the text of the title
//     whose clip id is "p<CLIENT>" to "p<CLIENT>-<n>" (reopening after each save, as an editor
//     does); prints {"saved": …, "conflicts": …} on standard output.
//   PostgresStoreProbe keeps CONNECTION SCHEMA PROJECT CLIENT COUNT [shared]
//     opens the project once and then, as an editor does, keeps editing the composition it
//     holds: COUNT times sets the text of its title "p<CLIENT>" (with `shared`, of title "p0",
//     which every client edits) to "p<CLIENT>-<n>" and saves, never reopening (after a conflict
//     it reopens, as a person resolving it would); prints {"saved", "conflicts", "last",
//     "conflictsWithoutValues"}: "last" is the step of its last acknowledged save (-1 if none).
//   PostgresStoreProbe live CONNECTION SCHEMA PROJECT CLIENT COUNT FLAG
//     joins the project's live session as "editor CLIENT" and commits COUNT edits, each setting
//     the text of its title "p<CLIENT>" to "p<CLIENT>-<n>" (a few ms apart), printing
//     "ack <n>" the moment edit n is acknowledged and "done" once all are; then, once the file
//     FLAG exists (every editor is done) and the session has taken in the whole log, how long
//     that took, "final <document>" (its canonical bytes, base64) and "conflicts <count>".
//   PostgresStoreProbe hold CONNECTION SCHEMA PROJECT
//     does what a save does up to its commit (locks the project's row, writes the next
//     revision), prints "holding" and waits to be killed: a client that dies mid-save.

/// The tests' metadata (`ContractMetadata`'s shape): a note and a zoom.
struct ProbeMetadata: ProjectMetadata {
  static let version = 1
  var note: String
  var zoom: Double
}

/// The composition with title `client` set to `text`.
func edited(_ video: Video, client: Int, text: String) -> Video {
  var clips = video.clips
  if let index = clips.firstIndex(where: { ($0 as? TitleSequence)?.clipID == ClipID("p\(client)") })
  {
    clips[index] = TitleSequence(text, duration: 1).id(ClipID("p\(client)"))
  }
  return Video(clips: clips)
}

/// The `keeps` client: edits the composition it holds and saves, again and again.
func keepEditing(
  _ store: PostgresProjectStore<ProbeMetadata>, project: ProjectID, client: Int, count: Int,
  shared: Bool
) throws {
  var video = try store.open(project).video
  var saved = 0
  var conflicts = 0
  var last = -1
  var withoutValues = 0
  for step in 0..<count {
    video = edited(video, client: shared ? 0 : client, text: "p\(client)-\(step)")
    do {
      try store.save(video, metadata: ProbeMetadata(note: "shared", zoom: 1), for: project)
      saved += 1
      last = step
    } catch PostgresProjectStoreError.conflict(_, _, let found) {
      conflicts += 1
      withoutValues += found.filter { $0.base == nil || $0.ours == nil || $0.theirs == nil }.count
      video = try store.open(project).video
    }
  }
  FileHandle.standardOutput.write(
    Data(
      #"{"saved": \#(saved), "conflicts": \#(conflicts), "last": \#(last), "conflictsWithoutValues": \#(withoutValues)}"#
        .utf8 + [10]))
}

/// Writes a line on standard output at once (a test reads it as it comes).
func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// The `live` client: edits in a live session, saying each acknowledgement as it comes.
func liveEditing(
  _ store: PostgresProjectStore<ProbeMetadata>, connection: String, schema: String,
  project: ProjectID, client: Int, count: Int, flag: String, shared: ClipID
) throws {
  let session = try store.joinLiveSession(project, editor: "editor \(client)")
  let conflicts = LockedCount()
  let done = DispatchSemaphore(value: 0)
  Task.detached {
    var acknowledged: Int64 = 0
    for await update in session.updates {
      // Acknowledging edit n acknowledges every edit before it (edits squashed into one, before
      // a rebase, share its place in the log). Edit n is step n - 1.
      if case .acknowledged(let edit, let sequence) = update.cause, edit > acknowledged {
        for number in (acknowledged + 1)...edit { say("ack \(number - 1) \(sequence)") }
        acknowledged = edit
      }
      conflicts.add(update.conflicts.count)
      for conflict in update.conflicts { say("lost \(conflict.yours)") }
      if case .skipped(let sequence, let reason) = update.cause {
        say("skipped \(sequence): \(reason)")
      }
      if case .rejected(let edits, let sequence, let reason) = update.cause {
        say("rejected \(edits.lowerBound)...\(edits.upperBound) at \(sequence): \(reason)")
      }
    }
    done.signal()
  }
  let own = ClipID("p\(client)")
  let title = { (id: ClipID, text: String) in TitleSequence(text, duration: 1).id(id) }
  for step in 0..<count {
    if step % 3 == 0 {
      // Every third edit also retitles the clip all editors share, as one edit: these cross.
      try session.commit { video in
        try video.replacingClip(id: own, with: title(own, "p\(client)-\(step)"))
          .replacingClip(id: shared, with: title(shared, "S\(client):\(step);"))
      }
      // The log position it was made on is at most this (read after, never under).
      say("shared \(step) \(session.sequence)")
    } else {
      try session.commitClip(id: own, as: TitleSequence.self) { _ in
        title(own, "p\(client)-\(step)")
      }
    }
    Thread.sleep(forTimeInterval: Double.random(in: 0.005...0.03))
  }
  try session.waitUntilAcknowledged(timeout: .seconds(60))
  say("done")
  // Every editor is done once the test makes `flag`; then the whole log: the head's length,
  // read until the session holds it.
  let waitUntil = Date().addingTimeInterval(90)
  while !FileManager.default.fileExists(atPath: flag), Date() < waitUntil {
    Thread.sleep(forTimeInterval: 0.02)
  }
  let admin = try PostgresConnection(connectionString: connection)
  let deadline = Date().addingTimeInterval(30)
  while Date() < deadline {
    let length =
      try admin.query(
        "SELECT sequence FROM \(schema).live_heads WHERE project = $1::uuid",
        [.string(project.rawValue)]
      ).first?.int64(0) ?? 0
    if session.sequence >= length { break }
    Thread.sleep(forTimeInterval: 0.05)
  }
  admin.close()
  say("caught up in \(Int(Date().timeIntervalSince(deadline.addingTimeInterval(-30)) * 1000)) ms")
  say(
    "final "
      + (try KadrDocument(json: KadrCoder().encode(session.video).json).data())
      .base64EncodedString())
  say("conflicts \(conflicts.value)")
  session.leave()
  done.wait()
}

/// A count several tasks add to.
final class LockedCount: @unchecked Sendable {
  // @unchecked Sendable: `count` is read and written only under `lock`.
  private let lock = NSLock()
  private var count = 0
  func add(_ value: Int) { lock.withLock { count += value } }
  var value: Int { lock.withLock { count } }
}

let arguments = CommandLine.arguments
guard arguments.count >= 5, let project = ProjectID(rawValue: arguments[4]) else {
  FileHandle.standardError.write(Data("usage: PostgresStoreProbe saves|hold …\n".utf8))
  exit(2)
}
let store = try PostgresProjectStore<ProbeMetadata>(
  connectionString: arguments[2], schema: arguments[3])
switch arguments[1] {
case "saves":
  guard arguments.count == 7, let client = Int(arguments[5]), let count = Int(arguments[6]) else {
    exit(2)
  }
  var saved = 0
  var conflicts = 0
  var video = try store.open(project).video
  for step in 0..<count {
    do {
      try store.save(
        edited(video, client: client, text: "p\(client)-\(step)"),
        // One note for all: a note per client would be one member changed by many, a real
        // conflict the store reports.
        metadata: ProbeMetadata(note: "shared", zoom: 1), for: project)
      saved += 1
    } catch PostgresProjectStoreError.conflict {
      conflicts += 1
    }
    video = try store.open(project).video
  }
  FileHandle.standardOutput.write(
    Data(#"{"saved": \#(saved), "conflicts": \#(conflicts)}"#.utf8 + [10]))
case "keeps":
  guard arguments.count >= 7, let client = Int(arguments[5]), let count = Int(arguments[6]) else {
    exit(2)
  }
  try keepEditing(
    store, project: project, client: client, count: count, shared: arguments.count > 7)
case "live":
  guard arguments.count == 9, let client = Int(arguments[5]), let count = Int(arguments[6]) else {
    exit(2)
  }
  try liveEditing(
    store, connection: arguments[2], schema: arguments[3], project: project, client: client,
    count: count, flag: arguments[7], shared: ClipID(arguments[8]))
case "hold":
  let connection = try PostgresConnection(connectionString: arguments[2])
  let schema = arguments[3]
  try connection.execute("BEGIN")
  let head =
    try connection.query(
      "SELECT revision FROM \(schema).projects WHERE id = $1::uuid FOR UPDATE",
      [.string(project.rawValue)]
    ).first?.int64(0) ?? 0
  try connection.query(
    "INSERT INTO \(schema).revisions SELECT project, $2, saved, document, metadata_version, "
      + "metadata, clips, duration_value, duration_timescale, schema, kinds FROM "
      + "\(schema).revisions WHERE project = $1::uuid AND revision = $3",
    [.string(project.rawValue), .int(head + 1), .int(head)])
  FileHandle.standardOutput.write(Data("holding\n".utf8))
  while true { sleep(1) }
default:
  exit(2)
}
