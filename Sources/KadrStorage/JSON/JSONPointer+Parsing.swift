import Foundation

extension JSONPointer {
  /// Why a text is not an RFC 6901 JSON pointer.
  public enum ParseError: Error, Sendable, Equatable, LocalizedError {
    /// A non-empty pointer must start with `/`.
    case missingLeadingSlash(String)
    /// A `~` not followed by `0` or `1`, at the given offset in UTF-8 bytes.
    case invalidEscape(String, offset: Int)

    /// What is wrong, in a sentence, with how to fix it.
    public var errorDescription: String? {
      switch self {
      case .missingLeadingSlash(let text):
        "The JSON pointer '\(text)' does not start with '/'. \(recoverySuggestion ?? "")"
      case .invalidEscape(let text, let offset):
        "The JSON pointer '\(text)' has a '~' at byte \(offset) that is not followed by 0 or 1. "
          + (recoverySuggestion ?? "")
      }
    }

    /// How to fix the pointer.
    public var recoverySuggestion: String? {
      switch self {
      case .missingLeadingSlash:
        "Write the root as \"\" and every other pointer as /key/0/…."
      case .invalidEscape:
        "Write '~' in a key as '~0' and '/' as '~1'."
      }
    }
  }

  /// Parses the RFC 6901 text of a pointer: `""` for the root, `/a~1b/0` for key `a/b` then 0.
  ///
  /// A token written as an array index (`0`, or digits without a leading zero that fit `Int`)
  /// becomes ``Component/index(_:)``; every other token becomes ``Component/key(_:)``. As
  /// equality compares texts, this choice never makes two pointers differ.
  ///
  /// - Parameter text: The pointer's text.
  /// - Throws: ``ParseError`` when `text` is not empty and does not start with `/`, or when a
  ///   `~` is not followed by `0` or `1`.
  public init(parsing text: String) throws {
    let bytes = Array(text.utf8)
    guard !bytes.isEmpty else {
      self = .root
      return
    }
    guard bytes[0] == UInt8(ascii: "/") else { throw ParseError.missingLeadingSlash(text) }
    var node: Node?
    var token: [UInt8] = []
    var index = 1
    while index <= bytes.count {
      if index == bytes.count || bytes[index] == UInt8(ascii: "/") {
        node = Node(parent: node, component: Self.component(token))
        token.removeAll(keepingCapacity: true)
        index += 1
        continue
      }
      let byte = bytes[index]
      if byte == UInt8(ascii: "~") {
        let next = index + 1 < bytes.count ? bytes[index + 1] : 0
        switch next {
        case UInt8(ascii: "0"): token.append(UInt8(ascii: "~"))
        case UInt8(ascii: "1"): token.append(UInt8(ascii: "/"))
        default: throw ParseError.invalidEscape(text, offset: index)
        }
        index += 2
      } else {
        token.append(byte)
        index += 1
      }
    }
    self.init(last: node)
  }

  /// The component a reference token stands for: an index when it is written as one.
  private static func component(_ token: [UInt8]) -> Component {
    let text = String(decoding: token, as: UTF8.self)
    let isIndexSyntax =
      !token.isEmpty && token.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
      && (token.count == 1 || token[0] != UInt8(ascii: "0"))
    if isIndexSyntax, let index = Int(text) { return .index(index) }
    return .key(text)
  }
}

extension JSONPointer.ParseError: CustomStringConvertible {
  /// The error's sentence (its `errorDescription`), so that `print(error)` and string
  /// interpolation show what happened rather than the case's name.
  public var description: String { errorDescription ?? String(reflecting: Self.self) }
}
