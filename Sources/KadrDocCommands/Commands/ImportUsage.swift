import Foundation
import KadrPersistence

/// The option and input rules `import-otio` and `import-fcpxml` share: which options fit
/// together, where a bundle's document is read from, and what `--all` names its documents.
enum ImportUsage {
  /// `nil` when the options fit together and `--images` (if given) names a usable store,
  /// which goes to `images`; else the exit status, after saying why.
  ///
  /// `--all` writes one document per timeline into the directory `-o` names, so it needs `-o`
  /// and takes no single choice; `--json` prints the report on standard output, so the
  /// document needs `-o` (unless `--list` only lists).
  ///
  /// - Parameters:
  ///   - arguments: The command's arguments.
  ///   - command: The command's name, for the message.
  ///   - selector: The option that chooses one timeline (`--timeline`, `--project`).
  ///   - unit: What the file holds several of ("timeline", "project").
  ///   - images: Set to the store `--images` names, `nil` without it.
  ///   - console: Where the reason goes.
  static func refusal(
    _ arguments: ParsedArguments, command: String, selector: String, unit: String,
    images: inout (any ImageStore)?, console: Console
  ) -> Int32? {
    let all = arguments.has("--all")
    let output = arguments.value("--output")
    if all, output == nil {
      console.err(
        "kadr-doc \(command): --all writes one document per \(unit) into a directory; name it "
          + "with -o DIR")
    } else if all, arguments.value(selector) != nil {
      console.err(
        "kadr-doc \(command): --all imports every \(unit); leave out \(selector), or leave out "
          + "--all to import the one it names")
    } else if arguments.has("--json"), output == nil, !arguments.has("--list") {
      console.err("kadr-doc \(command): --json prints the report; give -o OUT for the document")
    } else {
      guard let requested = ImageStores.requested(by: arguments, console: console, otherwise: nil)
      else { return ExitCode.failure }
      images = requested
      return nil
    }
    return ExitCode.usage
  }

  /// The bytes of `file` under its format's own size limit: standard input for `-`; for a
  /// directory with a `main` file (a bundle, such as an `.fcpxmld`), that file; the file itself
  /// otherwise. More than `maximumBytes` is refused, a file from its size before it is read.
  /// (An OpenTimelineIO bundle is opened by its importer, under the same limit.)
  ///
  /// - Parameters:
  ///   - file: The path given, or `-`.
  ///   - main: The document's name inside a bundle directory (`Info.fcpxml`), if the format has
  ///     such bundles.
  ///   - maximumBytes: The format's limit: the importer's own.
  /// - Throws: `PersistenceError` when the file cannot be read or is too large.
  static func read(_ file: String, bundleMain main: String?, maximumBytes: Int) throws -> Data {
    guard file != "-" else { return try Input.read(file, maximumBytes: maximumBytes) }
    var url = URL(fileURLWithPath: file)
    var isDirectory: ObjCBool = false
    if let main, FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory),
      isDirectory.boolValue
    {
      url = url.appendingPathComponent(main)
    }
    return try Input.read(url.path, maximumBytes: maximumBytes)
  }

  /// The names `--all` gives its documents, without `.kadr.json`: `N-NAME`, N the timeline's or
  /// project's index and NAME its name made safe (``fileName(for:fallback:)``), made distinct
  /// where a case-insensitive file system would see one twice (``distinctFileNames(_:)``), so
  /// that no document leaves the directory, has too long a name or replaces another.
  ///
  /// - Parameters:
  ///   - entries: Each timeline's or project's index and name, in order.
  ///   - fallback: NAME when nothing of a name is left ("timeline", "project").
  static func documentNames(_ entries: [(index: Int, name: String)], fallback: String) -> [String] {
    distinctFileNames(entries.map { "\($0.index)-\(fileName(for: $0.name, fallback: fallback))" })
  }

  /// A timeline's or a project's name as part of a file name: letters, digits, `-` and `_`
  /// kept, every other run of characters one `-`, at most 48 characters; `fallback` when
  /// nothing is left.
  static func fileName(for name: String, fallback: String = "timeline") -> String {
    var result = ""
    for character in name {
      let isSafe =
        character.isASCII && (character.isLetter || character.isNumber || "-_".contains(character))
      if isSafe {
        result.append(character)
      } else if !result.isEmpty, result.last != "-" {
        result.append("-")
      }
      if result.count >= 48 { break }
    }
    while result.last == "-" { result.removeLast() }
    return result.isEmpty ? fallback : result
  }

  /// `names` made distinct where a case-insensitive, normalising file system (APFS) would see
  /// one name twice: a name whose folded form (canonical composition, lower case) an earlier
  /// one has gets `-2`, `-3`, … until its folded form is new.
  ///
  /// Kept here, self-contained, until the package has one rule for every name it derives from
  /// user text.
  static func distinctFileNames(_ names: [String]) -> [String] {
    func folded(_ name: String) -> String {
      name.precomposedStringWithCanonicalMapping.lowercased()
    }
    var taken = Set<String>()
    return names.map { name in
      var candidate = name
      var suffix = 1
      while taken.contains(folded(candidate)) {
        suffix += 1
        candidate = "\(name)-\(suffix)"
      }
      taken.insert(folded(candidate))
      return candidate
    }
  }
}
