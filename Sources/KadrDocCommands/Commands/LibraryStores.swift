import Foundation
import KadrFileSystem
import KadrInterchange
import KadrPersistence
import KadrProjectLibrary

/// The library `kadr-doc library` was given, opened: a folder, a store of a kind this
/// executable was built with, or a PostgreSQL store, handed to `kadr-doc-postgres`.
enum LibraryStores {
  /// A store, or the status to exit with after saying why there is none.
  enum Outcome {
    case opened(any ProjectStore<OpaqueMetadata>)
    case exit(Int32)
  }

  /// The executables that open the stores of a scheme this one has no kind for: the PostgreSQL
  /// package's tool, which is `kadr-doc` built with libpq.
  static let tools = ["postgres": "kadr-doc-postgres", "postgresql": "kadr-doc-postgres"]

  /// Set in the environment of a tool a store was handed to, so that it never hands it on.
  static let handOffVariable = "KADR_DOC_HANDED_OFF"

  /// Opens the library at `location` for reading and collecting; sets it up only when
  /// `creating` (`library init`).
  ///
  /// - Parameters:
  ///   - location: A folder, or a store's location with its scheme.
  ///   - schema: The schema `--schema` (or a side of a copy) named, for a store that has them.
  ///   - creating: Whether to make a new folder library, or set a store up.
  ///   - imagesBucket: The bucket `--images-bucket` named, for a store that keeps images there.
  ///   - console: Where to say why there is no library.
  static func open(
    _ location: String, schema: String? = nil, creating: Bool = false,
    imagesBucket: String? = nil, console: Console
  ) -> Outcome {
    let registry = InterchangePlaceholderModule.standardRegistry
    guard let scheme = LibraryStoreKind.scheme(of: location),
      !FileManager.default.fileExists(atPath: location)
    else {
      guard schema == nil else {
        console.err(
          "kadr-doc library: \(location) is a folder, which has no schema; a schema option "
            + "names a PostgreSQL store's.")
        return .exit(ExitCode.usage)
      }
      guard imagesBucket == nil else {
        console.err(
          "kadr-doc library: \(location) is a folder, which keeps its images in its images "
            + "folder; --images-bucket names a PostgreSQL store's bucket.")
        return .exit(ExitCode.usage)
      }
      if creating, let status = makeFolder(location, console: console) { return .exit(status) }
      return folder(location, registry: registry, console: console)
    }
    if let kind = ToolContext.current.libraryStores.first(where: { $0.schemes.contains(scheme) }) {
      do {
        return .opened(
          try kind.open(
            LibraryStoreKind.Request(
              location: location, registry: registry, schema: schema, creating: creating,
              imagesBucket: imagesBucket)))
      } catch {
        console.err("kadr-doc library: \(LibraryCommand.describe(error))")
        return .exit(ExitCode.failure)
      }
    }
    guard let tool = tools[scheme] else {
      let known = Set(tools.keys).union(ToolContext.current.libraryStores.flatMap(\.schemes))
      console.err(
        "kadr-doc library: no store opens '\(scheme):' locations, and there is no such folder; "
          + "give a library folder or a store of "
          + known.sorted().map { "\($0):" }.joined(separator: ", ") + ".")
      return .exit(ExitCode.usage)
    }
    return .exit(handOff(to: tool, console: console))
  }

  /// Makes a new folder library at `path` (nothing there, or an empty folder); leaves a
  /// library that is there alone. Returns the status to exit with when it cannot.
  static func makeFolder(_ path: String, console: Console) -> Int32? {
    let directory = URL(fileURLWithPath: path)
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
      let isLibrary = FileManager.default.fileExists(
        atPath: directory.appendingPathComponent("projects").path)
      let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
      guard isDirectory.boolValue, isLibrary || entries.isEmpty else {
        console.err(
          "kadr-doc library: \(path) is \(isDirectory.boolValue ? "a folder of other files" : "a file"), "
            + "not a project library; give a new or empty folder to make one in.")
        return ExitCode.failure
      }
      if isLibrary { return nil }
    }
    do {
      _ = try ProjectLibrary<OpaqueMetadata>(
        directory: directory, registry: InterchangePlaceholderModule.standardRegistry)
      return nil
    } catch {
      console.err("kadr-doc library: \(LibraryCommand.describe(error))")
      return ExitCode.failure
    }
  }

  /// The folder library at `path`, when it is one (the tool never makes a library of a folder
  /// it was only asked to read).
  private static func folder(_ path: String, registry: CodecRegistry, console: Console)
    -> Outcome
  {
    let directory = URL(fileURLWithPath: path)
    var isDirectory: ObjCBool = false
    guard
      FileManager.default.fileExists(
        atPath: directory.appendingPathComponent("projects").path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      console.err(
        "kadr-doc library: \(path) is not a project library (it has no projects/ directory); "
          + "'kadr-doc library init \(path)' makes one.")
      return .exit(ExitCode.failure)
    }
    do {
      return .opened(
        try ProjectLibrary<OpaqueMetadata>(directory: directory, registry: registry))
    } catch {
      console.err("kadr-doc library: \(LibraryCommand.describe(error))")
      return .exit(ExitCode.failure)
    }
  }

  /// Runs `tool` in place of this process with the same arguments (as `git` runs its
  /// `git-NAME` commands): its output, errors and exit status are the command's. Returns only
  /// when it cannot be run, with the status to exit with.
  private static func handOff(to tool: String, console: Console) -> Int32 {
    guard ProcessInfo.processInfo.environment[handOffVariable] == nil else {
      console.err("kadr-doc library: \(tool) was run for this store but does not open it.")
      return ExitCode.failure
    }
    guard let path = find(tool) else {
      console.err(
        "kadr-doc library: PostgreSQL stores are opened by \(tool), which is neither beside "
          + "kadr-doc nor on PATH. Build it (it needs libpq) with 'swift build -c release "
          + "--package-path Integrations/KadrLibraryPostgres --product \(tool)' and put it on "
          + "PATH.")
      return ExitCode.failure
    }
    #if os(macOS) || os(Linux)
      SystemCall.setEnvironment(handOffVariable, "1")
      let reason = SystemCall.replaceProcess(
        with: path, arguments: [path] + ToolContext.current.arguments)
      console.err("kadr-doc library: cannot run \(path): \(reason).")
    #else
      // iOS, tvOS and visionOS run no other program (tvOS has no exec at all).
      console.err(
        "kadr-doc library: \(path) opens this store, but this platform cannot run another "
          + "program; open the store where \(tool) runs (macOS or Linux).")
    #endif
    return ExitCode.failure
  }

  /// The executable `name` beside this one, or else the first on `PATH`.
  private static func find(_ name: String) -> String? {
    var directories: [String] = []
    if let own = Bundle.main.executableURL?.resolvingSymlinksInPath() {
      directories.append(own.deletingLastPathComponent().path)
    }
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    directories += path.split(separator: ":").map(String.init)
    return directories.map { URL(fileURLWithPath: $0).appendingPathComponent(name).path }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }
}
