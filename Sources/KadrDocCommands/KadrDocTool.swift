import Foundation
import KadrPersistence
import KadrProjectLibrary

/// The `kadr-doc` tool as a library, for an executable that runs its commands with more kinds
/// of project store than library folders.
///
/// The `kadr-doc` executable is `KadrDocTool.main()`. A package that brings a store of its own
/// to `kadr-doc library` makes an executable that names it, as the PostgreSQL package's
/// `kadr-doc-postgres` does:
///
/// ```swift
/// KadrDocTool.main(libraryStores: [postgreSQL])
/// ```
///
/// `kadr-doc` itself hands a `postgres://` store to `kadr-doc-postgres` when one is installed
/// beside it or on `PATH`, so both spellings work.
public enum KadrDocTool {
  /// Runs the tool on the process's command line and exits with its status.
  ///
  /// A file-size limit and a closed pipe become the clear errors of a failed write instead of
  /// killing the process (`SIGXFSZ` and `SIGPIPE` are ignored).
  ///
  /// - Parameter libraryStores: The stores `kadr-doc library --store` opens besides folders.
  public static func main(libraryStores: [LibraryStoreKind] = []) -> Never {
    // A file-size limit (`ulimit -f`) must give the clear "File too large" error of a failed
    // save, with the old file intact, instead of killing the tool outright with SIGXFSZ.
    _ = signal(SIGXFSZ, SIG_IGN)
    // A closed pipe must give the clear "cannot write standard output" error, not a silent
    // death.
    _ = signal(SIGPIPE, SIG_IGN)
    exit(run(Array(CommandLine.arguments.dropFirst()), libraryStores: libraryStores))
  }

  /// Runs the tool on `arguments` and returns its exit status: 0 ok, 1 invalid input or a
  /// failed check, 2 a usage error.
  ///
  /// - Parameters:
  ///   - arguments: The command line without the program's name (`["library", "list", …]`).
  ///   - libraryStores: The stores `kadr-doc library --store` opens besides folders.
  /// - Returns: The exit status.
  public static func run(_ arguments: [String], libraryStores: [LibraryStoreKind] = []) -> Int32 {
    ToolContext.$current.withValue(
      ToolContext(arguments: arguments, libraryStores: libraryStores)
    ) {
      KadrDoc.run(arguments, console: Console())
    }
  }
}

/// A kind of project store that `kadr-doc library --store LOCATION` opens, chosen by the
/// location's scheme (`postgres:` in `postgres://db.example.com/projects`).
public struct LibraryStoreKind: Sendable {
  /// What the store is called in messages ("PostgreSQL").
  public let name: String
  /// The location schemes it opens, lower-case, without the colon.
  public let schemes: [String]
  let open: Opener

  /// Opens the store at a location, with the codecs to read its documents with.
  public typealias Opener =
    @Sendable (_ location: String, _ registry: CodecRegistry) throws ->
    any ProjectStore<OpaqueMetadata>

  /// A store kind.
  ///
  /// - Parameters:
  ///   - name: What the store is called in messages.
  ///   - schemes: The location schemes it opens (`["postgres", "postgresql"]`).
  ///   - open: Opens the store at a location given to `--store` (with its scheme) with the
  ///     codecs to read its documents with. It throws, with a sentence for the user, when the
  ///     store cannot be reached or holds no library; it must never create one, since the tool
  ///     only reads and collects.
  public init(name: String, schemes: [String], open: @escaping Opener) {
    self.name = name
    self.schemes = schemes.map { $0.lowercased() }
    self.open = open
  }

  /// The scheme of `location` (`postgres` of `postgres://…` and of `postgres:host=db`), or
  /// `nil` when it has none and so names a folder.
  static func scheme(of location: String) -> String? {
    guard let colon = location.firstIndex(of: ":") else { return nil }
    let scheme = location[..<colon]
    guard let first = scheme.first, first.isASCII, first.isLetter,
      scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
    else { return nil }
    return scheme.lowercased()
  }
}

/// What one run of the tool was given: its arguments and the store kinds of its executable.
struct ToolContext: Sendable {
  var arguments: [String] = []
  var libraryStores: [LibraryStoreKind] = []

  @TaskLocal static var current = ToolContext()
}
