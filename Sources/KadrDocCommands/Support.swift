import Foundation
import KadrPersistence

/// Canonical JSON text for the tool's `--json` output.
enum JSONText {
  static func compact(_ value: JSONValue) -> String {
    (try? JSONWriter().writeData(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
  }
}

/// The image stores the tool can open.
enum ImageStores {
  /// The store `--images DIR` asks for, or `fallback` without the option; `nil` (after saying
  /// why) when `DIR` cannot be used, so a command reads
  /// `guard let images = ImageStores.requested(by: arguments, …) else { return failure }`.
  static func requested(
    by arguments: ParsedArguments, console: Console, otherwise fallback: (any ImageStore)?
  ) -> (any ImageStore)?? {
    guard let path = arguments.value("--images") else { return .some(fallback) }
    return fileStore(at: path, console: console).map { .some($0) }
  }

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
