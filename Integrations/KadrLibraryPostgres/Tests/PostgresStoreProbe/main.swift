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
