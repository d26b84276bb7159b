import Foundation
import KadrFileSystem
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
    // save, with the old file intact, instead of killing the tool outright with SIGXFSZ; a
    // closed pipe the clear "cannot write standard output" error, not a silent death.
    SystemCall.ignoreWriteSignals()
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

  /// What `kadr-doc library` asks of a store kind: the location, the codecs to read its
  /// documents with, the schema the command line named, and whether to set the store up.
  public struct Request: Sendable {
    /// The location given to `--store`, `--from` or `--to`, with its scheme.
    public let location: String
    /// The codecs to read the store's documents with.
    public let registry: CodecRegistry
    /// The schema named by `--schema`, `--from-schema` or `--to-schema`; `nil` when none was
    /// (the store kind's default applies, an environment variable say).
    public let schema: String?
    /// Whether the command is `library init`, the only one that may set a store up; every
    /// other command must find the store set up and never create one (a typo in a location
    /// must not make a new, empty store).
    public let creating: Bool
    /// The bucket named by `--images-bucket`, where a store that can keep its images in object
    /// storage keeps them; `nil` when none was (the store kind's default applies,
    /// `KADR_IMAGES_BUCKET` say).
    public let imagesBucket: String?
  }

  /// Opens (or, for `library init`, sets up and opens) the store a request names.
  public typealias Opener =
    @Sendable (_ request: Request) throws -> any ProjectStore<OpaqueMetadata>

  /// A store kind.
  ///
  /// - Parameters:
  ///   - name: What the store is called in messages.
  ///   - schemes: The location schemes it opens (`["postgres", "postgresql"]`).
  ///   - open: Opens the store a ``Request`` names. It throws, with a sentence for the user,
  ///     when the store cannot be reached or holds no library; it creates one only when the
  ///     request is ``Request/creating``.
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
