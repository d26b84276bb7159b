/// The keys of one wide object being read, for the duplicate check: the indices of its keys (in
/// the object) in an open-addressed table of 32-bit slots, at most three quarters full.
///
/// A `Set<String>` cost some 40 bytes a key beside the keys; this costs 5 to 11, so an object of a
/// million distinct keys costs no more to check than its text. Keys are hashed as strings and
/// compared as ``JSONParser`` compares them (as strings, or by bytes when both are ASCII).
// Figure: 64 MiB of one object of distinct keys costs 2.8× its size to open at three quarters
// full, 3.6× at half full (kadr-bench --limits shapes); it cost 6.9× with a `String` a key and
// the whole envelope made (``DocumentCoder``), 8.1× with a `Set<String>` as well.
@usableFromInline
struct JSONKeyIndexSet {
  /// For each slot, 0 when empty; else the key's index + 1 in the bits below the table's size,
  /// and above them the hash's bits there, which spare comparing most keys a probe passes.
  // Figure: 64 MiB of one object of distinct keys is refused in 12.6 s comparing every key a
  // probe passes, 5.0 s comparing those of the same hash bits (kadr-bench --limits shapes).
  private var slots: [UInt32]
  /// The number of keys.
  private var count = 0

  init() {
    slots = Array(repeating: 0, count: 64)
  }

  /// A set with no room, to stand in for one taken out of its place.
  static var placeholder: JSONKeyIndexSet {
    var set = JSONKeyIndexSet()
    set.slots = []
    return set
  }

  /// Inserts the key at `index` in the object, of hash `hash`, unless an equal key is there.
  ///
  /// - Parameters:
  ///   - hash: The key's hash, as its string's.
  ///   - index: Its index in the object: the number of keys before it.
  ///   - isEqual: Whether the key at an index is equal to it.
  ///   - hashAt: The hash of the key at an index.
  /// - Returns: Whether it was inserted (`false`: a duplicate).
  mutating func insert(
    hash: Int, at index: Int, isEqual: (Int) -> Bool, hashAt: (Int) -> Int
  ) -> Bool {
    // Grown first, so that growing reads only the keys already in the object.
    if (count + 1) * 4 > slots.count * 3 { grow(hashAt: hashAt) }
    let mask = slots.count - 1
    let tag = UInt32(truncatingIfNeeded: hash) & ~UInt32(truncatingIfNeeded: mask)
    var slot = hash & mask
    while slots[slot] != 0 {
      let entry = slots[slot]
      if entry & ~UInt32(truncatingIfNeeded: mask) == tag,
        isEqual(Int(entry & UInt32(truncatingIfNeeded: mask)) - 1)
      {
        return false
      }
      slot = (slot + 1) & mask
    }
    slots[slot] = tag | UInt32(truncatingIfNeeded: index + 1)
    count += 1
    return true
  }

  private mutating func grow(hashAt: (Int) -> Int) {
    let old = slots
    let oldMask = UInt32(truncatingIfNeeded: old.count - 1)
    slots = Array(repeating: 0, count: max(64, old.count * 2))
    let mask = slots.count - 1
    for entry in old where entry != 0 {
      let index = Int(entry & oldMask)
      let hash = hashAt(index - 1)
      var slot = hash & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] =
        UInt32(truncatingIfNeeded: hash) & ~UInt32(truncatingIfNeeded: mask)
        | UInt32(truncatingIfNeeded: index)
    }
  }
}
