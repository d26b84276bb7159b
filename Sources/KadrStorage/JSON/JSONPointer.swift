/// A location in a JSON document, as RFC 6901 writes it: `/video/clips/3/video/_0/trimRange`.
///
/// The empty pointer (``root``, written `""`) is the whole document; each component is an object
/// key or an array index. Appending is cheap (one small allocation, no copy of the components),
/// as pointers are built on every decoded field, their text needed only when something goes wrong.
///
/// Two pointers are equal when their texts are equal (RFC 6901 compares strings), so the key
/// `"3"` and the index `3` are the same component.
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible, ExpressibleByArrayLiteral {
  /// One step of a pointer: an object key or an array index.
  public enum Component: Sendable, Hashable, ExpressibleByStringLiteral,
    ExpressibleByIntegerLiteral, CustomStringConvertible
  {
    /// An object member's key.
    case key(String)
    /// An array element's position, from 0.
    case index(Int)

    /// Creates a key component from a string literal.
    ///
    /// - Parameter value: The key.
    public init(stringLiteral value: String) { self = .key(value) }

    /// Creates an index component from an integer literal.
    ///
    /// - Parameter value: The index.
    public init(integerLiteral value: Int) { self = .index(value) }

    /// The component's reference token before escaping: the key, or the index in decimal.
    public var token: String {
      switch self {
      case .key(let key): key
      case .index(let index): String(index)
      }
    }

    /// The component's reference token as in a pointer, with `~` written `~0` and `/` written `~1`.
    public var description: String { JSONPointer.escape(token) }
  }

  /// A link in the chain of components, shared by every pointer that extends it.
  ///
  /// `@unchecked Sendable` because `parent` is a `var`: only `deinit` writes it, on links no one
  /// else references (checked with `isKnownUniquelyReferenced`), so no thread sees the write.
  package final class Node: @unchecked Sendable {
    private(set) var parent: Node?
    package let component: Component
    package let depth: Int

    package init(parent: Node?, component: Component) {
      self.parent = parent
      self.component = component
      self.depth = (parent?.depth ?? 0) + 1
    }

    deinit {
      // Release a long chain link by link: letting each link release its parent recursively
      // would exhaust the stack for a pointer 100 000 components long.
      var next = parent
      parent = nil
      while var node = next {
        next = nil
        guard isKnownUniquelyReferenced(&node) else { break }
        next = node.parent
        node.parent = nil
      }
    }
  }

  /// The last component's link, or `nil` for the root.
  package let last: Node?

  package init(last: Node?) { self.last = last }

  /// The pointer to the whole document, written `""`.
  public static let root = JSONPointer(last: nil)

  /// Creates a pointer from its components, outermost first.
  ///
  /// - Parameter components: The keys and indexes from the document's root down.
  public init(_ components: some Sequence<Component>) {
    var node: Node?
    for component in components { node = Node(parent: node, component: component) }
    self.init(last: node)
  }

  /// Creates a pointer from literal components: `["video", "clips", 3]`.
  ///
  /// - Parameter elements: The keys and indexes from the document's root down.
  public init(arrayLiteral elements: Component...) { self.init(elements) }

  /// The components from the document's root down.
  public var components: [Component] {
    var result: [Component] = []
    result.reserveCapacity(count)
    var node = last
    while let current = node {
      result.append(current.component)
      node = current.parent
    }
    result.reverse()
    return result
  }

  /// The number of components; 0 for the root.
  public var count: Int { last?.depth ?? 0 }

  /// Whether this is the pointer to the whole document.
  public var isRoot: Bool { last == nil }

  /// The last component, or `nil` for the root.
  public var lastComponent: Component? { last?.component }

  /// The pointer without its last component; the root's parent is the root.
  public var parent: JSONPointer { JSONPointer(last: last?.parent) }

  /// The pointer to a member of the object this pointer points to.
  ///
  /// - Parameter key: The member's key.
  /// - Returns: This pointer extended by `key`.
  public func appending(key: String) -> JSONPointer {
    JSONPointer(last: Node(parent: last, component: .key(key)))
  }

  /// The pointer to an element of the array this pointer points to.
  ///
  /// - Parameter index: The element's position, from 0.
  /// - Returns: This pointer extended by `index`.
  public func appending(index: Int) -> JSONPointer {
    JSONPointer(last: Node(parent: last, component: .index(index)))
  }

  /// The pointer extended by one component.
  ///
  /// - Parameter component: The key or index to append.
  /// - Returns: This pointer extended by `component`.
  public func appending(_ component: Component) -> JSONPointer {
    JSONPointer(last: Node(parent: last, component: component))
  }

  /// The RFC 6901 text: `""` for the root, otherwise `/` before each escaped component.
  public var description: String {
    var text = ""
    for component in components {
      text.append("/")
      text.append(component.description)
    }
    return text
  }

  /// Whether two pointers have the same text (so the key `"3"` equals the index `3`).
  public static func == (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
    guard lhs.count == rhs.count else { return false }
    var left = lhs.last
    var right = rhs.last
    while let leftNode = left, let rightNode = right {
      if leftNode === rightNode { return true }
      guard sameToken(leftNode.component, rightNode.component) else { return false }
      left = leftNode.parent
      right = rightNode.parent
    }
    return true
  }

  /// Hashes the pointer's text, consistently with ``==(_:_:)``.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    var node = last
    while let current = node {
      switch current.component {
      case .key(let key): hasher.combine(key)
      case .index(let index): hasher.combine(String(index))
      }
      node = current.parent
    }
  }

  /// Whether two components have the same reference token.
  private static func sameToken(_ lhs: Component, _ rhs: Component) -> Bool {
    switch (lhs, rhs) {
    case (.key(let left), .key(let right)): left == right
    case (.index(let left), .index(let right)): left == right
    case (.key(let key), .index(let index)), (.index(let index), .key(let key)):
      key == String(index)
    }
  }

  /// A reference token escaped for a pointer's text: `~` as `~0`, `/` as `~1`.
  package static func escape(_ token: String) -> String {
    guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") })
    else { return token }
    var escaped = ""
    for character in token.unicodeScalars {
      switch character {
      case "~": escaped.append("~0")
      case "/": escaped.append("~1")
      default: escaped.unicodeScalars.append(character)
      }
    }
    return escaped
  }
}
