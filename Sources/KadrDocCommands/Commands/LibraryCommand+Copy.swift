import Foundation
import KadrInterchange
import KadrPersistence
import KadrProjectLibrary

/// `kadr-doc library copy --from SRC --to DST`: every project of one store into another under
/// its own id, store to store (``ProjectStore/copyProject(_:to:includingHistory:)``).
///
/// Each project is one import, so a run killed at any point leaves the destination with whole
/// projects only, and the next run skips the projects already there (by id) and copies the rest.
extension LibraryCommand {
  /// What happened to one project.
  enum CopyOutcome: String {
    case copied, wouldCopy, alreadyThere, failed
  }

  static func copy(_ arguments: ParsedArguments, console: Console) -> Int32 {
    guard let from = arguments.value("--from"), let to = arguments.value("--to") else {
      console.err("kadr-doc library: copy needs --from SRC and --to DST.")
      return ExitCode.usage
    }
    guard arguments.positionals.count == 1 else {
      console.err("kadr-doc library: copy takes its stores as --from and --to, not as DIR.")
      return ExitCode.usage
    }
    let dryRun = arguments.has("--dry-run")
    let json = arguments.has("--json")
    let source: any ProjectStore<OpaqueMetadata>
    // The bucket is the images' of whichever side is a PostgreSQL store (a folder has none).
    let bucket = arguments.value("--images-bucket")
    switch LibraryStores.open(
      from, schema: arguments.value("--from-schema"),
      imagesBucket: isFolder(from) ? nil : bucket, console: console)
    {
    case .opened(let opened): source = opened
    case .exit(let status): return status
    }
    // A new folder library is made for a copy (and taken as empty by a dry run).
    var destination: (any ProjectStore<OpaqueMetadata>)?
    if !(dryRun && isNewFolder(to)) {
      if !dryRun, isNewFolder(to), let status = LibraryStores.makeFolder(to, console: console) {
        return status
      }
      switch LibraryStores.open(
        to, schema: arguments.value("--to-schema"), imagesBucket: isFolder(to) ? nil : bucket,
        console: console)
      {
      case .opened(let opened): destination = opened
      case .exit(let status): return status
      }
    }
    var progress = StepProgress(total: 0, console: console)
    do {
      let listing = try source.list()
      let present = Set(try destination?.list().projects.map(\.id) ?? [])
        .union(try destination?.trashed().projects.map(\.id) ?? [])
      let projects = listing.projects.sorted { $0.id.rawValue < $1.id.rawValue }
      var counts: [CopyOutcome: Int] = [:]
      progress = StepProgress(total: projects.count, console: console)
      for (index, project) in projects.enumerated() {
        progress.show(step: index + 1, text: project.name)
        var outcome = CopyOutcome.copied
        var failure: String?
        if present.contains(project.id) {
          outcome = .alreadyThere
        } else if dryRun {
          outcome = .wouldCopy
        } else if let destination {
          do {
            // Store to store, with no package: a history past a package's limits copies too.
            try source.copyProject(project.id, to: destination)
          } catch ProjectLibraryError.projectExists {
            outcome = .alreadyThere  // another process copied it since the listing
          } catch {
            outcome = .failed
            failure = describe(error)
          }
        }
        counts[outcome, default: 0] += 1
        progress.clear()
        report(project, outcome, failure, json: json, console: console)
      }
      progress.clear()
      let skipped = listing.skipped.count
      // A destination without history takes each project's last save alone.
      let historyDropped =
        source.keepsRevisionHistory && destination?.keepsRevisionHistory != true
      if json {
        var summary = JSONObject()
        for outcome in [CopyOutcome.copied, .wouldCopy, .alreadyThere, .failed] {
          summary[outcome.rawValue] = .integer(Int64(counts[outcome] ?? 0))
        }
        summary["unreadable"] = .integer(Int64(skipped))
        summary["historyKept"] = .bool(!historyDropped)
        console.outJSON(JSONText.compact(.object(["summary": .object(summary)])))
      } else {
        let verb =
          dryRun ? "would copy \(counts[.wouldCopy] ?? 0)" : "copied \(counts[.copied] ?? 0)"
        console.out(
          "\(verb), \(counts[.alreadyThere] ?? 0) already there, \(counts[.failed] ?? 0) failed, "
            + "\(skipped) unreadable in the source (not copied; `kadr-doc library check` says why)")
        if historyDropped {
          console.out(
            "revision history not copied: the destination keeps each project's last save only")
        }
      }
      return (counts[.failed] ?? 0) > 0 || skipped > 0 ? ExitCode.failure : ExitCode.ok
    } catch {
      progress.clear()
      console.err("kadr-doc library: \(describe(error))")
      return ExitCode.failure
    }
  }

  /// One line per project: JSON Lines with `--json`, else a sentence.
  private static func report(
    _ project: ProjectSummary<OpaqueMetadata>, _ outcome: CopyOutcome, _ failure: String?,
    json: Bool, console: Console
  ) {
    if json {
      var object = JSONObject()
      object["id"] = .string(project.id.rawValue)
      object["name"] = .string(project.name)
      object["outcome"] = .string(outcome.rawValue)
      if let failure { object["error"] = .string(failure) }
      console.outJSON(JSONText.compact(.object(object)))
      return
    }
    let name = TerminalText.escaped(project.name, keepingNewlines: false)
    switch outcome {
    case .copied: console.out("copied \(project.id)  \(name)")
    case .wouldCopy: console.out("would copy \(project.id)  \(name)")
    case .alreadyThere: console.out("already there \(project.id)  \(name)")
    case .failed: console.out("failed \(project.id)  \(name): \(failure ?? "")")
    }
  }

  /// Whether `location` names a folder (it has no scheme, or is an existing path).
  private static func isFolder(_ location: String) -> Bool {
    LibraryStoreKind.scheme(of: location) == nil || FileManager.default.fileExists(atPath: location)
  }

  /// Whether `location` is a path to nothing or to an empty folder (not a store's URI).
  private static func isNewFolder(_ location: String) -> Bool {
    if LibraryStoreKind.scheme(of: location) != nil
      && !FileManager.default.fileExists(atPath: location)
    {
      return false
    }
    guard FileManager.default.fileExists(atPath: location) else { return true }
    return (try? FileManager.default.contentsOfDirectory(atPath: location))?.isEmpty == true
  }
}

/// `[step/total] text` on standard error, redrawn in place on a terminal at most ten times a
/// second; nothing in a pipe, where the per-project lines say the same.
struct StepProgress {
  private let total: Int
  private let console: Console
  private var lastDrawn: ContinuousClock.Instant?
  private var shown = false

  init(total: Int, console: Console) {
    self.total = total
    self.console = console
  }

  mutating func show(step: Int, text: String) {
    guard console.isTerminal else { return }
    let now = ContinuousClock.now
    if let lastDrawn, now - lastDrawn < .milliseconds(100), step < total { return }
    lastDrawn = now
    shown = true
    let name = TerminalText.escaped(
      text.count > 50 ? String(text.prefix(49)) + "…" : text, keepingNewlines: false)
    StandardStreams.write(
      Data("\r\u{1B}[K[\(step)/\(total)] \(name)".utf8), to: StandardStreams.error)
  }

  mutating func clear() {
    guard shown else { return }
    shown = false
    StandardStreams.write(Data("\r\u{1B}[K".utf8), to: StandardStreams.error)
  }
}
