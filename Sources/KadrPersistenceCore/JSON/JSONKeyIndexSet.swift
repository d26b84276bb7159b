/// The keys of one wide object being read, for the duplicate check: the positions of its keys on
/// the parser's key stack, in an open-addressed table of 32-bit slots.
///
/// A `Set<String>` of the keys cost some 40 bytes a key beside the keys themselves; this costs 8
/// (a table at most half full), so that an object of a million distinct keys costs no more to
/// check than its text. Keys are compared as strings, as the check always has.
// Figure: 64 MiB of one object of distinct keys costs 6.9× its size to read, 8.1× with a
// `Set<String>` (kadr-bench --limits shapes).
struct JSONKeyIndexSet {
  /// Key position + 1 for each slot, 0 when empty; a power of two.
  private var slots: [Int32]
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

  /// Inserts the key at `position`, whose string is `key`, unless an equal key is there.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - position: Its position on the key stack.
  ///   - keyAt: The string of the key at a position.
  /// - Returns: Whether it was inserted (`false`: a duplicate).
  mutating func insert(_ key: String, at position: Int, keyAt: (Int) -> String) -> Bool {
    // Grown first, so that growing reads only the keys already on the stack.
    if (count + 1) * 2 > slots.count { grow(keyAt: keyAt) }
    let mask = slots.count - 1
    var slot = key.hashValue & mask
    while slots[slot] != 0 {
      if keyAt(Int(slots[slot]) - 1) == key { return false }
      slot = (slot + 1) & mask
    }
    slots[slot] = Int32(truncatingIfNeeded: position + 1)
    count += 1
    return true
  }

  private mutating func grow(keyAt: (Int) -> String) {
    let old = slots
    slots = Array(repeating: 0, count: max(64, old.count * 2))
    let mask = slots.count - 1
    for entry in old where entry != 0 {
      var slot = keyAt(Int(entry) - 1).hashValue & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = entry
    }
  }
}
