import Foundation
import KadrPersistence

/// JSON text for the tool's `--json` output: sorted keys, and a `/` written as itself.
///
/// Documents write `/` as `\/`, byte for byte as the original package does; a report is read
/// by people and scripts, where `"a\/b.mov"` is noise (and a path someone copies breaks).
enum JSONText {
  /// `value` as one line of canonical JSON, slashes unescaped.
  static func compact(_ value: JSONValue) -> String {
    guard let data = try? JSONWriter().writeData(value) else { return "null" }
    // The writer escapes every `/` it writes, and writes no `/` otherwise, so each `\/` is one
    // escaped slash (an escaped backslash before it is `\\`, which this leaves alone).
    return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\\/", with: "/")
  }

  /// The encoder for the tool's `Codable` reports: sorted keys, slashes unescaped.
  ///
  /// - Parameter pretty: Whether to indent, for a report people read whole.
  static func encoder(pretty: Bool = false) -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    if pretty { encoder.outputFormatting.insert(.prettyPrinted) }
    return encoder
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
