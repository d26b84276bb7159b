import Foundation

extension CodecRegistry {
  /// Every image token in a document, in the order they appear, each once, without building the
  /// composition.
  ///
  /// The walk visits every clip and overlay of a registered kind (at any depth, inside tracks and
  /// inside plugin kinds' payloads) and collects the values of the keys its codec marks as image
  /// tokens (``PayloadKey/holdsImageToken``). Content of kinds not registered here is searched for
  /// nested registered kinds, but its own tokens cannot be known.
  /// - Parameter document: A document (or any part of one).
  /// - Returns: The tokens.
  public func imageTokens(in document: JSONValue) -> [String] {
    var tokens: [String] = []
    var seen = Set<String>()
    var stack: [JSONValue] = [document]
    while let value = stack.popLast() {
      switch value {
      case .array(let items):
        stack.append(contentsOf: items.reversed())
      case .object(let object):
        if object.count == 1, let kind = object.keys.first,
          case .object(let box)? = object.values.first, box.count == 1,
          case .object(let payload)? = box[Self.payloadBoxKey]
        {
          let id = KindID(kind)
          let keys = (clips.byKind[id]?.manifest.imageTokenKeys ?? [])
            .union(overlays.byKind[id]?.manifest.imageTokenKeys ?? [])
          for key in keys.sorted() {
            if case .string(let token)? = payload[key], seen.insert(token).inserted {
              tokens.append(token)
            }
          }
        }
        stack.append(contentsOf: object.values.reversed())
      default:
        break
      }
    }
    return tokens
  }

  /// A document with its image tokens renamed, found as ``imageTokens(in:)`` finds them, without
  /// building the composition: a package renames a store's tokens to its own this way, in one
  /// parse and one write.
  ///
  /// Only the values of keys a codec marks as image tokens change; a token `replacements` does
  /// not name is kept, and so is every other value, in its place. The tree is walked to its
  /// depth, which the reader that made it bounds.
  /// - Parameters:
  ///   - document: A document (or any part of one).
  ///   - replacements: The new token of each token to rename.
  /// - Returns: The document with those tokens renamed.
  public func replacingImageTokens(
    in document: JSONValue, _ replacements: [String: String]
  ) -> JSONValue {
    switch document {
    case .array(let items):
      return .array(items.map { replacingImageTokens(in: $0, replacements) })
    case .object(let object):
      var result = JSONObject(minimumCapacity: object.count)
      for (key, value) in object {
        result.appendUnchecked(replacingImageTokens(in: value, replacements), forKey: key)
      }
      guard result.count == 1, let kind = result.keys.first,
        case .object(var box)? = result.values.first, box.count == 1,
        case .object(var payload)? = box[Self.payloadBoxKey]
      else { return .object(result) }
      let id = KindID(kind)
      let keys = (clips.byKind[id]?.manifest.imageTokenKeys ?? [])
        .union(overlays.byKind[id]?.manifest.imageTokenKeys ?? [])
      var changed = false
      for key in keys {
        if case .string(let token)? = payload[key], let renamed = replacements[token] {
          payload[key] = .string(renamed)
          changed = true
        }
      }
      guard changed else { return .object(result) }
      box[Self.payloadBoxKey] = .object(payload)
      return .object([kind: .object(box)])
    default:
      return document
    }
  }
}
