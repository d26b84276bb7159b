/// A growable byte buffer for the writer: appending checks the capacity and copies, nothing
/// more (no uniqueness check, no generic `append(contentsOf:)`), which is most of a writer's
/// time. Non-copyable, so its storage has exactly one owner.
struct JSONByteBuffer: ~Copyable {
  private var storage: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  /// The number of bytes written.
  private(set) var count = 0

  init(capacity: Int) {
    self.capacity = max(capacity, 16)
    storage = .allocate(capacity: self.capacity)
  }

  deinit {
    storage.deallocate()
  }

  /// Appends one byte.
  @inline(__always)
  mutating func append(_ byte: UInt8) {
    if count == capacity { grow(toHold: 1) }
    storage[count] = byte
    count += 1
  }

  /// Appends bytes.
  @inline(__always)
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress, bytes.count > 0 else { return }
    if capacity - count < bytes.count { grow(toHold: bytes.count) }
    (storage + count).initialize(from: base, count: bytes.count)
    count += bytes.count
  }

  /// Appends the bytes of a static ASCII string.
  @inline(__always)
  mutating func append(_ text: StaticString) {
    append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// The bytes written, as an array.
  func makeArray() -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      guard let base = buffer.baseAddress else { return }
      base.initialize(from: storage, count: count)
      initialized = count
    }
  }

  private mutating func grow(toHold extra: Int) {
    var newCapacity = capacity * 2
    while newCapacity - count < extra { newCapacity *= 2 }
    let newStorage = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newStorage.initialize(from: storage, count: count)
    storage.deallocate()
    storage = newStorage
    capacity = newCapacity
  }
}
