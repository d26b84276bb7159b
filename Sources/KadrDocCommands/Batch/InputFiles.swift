import Foundation
import KadrFileSystem
import KadrPersistence

/// The documents a command works on: files named on the command line, directories searched
/// (recursively) for `*.json` documents in name order, and lists of files (`--files-from`).
enum InputFiles {
  /// What a batch command works on: the files, and the entries it cannot name (a file name that
  /// is not UTF-8).
  struct Collected {
    var files: [String] = []
    var unusable: [Unusable] = []
    /// The project folders of project libraries met in directories: only their
    /// `document.json` is in ``files`` (`project.json` and the autosave slots are not
    /// documents; `kadr-doc library check` reads them).
    var libraryProjects: [String] = []
  }

  /// The names that make a directory a project folder of a project library.
  static let projectFolderNames: Set = ["document.json", "project.json"]

  /// An entry whose name is not UTF-8: its bytes, a readable stand-in and the error line.
  struct Unusable {
    /// The path's bytes as the file system has them.
    let bytes: [UInt8]
    /// The path with every byte that is not printable ASCII written as `\xNN` (lossy: a name
    /// may itself hold those four characters; ``bytes`` is exact).
    let shown: String
    /// What is wrong, for standard error.
    let line: String

    /// `bytes` as lower-case hexadecimal, two digits a byte.
    var hexadecimal: String { bytes.map { String(format: "%02x", $0) }.joined() }

    /// `bytes` with every byte that is not printable ASCII as `\xNN`.
    static func shown(_ bytes: some Sequence<UInt8>) -> String {
      bytes.map { byte in
        byte < 0x80 && byte >= 0x20 && byte != UInt8(ascii: "\\")
          ? String(UnicodeScalar(byte)) : String(format: "\\x%02x", byte)
      }.joined()
    }
  }

  /// Files as they are, directories expanded.
  static func expand(_ paths: [String]) -> Collected {
    var collected = Collected()
    for path in paths {
      var isDirectory: ObjCBool = false
      guard path != "-", FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
        isDirectory.boolValue
      else {
        collected.files.append(path)
        continue
      }
      var found = Collected()
      walk(path.hasSuffix("/") ? String(path.dropLast()) : path, into: &found)
      collected.files += found.files.sorted()
      collected.libraryProjects += found.libraryProjects.sorted()
      collected.unusable += found.unusable.sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) }
    }
    return collected
  }

  /// Adds the `*.json` entries under `directory` (not following links to directories), read
  /// with `readdir` so that a name that is not UTF-8 is seen as it is: Foundation would hand it
  /// back with replacement characters, a path that names nothing.
  private static func walk(_ directory: String, into found: inout Collected) {
    guard let stream = opendir(directory) else { return }
    var entries: [[UInt8]] = []
    while let entry = readdir(stream) {
      let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        Array(raw.prefix { $0 != 0 })
      }
      if bytes == Array(".".utf8) || bytes == Array("..".utf8) { continue }
      entries.append(bytes)
    }
    closedir(stream)
    // A project folder of a project library: its document is one; its metadata and autosave
    // slots are the library's own formats, not documents (each failed with 'Add "schema"').
    let names = Set(entries.compactMap { validUTF8($0) })
    if projectFolderNames.isSubset(of: names) {
      found.files.append(directory + "/" + "document.json")
      found.libraryProjects.append(directory)
      return
    }
    for bytes in entries {
      guard let name = validUTF8(bytes) else {
        let path = Array(directory.utf8) + [UInt8(ascii: "/")] + bytes
        let shown = Unusable.shown(path)
        found.unusable.append(
          Unusable(
            bytes: path, shown: shown,
            line: "\(shown): the file name is not UTF-8, so kadr-doc cannot name it; rename it to "
              + "check it"))
        continue
      }
      let path = directory + "/" + name
      guard let status = FileStatus(path, followingLinks: false) else { continue }
      if status.kind == .directory {
        walk(path, into: &found)
      } else if name.hasSuffix(".json") {
        found.files.append(path)
      }
    }
  }

  /// The files of a batch command: its positional arguments expanded, then the entries of
  /// `--files-from LIST` (`-` for standard input): one per line, or with `--null` separated by
  /// NUL bytes (as `find -print0` writes them); empty entries skipped. `nil` after saying why
  /// and setting `status`: 1 for a list that cannot be read or a directory without documents,
  /// 2 (usage) for no argument at all. Names that cannot be used are in
  /// ``Collected/unusable``, for the command to print and count as failed.
  static func collect(
    _ arguments: ParsedArguments, command: String, console: Console, status: inout Int32
  ) -> Collected? {
    status = ExitCode.failure
    var collected = Collected()
    for path in arguments.positionals {
      let expanded = expand([path])
      if expanded.files.isEmpty && expanded.unusable.isEmpty {
        console.err("kadr-doc \(command): no documents (*.json) found in \(path)")
        return nil
      }
      collected.files += expanded.files
      collected.unusable += expanded.unusable
      collected.libraryProjects += expanded.libraryProjects
    }
    if let list = arguments.value("--files-from") {
      do {
        let data =
          list == "-"
          ? try DocumentFile.read(descriptor: 0, named: "<stdin>", maximumBytes: 1 << 30)
          : try DocumentFile.read(URL(fileURLWithPath: list), maximumBytes: 1 << 30)
        // Only a line feed (or NUL) ends a name: a carriage return, NEL or U+2028 is part of it.
        let separator: UInt8 = arguments.has("--null") ? 0 : UInt8(ascii: "\n")
        for entry in data.split(separator: separator) where !entry.isEmpty {
          guard let name = validUTF8(entry) else {
            collected.unusable.append(
              Unusable(
                bytes: Array(entry), shown: Unusable.shown(entry),
                line: "--files-from \(list): an entry is not UTF-8 ("
                  + entry.prefix(64).map { String(format: "\\x%02x", $0) }.joined()
                  + "), so kadr-doc cannot name it"))
            continue
          }
          collected.files.append(name)
        }
      } catch {
        console.err(
          "kadr-doc \(command): --files-from \(list): \(Input.describe(error, file: list))")
        return nil
      }
    }
    guard !collected.files.isEmpty || !collected.unusable.isEmpty else {
      status = arguments.value("--files-from") == nil ? ExitCode.usage : ExitCode.failure
      console.err(
        "kadr-doc \(command): missing argument: name documents or directories, or use --files-from")
      return nil
    }
    return collected
  }

  /// `bytes` as a string if they are well-formed UTF-8, else `nil`. Decoding repairs bad
  /// sequences with U+FFFD, so a repair shows as a change of bytes. (`String(validating:as:)`
  /// does this in one call but needs macOS 15 / iOS 18; the package supports macOS 13 / iOS 16.)
  static func validUTF8(_ bytes: some Collection<UInt8>) -> String? {
    let decoded = String(decoding: bytes, as: UTF8.self)
    return decoded.utf8.elementsEqual(bytes) ? decoded : nil
  }
}
