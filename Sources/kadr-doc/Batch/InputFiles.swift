import Foundation
import KadrPersistence

/// The documents a command works on: files named on the command line, directories searched
/// (recursively) for `*.json` documents in name order, and lists of files (`--files-from`).
enum InputFiles {
  /// Files as they are, directories expanded.
  static func expand(_ paths: [String]) -> [String] {
    var files: [String] = []
    for path in paths {
      var isDirectory: ObjCBool = false
      guard path != "-", FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
        isDirectory.boolValue,
        let enumerator = FileManager.default.enumerator(atPath: path)
      else {
        files.append(path)
        continue
      }
      var found: [String] = []
      while let relative = enumerator.nextObject() as? String {
        if relative.hasSuffix(".json") {
          found.append(path.hasSuffix("/") ? path + relative : path + "/" + relative)
        }
      }
      files += found.sorted()
    }
    return files
  }

  /// The files of a batch command: its positional arguments expanded, then the lines of
  /// `--files-from LIST` (`-` for standard input; empty lines skipped), or `nil` after saying why
  /// and setting `status`: 1 for a list that cannot be read or a directory without documents,
  /// 2 (usage) for no argument at all.
  static func collect(
    _ arguments: ParsedArguments, command: String, console: Console, status: inout Int32
  ) -> [String]? {
    status = ExitCode.failure
    var files: [String] = []
    for path in arguments.positionals {
      let expanded = expand([path])
      if expanded.isEmpty {
        console.err("kadr-doc \(command): no documents (*.json) found in \(path)")
        return nil
      }
      files += expanded
    }
    if let list = arguments.value("--files-from") {
      do {
        let data =
          list == "-"
          ? try DocumentFile.read(descriptor: 0, named: "<stdin>", maximumBytes: 1 << 30)
          : try DocumentFile.read(URL(fileURLWithPath: list), maximumBytes: 1 << 30)
        files += String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
          .map(String.init).filter { !$0.isEmpty }
      } catch {
        console.err(
          "kadr-doc \(command): --files-from \(list): \(Input.describe(error, file: list))")
        return nil
      }
    }
    guard !files.isEmpty else {
      status = arguments.value("--files-from") == nil ? ExitCode.usage : ExitCode.failure
      console.err(
        "kadr-doc \(command): missing argument: name documents or directories, or use --files-from")
      return nil
    }
    return files
  }
}
