import Foundation
import KadrPersistence

/// Breaks valid documents at random, from a seed: bytes flipped, deleted, duplicated, inserted or
/// cut off; JSON values swapped for values of another type; keys renamed, removed, added or
/// written twice; array elements dropped or repeated.
///
/// Shared by the mutation property tests and the fuzz harness (which compiles this file outside
/// the test target, so it imports no test framework).
struct DocumentMutator {
  var rng: SplitMix64

  init(seed: UInt64) {
    rng = SplitMix64(seed: seed)
  }

  /// What a mutation did, for a failure message.
  var lastMutation = ""

  /// One to three random mutations of `document`, byte-level or tree-level (mostly one, mostly
  /// tree-level, so that a good share of the results is still JSON and reaches the decoders).
  mutating func mutate(_ document: [UInt8]) -> [UInt8] {
    var bytes = document
    var steps: [String] = []
    let count = rng.chance(0.7) ? 1 : rng.int(in: 2...3)
    for _ in 0..<count {
      if rng.chance(0.65), let json = try? PublicJSON.read(bytes) {
        bytes = mutateTree(json)
      } else {
        bytes = mutateBytes(bytes)
      }
      steps.append(lastMutation)
    }
    lastMutation = steps.joined(separator: "; ")
    return bytes
  }

  /// Bytes JSON treats specially, and bytes that break UTF-8.
  static let interestingBytes: [UInt8] =
    Array("{}[]\",:\\-.0123456789eEtfnu ".utf8) + [
      0x00, 0x0A, 0x7F, 0x80, 0xBF, 0xC0, 0xC3, 0xE2, 0xED, 0xF0, 0xF4, 0xF5, 0xFF,
    ]

  /// One byte-level mutation.
  mutating func mutateBytes(_ document: [UInt8]) -> [UInt8] {
    var bytes = document
    guard !bytes.isEmpty else {
      lastMutation = "insert into empty"
      return [rng.pick(Self.interestingBytes)]
    }
    let position = rng.below(bytes.count)
    let length = min(bytes.count - position, rng.int(in: 1...16))
    switch rng.below(6) {
    case 0:
      let mask = UInt8(truncatingIfNeeded: rng.int(in: 1...255))
      bytes[position] ^= mask
      lastMutation = "flip byte \(position) by \(mask)"
    case 1:
      bytes.removeSubrange(position..<position + length)
      lastMutation = "delete \(length) bytes at \(position)"
    case 2:
      let copy = Array(bytes[position..<position + length])
      bytes.insert(contentsOf: copy, at: rng.below(bytes.count + 1))
      lastMutation = "duplicate \(length) bytes from \(position)"
    case 3:
      bytes.removeSubrange(position...)
      lastMutation = "truncate at \(position)"
    case 4:
      let byte = rng.pick(Self.interestingBytes)
      bytes.insert(byte, at: position)
      lastMutation = "insert byte \(byte) at \(position)"
    default:
      let byte = rng.pick(Self.interestingBytes)
      bytes[position] = byte
      lastMutation = "set byte \(position) to \(byte)"
    }
    return bytes
  }

  /// Values of every JSON type, including numbers at the edges of the format's ranges.
  static let replacements: [JSONValue] = [
    .null, .bool(true), .bool(false), .integer(0), .integer(-1), .integer(1),
    .integer(Int64(Int32.max) + 1), .integer(Int64(Int32.min)), .integer(.max), .integer(.min),
    .number(-0.0), .number(0.5), .number(1e300), .number(-1e-300), .number(4e18), .number(1e19),
    .string(""), .string("unknown"), .string("com.example.thing"), .string("file:nothing.png"),
    .string("file:" + String(repeating: "0", count: 64) + ".png"), .string("not a url"),
    .string("https://example.com/a.png"), .array([]), .array([.null]), .object(JSONObject()),
    .object(["_0": .object(JSONObject())]),
  ]

  /// Keys the format uses, so a rename can turn one field into another.
  static let keys = [
    "video", "image", "title", "transition", "track", "text", "sticker", "_0", "clips", "kind",
    "duration", "timescale", "value", "schema", "payloadVersions", "url", "filters", "filterIDs",
    "filterAnimations", "keyframes", "timing", "imageToken", "overlays", "audioTracks", "x",
    "zzz", "",
  ]

  /// One tree-level mutation, written back as bytes.
  mutating func mutateTree(_ json: JSONValue) -> [UInt8] {
    var paths: [[JSONPointer.Component]] = []
    Self.collectPaths(json, prefix: [], into: &paths)
    if paths.isEmpty { paths.append([.key("schema")]) }
    let path = rng.pick(paths)
    let target = Self.value(at: path[...], in: json) ?? .null
    let pointer = JSONPointer(path).description
    var replacement: JSONValue?
    var parentEdit: ((inout JSONObject, String) -> Void)?
    switch rng.below(6) {
    case 0:
      replacement = rng.pick(Self.replacements)
      lastMutation = "replace \(target.typeName) at \(pointer) with a value of any type"
    case 1:
      replacement = Self.value(at: rng.pick(paths)[...], in: json) ?? .null
      lastMutation = "replace \(target.typeName) at \(pointer) with another part of the document"
    case 2:
      replacement = sameTypeReplacement(for: target)
      lastMutation = "replace \(target.typeName) at \(pointer) with another of its type"
    case 3:
      let newKey = rng.pick(Self.keys)
      parentEdit = { object, key in
        guard let value = object[key] else { return }
        object[key] = nil
        object.appendUnchecked(value, forKey: newKey)
      }
      lastMutation = "rename \(pointer) to \(newKey)"
    case 4:
      parentEdit = { object, key in object[key] = nil }
      lastMutation = "remove \(pointer)"
    default:
      parentEdit = { object, key in
        if let value = object[key] { object.appendUnchecked(value, forKey: key) }
      }
      lastMutation = "duplicate \(pointer)"
    }
    let mutated: JSONValue
    if let replacement {
      mutated = Self.replacing(path[...], in: json, with: replacement)
    } else if let parentEdit, case .key(let key)? = path.last {
      mutated = Self.editingObject(path.dropLast(), in: json) { parentEdit(&$0, key) }
    } else if case .index(let index)? = path.last {
      mutated = Self.editingArray(path.dropLast(), in: json) { elements in
        if index < elements.count {
          if parentEdit != nil, rng.chance(0.5) {
            elements.remove(at: index)
          } else {
            elements.insert(elements[index], at: index)
          }
        }
      }
      lastMutation += " (array element)"
    } else {
      mutated = json
    }
    return (try? PublicJSON.write(mutated)) ?? []
  }

  /// The enum strings the format uses, so that a replaced string is often a valid one elsewhere.
  static let names = [
    "linear", "easeIn", "cubicBezier", "fade", "slide", "dissolve", "fromLeft", "normalized",
    "pixels", "percent", "center", "topLeft", "mono", "lut", "chromaKey", "sepia", "fadeIn",
    "slideIn", "scaleUp", "custom", "auto", "hevc", "bitrate", "fileSize", "varispeed", "bold",
    "trailing", "file:///media/a.mov", "memory:1", "file:fixture-pixel.png",
  ]

  /// A value of the same JSON type as `value`, often at an edge of the format's ranges.
  mutating func sameTypeReplacement(for value: JSONValue) -> JSONValue {
    switch value {
    case .integer, .number:
      return rng.pick(Self.replacements.filter { $0.doubleValue != nil })
    case .string: return .string(rng.pick(Self.names))
    case .bool(let flag): return .bool(!flag)
    case .array(let elements): return .array(elements.isEmpty ? [] : [rng.pick(elements)])
    default: return rng.pick(Self.replacements)
    }
  }
}
