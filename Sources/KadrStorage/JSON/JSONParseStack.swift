/// A stack of parsed elements whose storage is reused for the whole parse.
///
/// Every value (and key) is pushed here as it is read; when its container closes, its elements
/// are *moved* (no retain, no release) into a new array of exactly the right size, which saves
/// an array per container's regrowth, its unused capacity and most reference counting.
/// Non-copyable, so its storage has one owner, which releases what is left if a parse fails.
@usableFromInline
package struct JSONParseStack<Element>: ~Copyable {
  @usableFromInline var storage: UnsafeMutablePointer<Element>
  @usableFromInline var capacity: Int
  /// The number of elements on the stack.
  @usableFromInline package internal(set) var count = 0

  package init(capacity: Int = 256) {
    self.capacity = capacity
    storage = .allocate(capacity: capacity)
  }

  deinit {
    storage.deinitialize(count: count)
    storage.deallocate()
  }

  /// Pushes an element.
  @inlinable @inline(__always)
  package mutating func push(_ element: consuming Element) {
    if count == capacity { grow() }
    (storage + count).initialize(to: element)
    count += 1
  }

  /// The element at `index`, below ``count``, read and written in place.
  @inlinable
  package subscript(index: Int) -> Element {
    @inline(__always) unsafeAddress {
      precondition(index >= 0 && index < count)
      return UnsafePointer(storage + index)
    }
    @inline(__always) unsafeMutableAddress {
      precondition(index >= 0 && index < count)
      return storage + index
    }
  }

  /// Takes the top element off the stack, which must not be empty.
  @inlinable @inline(__always)
  package mutating func popLast() -> Element {
    precondition(count > 0)
    count -= 1
    return (storage + count).move()
  }

  /// The element at `index`, which must be below ``count``.
  @inlinable @inline(__always)
  package func element(at index: Int) -> Element {
    storage[index]
  }

  /// Moves the elements from `start` to the top into a new array, leaving `start` elements.
  ///
  /// Small arrays are built as array literals, whose allocation the compiler specialises; the
  /// general initialisers go through the runtime's generic metadata lookup, which costs more
  /// than the allocation itself for the two- to four-member objects JSON documents are full of.
  ///
  /// - Parameter start: The number of elements to leave; at most ``count``.
  @inlinable @inline(__always)
  mutating func popArray(from start: Int) -> [Element] {
    let moved = count - start
    let source = storage + start
    count = start
    switch moved {
    case ...0: return []
    case 1: return [source.move()]
    case 2: return [source.move(), (source + 1).move()]
    case 3: return [source.move(), (source + 1).move(), (source + 2).move()]
    case 4:
      return [source.move(), (source + 1).move(), (source + 2).move(), (source + 3).move()]
    default:
      var result: [Element] = []
      result.reserveCapacity(moved)
      for offset in 0..<moved { result.append((source + offset).move()) }
      return result
    }
  }

  /// Calls `body` with the elements from `start` to the top, which it must not keep.
  @inlinable @inline(__always)
  func withElements<Result>(
    from start: Int, _ body: (UnsafeBufferPointer<Element>) -> Result
  )
    -> Result
  {
    body(UnsafeBufferPointer(start: storage + start, count: max(0, count - start)))
  }

  /// Drops the elements from `start` to the top.
  ///
  /// - Parameter start: The number of elements to leave.
  @inlinable @inline(__always)
  package mutating func removeAll(from start: Int) {
    guard start >= 0, start < count else { return }
    (storage + start).deinitialize(count: count - start)
    count = start
  }

  @usableFromInline mutating func grow() {
    capacity *= 2
    storage = storage.moved(count, toCapacity: capacity)
  }
}

extension UnsafeMutablePointer {
  /// New storage of `capacity` elements holding the first `count` elements moved from this
  /// storage, which is freed: how the decoders' and the reader's stacks grow.
  @inlinable @inline(__always)
  package func moved(_ count: Int, toCapacity capacity: Int) -> UnsafeMutablePointer {
    let grown = UnsafeMutablePointer.allocate(capacity: capacity)
    grown.moveInitialize(from: self, count: count)
    deallocate()
    return grown
  }
}
