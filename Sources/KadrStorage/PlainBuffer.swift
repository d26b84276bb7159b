/// Room for plain values (no references to count), grown on request and read and written in
/// place: the decoding contexts' path nodes and member positions.
///
/// Every slot holds a value from the start (the filler, until written) and every access is
/// checked against the room, so a stale index reads a stale value of this buffer, never other
/// memory. Which slots are in use is the owner's business; the memory goes with the buffer.
@usableFromInline
package struct PlainBuffer<Element: BitwiseCopyable>: ~Copyable {
  @usableFromInline var base: UnsafeMutablePointer<Element>
  /// The number of slots.
  @usableFromInline package internal(set) var capacity: Int
  /// The value of a slot never written.
  @usableFromInline let filler: Element

  /// Makes `capacity` slots holding `filler`.
  package init(capacity: Int, filler: Element) {
    self.capacity = max(capacity, 1)
    self.filler = filler
    base = .allocate(capacity: self.capacity)
    base.initialize(repeating: filler, count: self.capacity)
  }

  deinit {
    base.deallocate()
  }

  /// The slot at `index`, which must be below ``capacity``.
  @inlinable
  package subscript(index: Int) -> Element {
    @inline(__always) unsafeAddress {
      precondition(index >= 0 && index < capacity)
      return UnsafePointer(base + index)
    }
    @inline(__always) unsafeMutableAddress {
      precondition(index >= 0 && index < capacity)
      return base + index
    }
  }

  /// Makes room for at least `needed` slots (at least doubling when it grows), keeping every value.
  @inlinable @inline(__always)
  package mutating func reserve(_ needed: Int) {
    if needed > capacity { grow(to: max(needed, capacity * 2)) }
  }

  @usableFromInline
  mutating func grow(to newCapacity: Int) {
    let grown = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
    grown.moveInitialize(from: base, count: capacity)
    (grown + capacity).initialize(repeating: filler, count: newCapacity - capacity)
    base.deallocate()
    base = grown
    capacity = newCapacity
  }

  /// Goes back to `smaller` slots of filler when it has grown past `limit` (a deep document's
  /// room is not kept for every later one).
  package mutating func shrink(to smaller: Int, ifAbove limit: Int) {
    guard capacity > limit else { return }
    base.deallocate()
    capacity = max(smaller, 1)
    base = .allocate(capacity: capacity)
    base.initialize(repeating: filler, count: capacity)
  }
}
