import Foundation
import KadrPersistenceCore

/// Indents the canonical JSON of the core's writer the way OpenTimelineIO lays its files out:
/// four spaces per level, one member or element per line, `": "` after keys, slashes unescaped.
///
/// The content (sorted keys, numbers, other escapes) is the writer's; only whitespace is added
/// outside strings and `\/` becomes `/` inside them, so the result reads back to the same value.
enum PrettyJSON {
  /// The indented bytes of `value`, ending with a newline.
  ///
  /// - Throws: `PersistenceError` for a non-finite number or nesting the writer refuses.
  static func data(_ value: JSONValue) throws(PersistenceError) -> Data {
    let compact: [UInt8]
    do {
      compact = try value.canonicalJSON(maximumDepth: 1024)
    } catch {
      throw PersistenceError.wrapping(error)
    }
    return Data(indent(compact))
  }

  /// `compact` with line breaks and indentation outside strings.
  static func indent(_ compact: [UInt8]) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(compact.count * 2)
    var depth = 0
    var inString = false
    var escaped = false
    func newline() {
      output.append(UInt8(ascii: "\n"))
      output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: max(0, depth) * 4))
    }
    var index = 0
    while index < compact.count {
      let byte = compact[index]
      index += 1
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          // `\/` is the writer's escape of a slash, which JSON does not need: URLs read better
          // without it, as OpenTimelineIO writes them.
          if index < compact.count, compact[index] == UInt8(ascii: "/") { continue }
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        output.append(byte)
        continue
      }
      switch byte {
      case UInt8(ascii: "\""):
        inString = true
        output.append(byte)
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        output.append(byte)
        let closing = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
        if index < compact.count, compact[index] == closing {
          output.append(closing)
          index += 1
        } else {
          depth += 1
          newline()
        }
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
        newline()
        output.append(byte)
      case UInt8(ascii: ","):
        output.append(byte)
        newline()
      case UInt8(ascii: ":"):
        output.append(contentsOf: [UInt8(ascii: ":"), UInt8(ascii: " ")])
      default:
        output.append(byte)
      }
    }
    output.append(UInt8(ascii: "\n"))
    return output
  }
}
