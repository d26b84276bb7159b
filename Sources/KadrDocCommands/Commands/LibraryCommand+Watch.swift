import Foundation
import KadrPersistence
import KadrProjectLibrary

extension LibraryCommand {
  /// `library watch ID`: each edit committed to the project's live session, as it commits, a
  /// line each or one JSON object each.
  static func watch(
    _ store: any ProjectStore<OpaqueMetadata>, location: String, id text: String, json: Bool,
    edits: Int?, console: Console
  ) throws -> Int32 {
    guard let id = ProjectID(rawValue: text) else {
      console.err("kadr-doc library: '\(text)' is not a project id (a UUID, as list prints).")
      return ExitCode.usage
    }
    guard let live = store as? any LiveEditFollowing else {
      console.err(
        "kadr-doc library: \(location) is a folder library, which has no live sessions; "
          + "watch follows a PostgreSQL store (--store postgres://…).")
      return ExitCode.usage
    }
    let stream = try live.followLiveEdits(of: id)
    let done = DispatchSemaphore(value: 0)
    let outcome = WatchOutcome()
    let task = Task {
      var printed = 0
      do {
        for try await record in stream {
          print(record, json: json, console: console)
          printed += 1
          if let edits, printed >= edits { break }
        }
      } catch {
        outcome.set("kadr-doc library: \(describe(error))")
      }
      done.signal()
    }
    done.wait()
    task.cancel()
    if let failure = outcome.failure {
      console.err(failure)
      return ExitCode.failure
    }
    return ExitCode.ok
  }

  /// One edit: `#12 Dana  changed  clip “Interview”: …`, its conflicts indented below.
  private static func print(_ record: LiveEditRecord, json: Bool, console: Console) {
    if json {
      var object = JSONObject()
      object["sequence"] = .integer(record.sequence)
      object["editor"] = .string(record.editor)
      object["changes"] = .array(record.changes.map(JSONValue.string))
      object["conflicts"] = .array(record.conflicts.map(JSONValue.string))
      console.outJSON(JSONText.compact(.object(object)))
      return
    }
    // The editor's name and the clips' names come from other people: one line each.
    func line(_ text: String) -> String { TerminalText.escaped(text, keepingNewlines: false) }
    let changes =
      record.changes.isEmpty
      ? "no visible change"
      : record.changes.map(line)
        .joined(separator: "; ")
    console.out("#\(record.sequence) \(line(record.editor)): \(changes)")
    for conflict in record.conflicts { console.out("    conflict: \(line(conflict))") }
  }
}

/// The error that ended a watch, set by the task that read the stream.
private final class WatchOutcome: @unchecked Sendable {
  // @unchecked Sendable: `message` is read and written only under `lock`.
  private let lock = NSLock()
  private var message: String?
  func set(_ text: String) { lock.withLock { message = text } }
  var failure: String? { lock.withLock { message } }
}
