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
}
