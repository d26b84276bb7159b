import Foundation

/// A growable byte buffer for the writer: appending checks the capacity and copies, nothing
/// more (no uniqueness check, no generic `append(contentsOf:)`), which is most of a writer's
/// time. Non-copyable, so its storage has exactly one owner.
///
/// The storage comes from `malloc`: growing is a `realloc` (which remaps a large buffer's pages
/// rather than copy them), and a finished document goes to `Data` uncopied (``detachData(from:)``).
@usableFromInline
package struct JSONByteBuffer: ~Copyable {
  @usableFromInline var storage: UnsafeMutablePointer<UInt8>
  @usableFromInline var capacity: Int
  /// The number of bytes written.
  @usableFromInline package internal(set) var count = 0

  package init(capacity: Int) {
    self.capacity = max(capacity, 16)
    storage = Self.allocate(self.capacity)
  }

  deinit {
    free(storage)
  }

  /// `malloc`, bound to bytes.
  @usableFromInline static func allocate(_ capacity: Int) -> UnsafeMutablePointer<UInt8> {
    guard let raw = malloc(capacity) else { outOfMemory(capacity) }
    return raw.bindMemory(to: UInt8.self, capacity: capacity)
  }

  /// Appends one byte.
  @inlinable @inline(__always)
  package mutating func append(_ byte: UInt8) {
    if count == capacity { grow(toHold: 1) }
    storage[count] = byte
    count += 1
  }

  /// Appends two bytes, with one capacity check.
  @inlinable @inline(__always)
  package mutating func append(_ first: UInt8, _ second: UInt8) {
    if capacity - count < 2 { grow(toHold: 2) }
    storage[count] = first
    storage[count + 1] = second
    count += 2
  }

  /// Appends the bytes of `array` (written ahead of time: a tagged value's wrapper, a member).
  @inlinable @inline(__always)
  package mutating func append(_ array: [UInt8]) {
    array.withUnsafeBufferPointer { append($0) }
  }

  /// Appends bytes: up to 16 (a key, a number's digits) as two overlapping words or halves, not
  /// by a call to `memcpy`.
  // Figure: save of 1,000 clips 26.9 M (`memcpy` every append) → 26.7 M instructions (callgrind).
  @inlinable @inline(__always)
  package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress, bytes.count > 0 else { return }
    let length = bytes.count
    if capacity - count < length { grow(toHold: length) }
    let source = UnsafeRawPointer(base)
    let target = UnsafeMutableRawPointer(storage + count)
    if length >= 8, length <= 16 {
      let head = source.loadUnaligned(as: UInt64.self)
      let tail = source.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
      target.storeBytes(of: head, as: UInt64.self)
      target.storeBytes(of: tail, toByteOffset: length - 8, as: UInt64.self)
    } else if length >= 4, length < 8 {
      let head = source.loadUnaligned(as: UInt32.self)
      let tail = source.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)
      target.storeBytes(of: head, as: UInt32.self)
      target.storeBytes(of: tail, toByteOffset: length - 4, as: UInt32.self)
    } else if length < 4 {
      for offset in 0..<length { storage[count + offset] = base[offset] }
    } else {
      (storage + count).initialize(from: base, count: length)
    }
    count += length
  }

  /// Makes room for `length` more bytes and returns where they go, for a writer that fills them
  /// in place and then counts them with ``didAppend(_:)``.
  ///
  /// - Parameter length: The number of bytes to be written.
  /// - Returns: The first byte's place; valid until the buffer next changes.
  @inlinable @inline(__always)
  package mutating func space(for length: Int) -> UnsafeMutablePointer<UInt8> {
    if capacity - count < length { grow(toHold: length) }
    return storage + count
  }

  /// Counts `length` bytes written at ``space(for:)``'s pointer.
  ///
  /// - Parameter length: At most the length room was made for, every byte of it written.
  @inlinable @inline(__always)
  mutating func didAppend(_ length: Int) {
    count += length
  }

  /// Appends the bytes of a static ASCII string.
  @inlinable @inline(__always)
  package mutating func append(_ text: StaticString) {
    append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Replaces bytes already written, from `position` on, with `bytes`.
  ///
  /// - Parameters:
  ///   - position: Where to start; the bytes must end at or before ``count``.
  ///   - bytes: The new bytes.
  package mutating func overwrite(at position: Int, with bytes: Data) {
    guard position >= 0, position + bytes.count <= count else { return }
    bytes.withUnsafeBytes { (source: UnsafeRawBufferPointer) in
      guard let base = source.baseAddress else { return }
      UnsafeMutableRawPointer(storage + position).copyMemory(from: base, byteCount: source.count)
    }
  }

  /// Forgets the bytes past `newCount`.
  ///
  /// - Parameter newCount: The count to go back to; at most ``count``.
  package mutating func truncate(to newCount: Int) {
    count = min(max(0, newCount), count)
  }

  /// The bytes in `range`, valid until the next change to the buffer.
  package func bytes(in range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: storage + range.lowerBound, count: range.count)
  }

  /// Replaces everything from `start` on with `{`, the given segments of it joined by commas,
  /// and `}`: an object whose members were written out of order, put in order.
  ///
  /// - Parameters:
  ///   - start: Where the object begins.
  ///   - segments: Ranges at or after `start`, in the order to write them.
  package mutating func rewriteObject(from start: Int, segments: [Range<Int>]) {
    let length = count - start
    let saved = UnsafeMutablePointer<UInt8>.allocate(capacity: max(length, 1))
    defer { saved.deallocate() }
    saved.initialize(from: storage + start, count: length)
    count = start
    append(UInt8(ascii: "{"))
    for (index, segment) in segments.enumerated() {
      if index > 0 { append(UInt8(ascii: ",")) }
      append(
        UnsafeBufferPointer(start: saved + (segment.lowerBound - start), count: segment.count))
    }
    append(UInt8(ascii: "}"))
  }

  /// The bytes in `range`, as `Data`.
  package func makeData(_ range: Range<Int>) -> Data {
    Data(bytes: storage + range.lowerBound, count: range.count)
  }

  /// The bytes written, as an array.
  package func makeArray() -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      guard let base = buffer.baseAddress else { return }
      base.initialize(from: storage, count: count)
      initialized = count
    }
  }

  /// Hands the bytes from `start` on to a `Data` without copying them, then starts empty.
  ///
  /// - Parameter start: Where the bytes to keep begin; at most ``count``.
  /// - Returns: The bytes in `start..<count`.
  package mutating func detachData(from start: Int) -> Data {
    let offset = min(max(0, start), count)
    // Give back the unused tail; for a large buffer this remaps, it does not copy.
    let kept = realloc(storage, max(count, 1)) ?? UnsafeMutableRawPointer(storage)
    let base = kept.assumingMemoryBound(to: UInt8.self)
    let data = Data(
      bytesNoCopy: base + offset, count: count - offset,
      deallocator: .custom { pointer, _ in free(pointer - offset) })
    capacity = 16
    storage = Self.allocate(capacity)
    count = 0
    return data
  }

  /// Ends the process when memory runs out, as the standard library's allocations do. No document
  /// read reaches this: the buffer holds what a save writes from a composition in memory.
  @usableFromInline static func outOfMemory(_ bytes: Int) -> Never {
    fatalError("kadr-persistence: out of memory allocating \(bytes) bytes")
  }

  @usableFromInline mutating func grow(toHold extra: Int) {
    var newCapacity = capacity * 2
    while newCapacity - count < extra { newCapacity *= 2 }
    guard let grown = realloc(storage, newCapacity) else { Self.outOfMemory(newCapacity) }
    storage = grown.assumingMemoryBound(to: UInt8.self)
    capacity = newCapacity
  }
}
