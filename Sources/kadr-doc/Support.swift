import Foundation
import KadrPersistence

/// Canonical JSON text for the tool's `--json` output.
enum JSONText {
  static func compact(_ value: JSONValue) -> String {
    (try? JSONWriter().writeData(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
  }
}

/// Progress on standard error, only on a terminal and only for work that takes a while.
enum Progress {
  static func report(_ index: Int, of count: Int, console: Console) {
    guard console.isTerminal, count > 20 else { return }
    FileHandle.standardError.write(Data("\r\(index + 1)/\(count)".utf8))
  }

  static func finish(console: Console, count: Int) {
    guard console.isTerminal, count > 20 else { return }
    FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
  }
}

/// The image stores the tool can open.
enum ImageStores {
  /// The store for `--images DIR`.
  static func fileStore(at path: String) -> any ImageStore {
    FileImageStore(directory: URL(fileURLWithPath: path))
  }
}
