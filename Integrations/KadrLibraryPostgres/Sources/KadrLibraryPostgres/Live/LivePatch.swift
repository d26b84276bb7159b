// The PostgreSQL trait of kadr-persistence builds this module; without it, it is empty.
#if PostgreSQL
  import Foundation
  import KadrPersistence

  /// One step into a document's JSON: a member's key or an element's index.
  enum LivePathStep: Hashable, Sendable {
    case key(String)
    case index(Int)
  }

  /// An edit of a live session, as the log holds it: the few changes that lead from the
  /// document before it (the one the log's previous edit left) to the document after it, each at
  /// a place in the document's JSON, in the manner of a JSON Patch (RFC 6902: `add`, `remove`,
  /// `replace`). One property of one clip is one `replace` of a few dozen bytes, whatever the
  /// length of the timeline.
  ///
  /// A patch read from the log is untrusted (any role that may insert a row could have written
  /// it): ``init(json:)`` checks its shape and ``applied(to:)`` every place it names, and a patch
  /// that does not fit is refused the same way by every editor, so they still agree.
  struct LivePatch: Sendable, Hashable {
    enum Operation: Sendable, Hashable {
      /// Sets a member, or inserts an element before `index` (at the end when it is the count).
      case add([LivePathStep], JSONValue)
      /// Removes a member or an element.
      case remove([LivePathStep])
      /// Replaces the value at a place that exists.
      case replace([LivePathStep], JSONValue)

      var path: [LivePathStep] {
        switch self {
        case .add(let path, _), .remove(let path), .replace(let path, _): path
        }
      }

      /// The same operation at `prefix` followed by its path.
      func prefixed(by prefix: [LivePathStep]) -> Operation {
        switch self {
        case .add(let path, let value): .add(prefix + path, value)
        case .remove(let path): .remove(prefix + path)
        case .replace(let path, let value): .replace(prefix + path, value)
        }
      }

      /// Whether the value it sets holds some text (a string, at any depth).
      var setsText: Bool {
        switch self {
        case .remove: false
        case .add(_, let value), .replace(_, let value): Self.holdsText(value)
        }
      }

      /// Whether it sets a whole object or array (an element, not one value of one).
      var bringsElement: Bool {
        switch self {
        case .remove: false
        case .add(_, let value), .replace(_, let value):
          switch value {
          case .object, .array: true
          case .null, .bool, .integer, .number, .string: false
          }
        }
      }

      private static func holdsText(_ value: JSONValue) -> Bool {
        switch value {
        case .string: true
        case .array(let elements): elements.contains(where: holdsText)
        case .object(let members): members.values.contains(where: holdsText)
        case .null, .bool, .integer, .number: false
        }
      }

      /// Whether it inserts or removes an element of an array (shifting the places after it).
      var changesStructure: Bool {
        switch self {
        case .replace: false
        case .add(let path, _), .remove(let path):
          if case .index? = path.last { true } else { false }
        }
      }
    }

    /// The most operations one patch may hold, read from the log.
    static let maximumOperations = 100_000

    var operations: [Operation]

    init(operations: [Operation]) {
      self.operations = operations
    }

    var isEmpty: Bool { operations.isEmpty }

    /// Whether an operation inserts or removes an element somewhere.
    var changesStructure: Bool { operations.contains { $0.changesStructure } }

    /// Whether applying `self` and `other` in either order gives the same document: neither
    /// shifts elements, and no place of one is the place of the other or inside it.
    func commutes(with other: LivePatch) -> Bool {
      guard !changesStructure, !other.changesStructure else { return false }
      for mine in operations {
        for theirs in other.operations {
          let (a, b) = (mine.path, theirs.path)
          let shorter = min(a.count, b.count)
          if a.prefix(shorter) == b.prefix(shorter) { return false }
        }
      }
      return true
    }

    // MARK: Making a patch

    /// The changes that lead from `before` to `after`: members by key, arrays by their common
    /// beginning and end with the elements between removed and inserted (or changed in place
    /// when as many are on both sides), any other difference replaced whole.
    static func between(_ before: JSONValue, _ after: JSONValue) -> LivePatch {
      var operations: [Operation] = []
      var path: [LivePathStep] = []
      difference(before, after, path: &path, into: &operations)
      return LivePatch(operations: operations)
    }

    private static func difference(
      _ before: JSONValue, _ after: JSONValue, path: inout [LivePathStep],
      into operations: inout [Operation]
    ) {
      if before == after { return }
      switch (before, after) {
      case (.object(let old), .object(let new)):
        for key in old.keys where new[key] == nil {
          operations.append(.remove(path + [.key(key)]))
        }
        for (key, value) in new {
          path.append(.key(key))
          if let previous = old[key] {
            difference(previous, value, path: &path, into: &operations)
          } else {
            operations.append(.add(path, value))
          }
          path.removeLast()
        }
      case (.array(let old), .array(let new)):
        let (oldMiddle, newMiddle) = middles(old.count, new.count) { old[$0] == new[$1] }
        if oldMiddle.count == newMiddle.count {
          for index in oldMiddle {
            path.append(.index(index))
            difference(old[index], new[index], path: &path, into: &operations)
            path.removeLast()
          }
        } else {
          for index in oldMiddle.reversed() { operations.append(.remove(path + [.index(index)])) }
          for index in newMiddle { operations.append(.add(path + [.index(index)], new[index])) }
        }
      default:
        operations.append(.replace(path, after))
      }
    }

    /// The elements of two lists between their common beginning and common end: what a
    /// patch between them removes and inserts (or changes in place, when as many).
    static func middles(
      _ oldCount: Int, _ newCount: Int, same: (Int, Int) -> Bool
    ) -> (old: Range<Int>, new: Range<Int>) {
      var head = 0
      while head < oldCount, head < newCount, same(head, head) { head += 1 }
      var tail = 0
      while tail < oldCount - head, tail < newCount - head,
        same(oldCount - 1 - tail, newCount - 1 - tail)
      {
        tail += 1
      }
      return (head..<(oldCount - tail), head..<(newCount - tail))
    }

    // MARK: Applying a patch

    /// Why a patch does not fit a document.
    struct Mismatch: Error, Sendable, Hashable {
      /// The place, as a JSON pointer.
      let pointer: String
      let reason: String
    }

    /// `document` with every operation applied in order.
    ///
    /// - Throws: ``Mismatch`` naming the first place that does not exist (or, for `add`, whose
    ///   parent does not), or an index past the end.
    func applied(to document: JSONValue) throws(Mismatch) -> JSONValue {
      var document = document
      for operation in operations {
        try Self.apply(operation, at: operation.path[...], to: &document, whole: operation.path)
      }
      return document
    }

    static func apply(
      _ operation: Operation, at path: ArraySlice<LivePathStep>, to value: inout JSONValue,
      whole: [LivePathStep]
    ) throws(Mismatch) {
      guard let step = path.first else {
        // The root itself: only a replace reaches it.
        guard case .replace(_, let new) = operation else {
          throw Mismatch(pointer: "", reason: "an add or remove names the document itself")
        }
        value = new
        return
      }
      let rest = path.dropFirst()
      switch (step, value) {
      case (.key(let key), .object(var object)):
        value = .null  // lets `object` be the only reference while it changes
        defer { value = .object(object) }
        if rest.isEmpty {
          switch operation {
          case .add(_, let new): object[key] = new
          case .replace(_, let new):
            guard object[key] != nil else { throw mismatch(whole, "no such member") }
            object[key] = new
          case .remove:
            guard object[key] != nil else { throw mismatch(whole, "no such member") }
            object[key] = nil
          }
          return
        }
        guard var child = object[key] else { throw mismatch(whole, "no such member") }
        object[key] = .null
        defer { object[key] = child }
        try apply(operation, at: rest, to: &child, whole: whole)
      case (.index(let index), .array(var elements)):
        value = .null
        defer { value = .array(elements) }
        if rest.isEmpty {
          switch operation {
          case .add(_, let new):
            guard index >= 0, index <= elements.count else {
              throw mismatch(whole, "an index past the end")
            }
            elements.insert(new, at: index)
          case .replace(_, let new):
            guard elements.indices.contains(index) else { throw mismatch(whole, "no such element") }
            elements[index] = new
          case .remove:
            guard elements.indices.contains(index) else { throw mismatch(whole, "no such element") }
            elements.remove(at: index)
          }
          return
        }
        guard elements.indices.contains(index) else { throw mismatch(whole, "no such element") }
        var child = elements[index]
        elements[index] = .null
        defer { elements[index] = child }
        try apply(operation, at: rest, to: &child, whole: whole)
      default:
        throw mismatch(whole, "the place is inside a \(value.typeName)")
      }
    }

    private static func mismatch(_ path: [LivePathStep], _ reason: String) -> Mismatch {
      Mismatch(pointer: pointer(path), reason: reason)
    }

    /// `path` as a JSON pointer (RFC 6901).
    static func pointer(_ path: [LivePathStep]) -> String {
      path.map { step in
        switch step {
        case .index(let index): "/\(index)"
        case .key(let key):
          "/"
            + key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(
              of: "/", with: "~1")
        }
      }.joined()
    }

    // MARK: The log's JSON

    /// The patch as the log keeps it: `[["a"|"r"|"x", path, value?], …]`, a path an array of
    /// keys (strings) and indices (integers).
    var json: JSONValue {
      .array(
        operations.map { operation in
          let path = JSONValue.array(
            operation.path.map { step in
              switch step {
              case .key(let key): .string(key)
              case .index(let index): .integer(Int64(index))
              }
            })
          switch operation {
          case .add(_, let value): return .array([.string("a"), path, value])
          case .replace(_, let value): return .array([.string("r"), path, value])
          case .remove: return .array([.string("x"), path])
          }
        })
    }

    /// Reads a patch the log holds, checking its shape.
    ///
    /// - Throws: ``Mismatch`` at the first operation that is not one.
    init(json: JSONValue) throws(Mismatch) {
      guard case .array(let list) = json, list.count <= Self.maximumOperations else {
        throw Mismatch(pointer: "", reason: "not a list of at most 100,000 operations")
      }
      var operations: [Operation] = []
      operations.reserveCapacity(list.count)
      for (number, item) in list.enumerated() {
        guard case .array(let parts) = item, parts.count == 2 || parts.count == 3,
          case .string(let code) = parts[0], case .array(let steps) = parts[1],
          steps.count <= 4096
        else { throw Mismatch(pointer: "/\(number)", reason: "not an operation") }
        var path: [LivePathStep] = []
        for step in steps {
          switch step {
          case .string(let key): path.append(.key(key))
          case .integer(let index) where index >= 0 && index <= Int64(Int32.max):
            path.append(.index(Int(index)))
          default: throw Mismatch(pointer: "/\(number)/1", reason: "not a key or an index")
          }
        }
        switch (code, parts.count) {
        case ("a", 3): operations.append(.add(path, parts[2]))
        case ("r", 3): operations.append(.replace(path, parts[2]))
        case ("x", 2): operations.append(.remove(path))
        default: throw Mismatch(pointer: "/\(number)/0", reason: "an unknown operation")
        }
      }
      self.operations = operations
    }
  }
#endif
