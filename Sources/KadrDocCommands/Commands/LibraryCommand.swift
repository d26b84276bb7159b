import Foundation
import KadrInterchange
import KadrPersistence
import KadrProjectLibrary

/// `kadr-doc library list|check|gc|export|import|watch DIR|--store LOCATION`: a project library, read
/// without the app's types, in a folder or in a store another executable brings (PostgreSQL).
enum LibraryCommand: Command {
  static let name = "library"
  static let summary =
    "make, list, check, collect the images of, export, import, copy or watch a library"
  static let synopsis = """
    usage: kadr-doc library init [DIR] [--store LOCATION] [--schema NAME] [--images-bucket NAME]
           kadr-doc library list [DIR] [--store LOCATION] [--schema NAME] [--json] [--metadata-version N]
           kadr-doc library check [DIR] [--store LOCATION] [--schema NAME] [--images-bucket NAME] [--json] [--metadata-version N]
           kadr-doc library gc [DIR] [--store LOCATION] [--schema NAME] [--images-bucket NAME] [--dry-run]
           kadr-doc library export [DIR] ID -o FILE [--store LOCATION] [--schema NAME] [--history]
           kadr-doc library import [DIR] FILE [--store LOCATION] [--schema NAME] [--identity copy|keep|replace|duplicate]
           kadr-doc library copy --from LOCATION --to LOCATION [--from-schema NAME] [--to-schema NAME] [--images-bucket NAME] [--dry-run] [--json]
           kadr-doc library watch ID --store LOCATION [--schema NAME] [--json] [--edits N]

    Reads a project library (a directory written by KadrProjectLibrary, or a PostgreSQL store)
    without the app that wrote it: the library's own fields (name, dates) and, opaque, the app's
    metadata.
      init    makes a new, empty library: a folder (new or empty), or a PostgreSQL store's tables
              in its schema; a library already there is left as it is. The only action that
              makes a store: every other refuses a location that holds none
      list    the projects, most recently changed first, and every project that cannot be
              opened, with the reason, the file and what the user can do
      check   as list, and opens every document with its images; exit 1 if any is skipped
      gc      deletes the shared images no project, trashed project or autosave refers to;
              refuses (exit 1, nothing deleted) when a project file cannot be read
      export  writes the project ID as a project package (.kadrproject): one zip with its
              document, metadata, thumbnail and images, the same bytes for the same project
      import  adds the project of a package, checked whole first (a damaged or hostile package
              is refused and nothing is written); prints the new project's id
      copy    copies every project of one library into another (folder or PostgreSQL, either
              way; a new folder is made a library), keeping ids, dates and metadata, and from
              PostgreSQL to PostgreSQL every revision (a folder keeps the last save only; the
              summary says so). A project whose id the destination has is skipped, so a
              second run copies nothing and a run that was stopped finishes on the next. One
              line per project, then a summary; exit 1 if a project failed or the source has
              unreadable ones
      watch   prints each edit committed to the live session of the project ID as it commits
              (PostgreSQL): its place in the log, the editor and what it changed, a line each,
              or one JSON object per edit (JSON Lines) with --json; runs until interrupted, or
              until --edits N have been printed

    The tool does not know which metadata version the app writes: give it with
    --metadata-version to list projects written by a newer app as skipped.

    A PostgreSQL store is a libpq URI (postgres://USER@HOST/DATABASE?sslmode=verify-full) or
    postgres: followed by a libpq connection string (postgres:host=db dbname=projects); a bare
    postgres: takes everything from PGHOST, PGDATABASE, PGUSER, PGSSLMODE, … as psql does.
    It is opened by kadr-doc-postgres (Integrations/KadrLibraryPostgres), which kadr-doc runs
    when it is installed beside kadr-doc or on PATH. Its tables are in the schema --schema
    names (for a copy, --from-schema and --to-schema), else KADR_POSTGRES_SCHEMA, else kadr.
    Only init creates a store.

    A PostgreSQL store keeps its images in an S3 bucket (Amazon S3, R2, B2, MinIO, SeaweedFS)
    when --images-bucket or KADR_IMAGES_BUCKET names one: new images go there, the database
    keeps their tokens, and a copy from a folder moves the folder's images into the bucket;
    check names every image a project uses that the bucket lacks, and gc deletes the objects
    no project uses after a grace period (KADR_IMAGES_GRACE_SECONDS, default 3600). Object
    keys start with KADR_IMAGES_PREFIX (default images/); credentials, region and endpoint
    are read as the AWS CLI reads them (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY,
    AWS_SESSION_TOKEN, AWS_PROFILE, AWS_REGION, AWS_ENDPOINT_URL_S3, ~/.aws/credentials). A
    key that may write proves at start that the server honours conditional writes; a
    read-only key serves list, check and export.
    """
  static let options = [
    CommandOption(
      ["--store"], value: "LOCATION",
      help: """
        the library instead of DIR: a directory or a PostgreSQL store;
        without either, KADR_LIBRARY_STORE holds it (keep passwords
        there or in ~/.pgpass, not on the command line)
        """),
    CommandOption(
      ["--json"],
      help: """
        print one JSON object on standard output (list, check), or one
        per project and a summary (copy) or one per edit (watch), as
        JSON Lines
        """),
    CommandOption(
      ["--schema"], value: "NAME",
      help: """
        the PostgreSQL schema of the store (default KADR_POSTGRES_SCHEMA,
        else kadr)
        """),
    CommandOption(["--from-schema"], value: "NAME", help: "the schema of the store copy reads"),
    CommandOption(["--to-schema"], value: "NAME", help: "the schema of the store copy writes"),
    CommandOption(
      ["--images-bucket"], value: "NAME",
      help: """
        the S3 bucket of a PostgreSQL store's images (default
        KADR_IMAGES_BUCKET; none keeps them in the database)
        """),
    CommandOption(
      ["--metadata-version"], value: "N",
      help: "the app's metadata version; newer projects are skipped"),
    CommandOption(
      ["--dry-run"], help: "print what gc would delete or copy would copy, and change nothing"),
    CommandOption(
      ["--from"], value: "LOCATION",
      help: "the library copy reads: a directory or a PostgreSQL store"),
    CommandOption(
      ["--to"], value: "LOCATION",
      help: "the library copy writes: a directory or a PostgreSQL store"),
    CommandOption(
      ["--output", "-o"], value: "FILE",
      help: "the package export writes (replaced atomically if it exists)"),
    CommandOption(
      ["--history"],
      help: """
        export includes the project's earlier revisions, when the store
        keeps them (PostgreSQL); a folder library keeps the last save
        """),
    CommandOption(
      ["--identity"], value: "WHICH",
      help: """
        import as a copy under a new id (copy, the default), or under the
        package's id: keep refuses when the id is taken, replace saves
        over that project, duplicate imports a copy then
        """),
    CommandOption(
      ["--edits"], value: "N", help: "watch stops after N edits (default: when interrupted)"),
  ]
  static let positionals = 1...3

  /// The variable that holds the library when neither DIR nor `--store` is given.
  static let storeVariable = "KADR_LIBRARY_STORE"

  static func run(_ arguments: ParsedArguments, console: Console) -> Int32 {
    let action = arguments.positionals[0]
    let flagsAllowed: Set<String> =
      switch action {
      case "init": ["--schema", "--images-bucket"]
      case "gc": ["--dry-run", "--schema", "--images-bucket"]
      case "export": ["--output", "--history", "--schema", "--images-bucket"]
      case "import": ["--identity", "--schema", "--images-bucket"]
      case "watch": ["--json", "--edits", "--schema", "--images-bucket"]
      case "copy":
        [
          "--dry-run", "--json", "--from", "--to", "--from-schema", "--to-schema",
          "--images-bucket",
        ]
      default: ["--json", "--metadata-version", "--schema", "--images-bucket"]
      }
    guard ["init", "list", "check", "gc", "export", "import", "copy", "watch"].contains(action)
    else {
      console.err(
        "kadr-doc library: unknown action '\(action)'; use init, list, check, gc, export, "
          + "import, copy or watch.")
      return ExitCode.usage
    }
    let given =
      ["--json", "--dry-run"].filter(arguments.has)
      + [
        "--metadata-version", "--output", "--identity", "--from", "--to", "--store", "--schema",
        "--from-schema", "--to-schema", "--images-bucket", "--edits",
      ].filter { arguments.value($0) != nil }
    for flag in given where !flagsAllowed.contains(flag) && flag != "--store" {
      console.err("kadr-doc library: \(flag) does not apply to \(action).")
      return ExitCode.usage
    }
    if action == "copy" {
      guard arguments.value("--store") == nil else {
        console.err("kadr-doc library: copy takes its stores as --from and --to, not --store.")
        return ExitCode.usage
      }
      return copy(arguments, console: console)
    }
    var appVersion: Int?
    if let text = arguments.value("--metadata-version") {
      guard let version = Int(text) else {
        console.err("kadr-doc library: --metadata-version needs a whole number, not '\(text)'.")
        return ExitCode.usage
      }
      appVersion = version
    }
    var edits: Int?
    if let text = arguments.value("--edits") {
      guard let count = Int(text), count > 0 else {
        console.err("kadr-doc library: --edits needs a whole number above 0, not '\(text)'.")
        return ExitCode.usage
      }
      edits = count
    }
    // export, import and watch take one operand (ID, FILE) after the optional DIR.
    var operands = Array(arguments.positionals.dropFirst())
    var operand = ""
    if ["export", "import", "watch"].contains(action) {
      guard let last = operands.popLast() else {
        console.err(
          "kadr-doc library: \(action) needs the \(action == "import" ? "package FILE" : "project's ID")."
        )
        return ExitCode.usage
      }
      operand = last
    }
    guard operands.count <= 1 else {
      console.err("kadr-doc library: \(action) takes one library, not \(operands.count).")
      return ExitCode.usage
    }
    let location: String
    switch (operands.first, arguments.value("--store")) {
    case (let path?, nil), (nil, let path?): location = path
    case (_?, _?):
      console.err("kadr-doc library: give the library as DIR or as --store, not both.")
      return ExitCode.usage
    case (nil, nil):
      guard let stored = ProcessInfo.processInfo.environment[storeVariable], !stored.isEmpty
      else {
        console.err(
          "kadr-doc library: missing the library: give DIR, --store LOCATION or "
            + "\(storeVariable).")
        return ExitCode.usage
      }
      location = stored
    }
    let store: any ProjectStore<OpaqueMetadata>
    switch LibraryStores.open(
      location, schema: arguments.value("--schema"), creating: action == "init",
      imagesBucket: arguments.value("--images-bucket"), console: console)
    {
    case .opened(let opened): store = opened
    case .exit(let status): return status
    }
    do {
      switch action {
      case "init":
        let count = try store.list().projects.count
        console.out(
          "\(location): a project library, ready (\(count == 1 ? "1 project" : "\(count) projects"))"
        )
        return ExitCode.ok
      case "gc":
        return try collect(store, dryRun: arguments.has("--dry-run"), console: console)
      case "export":
        return try export(
          store, id: operand, to: arguments.value("--output"),
          includingHistory: arguments.has("--history"), console: console)
      case "import":
        return try importPackage(
          into: store, from: operand, identity: arguments.value("--identity"), console: console)
      case "watch":
        return try watch(
          store, location: location, id: operand, json: arguments.has("--json"), edits: edits,
          console: console)
      default:
        var listing = try action == "check" ? store.check() : store.list()
        if let appVersion { listing = skippingNewer(than: appVersion, listing) }
        report(listing, json: arguments.has("--json"), console: console)
        return action == "check" && !listing.skipped.isEmpty ? ExitCode.failure : ExitCode.ok
      }
    } catch {
      console.err("kadr-doc library: \(describe(error))")
      return ExitCode.failure
    }
  }

  /// `listing` with the projects whose metadata is newer than `version` moved to the skipped.
  private static func skippingNewer(
    than version: Int, _ listing: ProjectListing<OpaqueMetadata>
  ) -> ProjectListing<OpaqueMetadata> {
    let newer = listing.projects.filter { $0.metadataVersion > version }
    let skipped = newer.map {
      SkippedProject(
        // A folder library's projects have a directory; the name alone stands in otherwise.
        id: $0.id, name: $0.name,
        file: ($0.directory ?? URL(fileURLWithPath: $0.id.rawValue, isDirectory: true))
          .appendingPathComponent("project.json"),
        reason: .newerMetadataVersion,
        detail: ProjectLibraryError.newerMetadataVersion(
          found: $0.metadataVersion, supported: version
        ).errorDescription ?? "", foundVersion: $0.metadataVersion, supportedVersion: version)
    }
    return ProjectListing(
      projects: listing.projects.filter { $0.metadataVersion <= version },
      skipped: listing.skipped + skipped)
  }

  private static func report(
    _ listing: ProjectListing<OpaqueMetadata>, json: Bool, console: Console
  ) {
    if json {
      var object = JSONObject()
      object["projects"] = .array(listing.projects.map(projectJSON))
      object["skipped"] = .array(listing.skipped.map(skippedJSON))
      console.outJSON(JSONText.compact(.object(object)))
      return
    }
    // Names, sentences and paths come from the library's files: one line each, whatever they
    // hold (a newline in a name must not fake a line of output).
    func line(_ text: String) -> String { TerminalText.escaped(text, keepingNewlines: false) }
    console.out("\(listing.projects.count) project(s), \(listing.skipped.count) skipped")
    for project in listing.projects {
      let autosave = project.hasAutosave ? "  (autosave to recover)" : ""
      var facts = ""
      if let clips = project.clipCount, let duration = project.duration {
        facts = "  \(clips) clip\(clips == 1 ? "" : "s") · \(Self.clock(duration))"
      }
      console.out(
        "  \(project.id)  \(date(project.modified))  \(line(project.name))\(facts)\(autosave)")
    }
    if !listing.skipped.isEmpty { console.out("skipped:") }
    for skipped in listing.skipped {
      console.out(
        "  \(line(skipped.id))  \(line(skipped.name ?? "(no name)"))  \(skipped.reason.rawValue)")
      console.out("    \(line(skipped.detail))")
      console.out("    file: \(line(skipped.file.path))")
      console.out("    can: \(skipped.remedies.map(\.rawValue).joined(separator: ", "))")
    }
  }

  private static func collect(
    _ store: any ProjectStore<OpaqueMetadata>, dryRun: Bool, console: Console
  ) throws -> Int32 {
    let collection = try store.collectImages(dryRun: dryRun)
    let verb = dryRun ? "would delete" : "deleted"
    console.out(
      "\(verb) \(collection.removed.count) image(s), kept \(collection.kept.count)")
    for token in collection.removed { console.out("  \(token)") }
    return ExitCode.ok
  }

  private static func projectJSON(_ project: ProjectSummary<OpaqueMetadata>) -> JSONValue {
    var object = JSONObject()
    object["id"] = .string(project.id.rawValue)
    object["name"] = .string(project.name)
    object["created"] = .string(date(project.created))
    object["modified"] = .string(date(project.modified))
    object["hasAutosave"] = .bool(project.hasAutosave)
    object["metadataVersion"] = .integer(Int64(project.metadataVersion))
    if let document = project.documentURL { object["document"] = .string(document.path) }
    if let clips = project.clipCount { object["clips"] = .integer(Int64(clips)) }
    if let duration = project.duration {
      object["duration"] = .object([
        "value": .integer(duration.value), "timescale": .integer(Int64(duration.timescale)),
      ])
    }
    object["app"] = project.metadata.value
    return .object(object)
  }

  private static func skippedJSON(_ skipped: SkippedProject) -> JSONValue {
    var object = JSONObject()
    object["id"] = .string(skipped.id)
    if let found = skipped.foundVersion { object["foundVersion"] = .integer(Int64(found)) }
    if let supported = skipped.supportedVersion {
      object["supportedVersion"] = .integer(Int64(supported))
    }
    if !skipped.unknownKinds.isEmpty {
      object["unknownKinds"] = .array(skipped.unknownKinds.map { .string($0) })
    }
    if let name = skipped.name { object["name"] = .string(name) }
    object["reason"] = .string(skipped.reason.rawValue)
    object["detail"] = .string(skipped.detail)
    object["file"] = .string(skipped.file.path)
    object["remedies"] = .array(skipped.remedies.map { .string($0.rawValue) })
    return .object(object)
  }

  /// A length as a clock: `0:45`, `12:05`, `1:02:09`.
  static func clock(_ duration: Time) -> String {
    let total = max(0, Int(duration.seconds.rounded()))
    let (hours, minutes, seconds) = (total / 3600, total / 60 % 60, total % 60)
    let tail = String(format: "%02d", seconds)
    return hours > 0
      ? "\(hours):\(String(format: "%02d", minutes)):\(tail)" : "\(minutes):\(tail)"
  }

  private static func date(_ date: Date) -> String {
    ISO8601DateFormatter().string(from: date)
  }

  static func describe(_ error: any Error) -> String {
    if let error = error as? PersistenceError { return error.debugDescription }
    // The developer's sentence (with paths and versions): a terminal user acts on files.
    guard let error = error as? any LocalizedError,
      let what = error.failureReason ?? error.errorDescription
    else {
      return "\(error)"
    }
    return [what, error.recoverySuggestion].compactMap { $0 }.joined(separator: " ")
  }
}
