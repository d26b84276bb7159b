import Foundation
import KadrPersistence

/// Canonical JSON text for the tool's `--json` output.
enum JSONText {
  static func compact(_ value: JSONValue) -> String {
    (try? JSONWriter().writeData(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
  }
}

/// Progress on standard error: only on a terminal, and only once the work has taken more than
/// a second, so that quick runs and scripts see nothing of it.
struct Progress {
  private let console: Console
  private let total: Int
  private let started = ContinuousClock.now
  private var shown = false

  init(total: Int, console: Console) {
    self.total = total
    self.console = console
  }

  /// Says that item `index` (from zero) of the total is being worked on.
  mutating func update(_ index: Int, item: String) {
    guard console.isTerminal, ContinuousClock.now - started > .seconds(1) else { return }
    shown = true
    let name = TerminalText.escaped(
      item.count > 50 ? "…" + item.suffix(49) : item, keepingNewlines: false)
    // The line's own control sequences are the tool's; the file name is escaped.
    StandardStreams.write(
      Data("\r\u{1B}[K\(index + 1)/\(total) \(name)".utf8), to: STDERR_FILENO)
  }

  /// Clears the progress line, if one was shown.
  func finish() {
    guard shown else { return }
    StandardStreams.write(Data("\r\u{1B}[K".utf8), to: STDERR_FILENO)
  }
}

/// The files named on the command line: files as they are, directories searched (recursively)
/// for `*.json` documents, in name order.
enum InputFiles {
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
        if relative.hasSuffix(".json") { found.append(path + "/" + relative) }
      }
      files += found.sorted()
    }
    return files
  }
}

/// The image stores the tool can open.
enum ImageStores {
  /// The store for `--images DIR`, or `nil` after saying why when `DIR` is not a directory
  /// (the tool never creates one it was only asked to read).
  static func fileStore(at path: String, console: Console) -> (any ImageStore)? {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      console.err("kadr-doc: --images \(path): no such directory")
      return nil
    }
    do {
      return try FileImageStore(directory: URL(fileURLWithPath: path))
    } catch {
      console.err("kadr-doc: --images \(path): \(PersistenceError.sentence(for: error))")
      return nil
    }
  }
}
