import Foundation

/// The keys of one key type (a codec's `PayloadKey`), made ready once for every save: in
/// canonical order, each with its bytes as a member writes them (`"key":`, escaped).
///
/// A key is found by its rank (place in canonical order): an encoder keeps member order as small
/// integers and writes a key as one copy, with no `String` stored, compared or escaped per member.
// Figure (callgrind): save of 1,000 clips 44.4 M → 30.2 M instructions with this table, not a
// `String` per member key escaped and compared; via `EncodingKeys`, not the object, 26.7 → 26.25 M.
@usableFromInline
package final class EncodingKeyTable: @unchecked Sendable {
  /// The keys, in canonical order: a key's rank is its index here.
  package let keys: [String]
  /// What encoders read of the table, in plain memory: see ``EncodingKeys``.
  @usableFromInline
  package struct Layout {
    /// The number of keys.
    @usableFromInline package let count: Int
    /// The bits of each key's `String` (in rank order), to find the rank of a key value by
    /// comparing two words rather than its characters; zeros where a `String` is not two words.
    @usableFromInline package let identities: UnsafeMutablePointer<StringIdentity>
    /// `"key":` for each key, one after the other, with each one's start in ``starts``.
    @usableFromInline package let written: UnsafeMutablePointer<UInt8>
    /// Where each key's bytes start in ``written``, and (last) where the bytes end.
    @usableFromInline package let starts: UnsafeMutablePointer<Int>
    /// The table itself, for what needs its strings.
    @usableFromInline package let table: Unmanaged<EncodingKeyTable>
  }

  /// The table's ``Layout``.
  private let layout: UnsafeMutablePointer<Layout>

  /// The view encoders read the table through.
  package var view: EncodingKeys { EncodingKeys(layout: UnsafePointer(layout)) }

  /// A key asked for often that may not be in the table (a flat payload's `kind`, which the
  /// registry adds to every one), and its ``ranksUpTo(_:)``; set once, at the end of `init`.
  private var frequentKey: String?
  private var frequentRanks = 0

  /// Two words that equal another `String`'s only when the two are the same value: a small
  /// string's characters, or a large one's storage (kept alive by ``keys``, so never reused).
  @usableFromInline package typealias StringIdentity = (UInt64, UInt64)

  /// Whether a `String` is two words here, so that ``StringIdentity`` can be read.
  @usableFromInline static let hasIdentities = MemoryLayout<String>.size == 16

  /// Makes the table of `keys` (any order; duplicates kept once). Only ``of(_:keys:frequent:)``
  /// makes tables, and it keeps each for good, so an ``EncodingKeys``'s pointer never dangles.
  ///
  /// - Parameters:
  ///   - keys: The raw values of a key type's cases.
  ///   - frequent: A key whose ``ranksUpTo(_:)`` is asked for often.
  fileprivate init(keys unordered: [String], frequent: String) {
    var keys: [String] = []
    // Told apart by bytes, as in the output: `String` `==` merges two spellings of one character.
    for key in unordered.sorted(by: JSONOutput.precedes)
    where keys.last.map({ !$0.utf8.elementsEqual(key.utf8) }) ?? true {
      keys.append(key)
    }
    self.keys = keys
    let identities = UnsafeMutablePointer<StringIdentity>.allocate(capacity: max(keys.count, 1))
    for (rank, key) in keys.enumerated() {
      (identities + rank).initialize(to: Self.identity(of: key))
    }
    var output = JSONOutput(maximumDepth: 0)
    let starts = UnsafeMutablePointer<Int>.allocate(capacity: keys.count + 1)
    for (rank, key) in keys.enumerated() {
      starts[rank] = output.bytes.count
      output.writeString(key)
      output.bytes.append(UInt8(ascii: ":"))
    }
    starts[keys.count] = output.bytes.count
    let bytes = output.bytes.makeArray()
    let written = UnsafeMutablePointer<UInt8>.allocate(capacity: max(bytes.count, 1))
    written.initialize(from: bytes, count: bytes.count)
    layout = .allocate(capacity: 1)
    layout.initialize(
      to: Layout(
        count: keys.count, identities: identities, written: written, starts: starts,
        table: .passUnretained(self)))
    frequentRanks = ranksUpTo(frequent)
    frequentKey = frequent
  }

  deinit {
    layout.pointee.identities.deallocate()
    layout.pointee.written.deallocate()
    layout.pointee.starts.deallocate()
    layout.deallocate()
  }

  /// The identity of `string`, or zeros where a `String` is not two words.
  @inlinable @inline(__always)
  package static func identity(of string: String) -> StringIdentity {
    guard hasIdentities else { return (0, 0) }
    return withUnsafeBytes(of: string) { raw in
      (raw.load(as: UInt64.self), raw.load(fromByteOffset: 8, as: UInt64.self))
    }
  }

  /// The rank of `key`, found by its characters (see ``EncodingKeys/rank(of:from:)``).
  @usableFromInline @inline(never)
  func slowRank(of key: String) -> Int? {
    var low = 0
    var high = keys.count
    while low < high {
      let middle = (low + high) / 2
      if JSONOutput.precedes(keys[middle], key) { low = middle + 1 } else { high = middle }
    }
    return low < keys.count && keys[low].utf8.elementsEqual(key.utf8) ? low : nil
  }

  /// The number of keys at or before `key` in canonical order: the first rank of the keys after it.
  ///
  /// - Parameter key: Any key.
  package func ranksUpTo(_ key: String) -> Int {
    if key == frequentKey { return frequentRanks }
    var low = 0
    var high = keys.count
    while low < high {
      let middle = (low + high) / 2
      if JSONOutput.precedes(key, keys[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}

/// A key table as encoders read it: a pointer to its ``EncodingKeyTable/Layout`` (kept for good),
/// so that finding a rank or a key's bytes costs no call and no reference counting.
@usableFromInline
package struct EncodingKeys {
  @usableFromInline package let layout: UnsafePointer<EncodingKeyTable.Layout>

  /// The table.
  package var table: EncodingKeyTable { layout.pointee.table.takeUnretainedValue() }

  /// The number of keys.
  @inlinable package var count: Int { layout.pointee.count }

  /// The rank of `key`, or `nil` when it is not one of the table's keys.
  ///
  /// Codecs write their keys in the same order every time, mostly in canonical order, so the
  /// search starts at `hint` (the rank after the previous member's) and compares identities
  /// first; only a key made at run time is compared character by character.
  /// - Parameters:
  ///   - key: The key.
  ///   - hint: Where to look first.
  @inlinable @inline(__always)
  package func rank(of key: String, from hint: Int) -> Int? {
    if EncodingKeyTable.hasIdentities {
      let identity = EncodingKeyTable.identity(of: key)
      let identities = layout.pointee.identities
      let count = layout.pointee.count
      var rank = hint
      while rank < count {
        if identities[rank] == identity { return rank }
        rank += 1
      }
      rank = 0
      while rank < min(hint, count) {
        if identities[rank] == identity { return rank }
        rank += 1
      }
    }
    return layout.pointee.table._withUnsafeGuaranteedRef { $0.slowRank(of: key) }
  }

  /// `"key":` of the key at `rank`, escaped, for the output.
  ///
  /// - Parameter rank: A rank below ``count``.
  @inlinable @inline(__always)
  package func written(at rank: Int) -> UnsafeBufferPointer<UInt8> {
    let starts = layout.pointee.starts
    return UnsafeBufferPointer(
      start: layout.pointee.written + starts[rank], count: starts[rank + 1] - starts[rank])
  }

  /// The key at `rank`.
  package func key(at rank: Int) -> String {
    layout.pointee.table._withUnsafeGuaranteedRef { $0.keys[rank] }
  }

  /// See ``EncodingKeyTable/ranksUpTo(_:)``.
  package func ranksUpTo(_ key: String) -> Int {
    layout.pointee.table._withUnsafeGuaranteedRef { $0.ranksUpTo(key) }
  }
}

extension EncodingKeyTable {
  /// The tables made so far, by key type: made once per type for the process.
  private static let made = Locked<[ObjectIdentifier: EncodingKeyTable]>([:])

  /// The table of a key type's cases, made the first time the process asks for it.
  ///
  /// - Parameters:
  ///   - id: The key type.
  ///   - keys: Its cases' keys, asked for only when the table is made.
  ///   - frequent: A key whose ranks are asked for often (see the initialiser).
  package static func of(
    _ id: ObjectIdentifier, keys: () -> [String], frequent: String
  ) -> EncodingKeyTable {
    if let table = made.withLock({ $0[id] }) { return table }
    let table = EncodingKeyTable(keys: keys(), frequent: frequent)
    return made.withLock { tables in
      if let existing = tables[id] { return existing }
      tables[id] = table
      return table
    }
  }
}

/// The key tables one session has used, by key type: a small cache in front of the process-wide
/// one, so that starting an object finds its table without a lock or a hash.
// Figure: a process-wide lookup (lock and dictionary, 550 instructions) per object would cost 7 M
// instructions a save of 1,000 clips (13,000 objects); this cache: 31 misses, 0.08 M (callgrind).
@usableFromInline
package struct EncodingKeyTableCache: ~Copyable {
  /// A slot: a key type and its table (kept alive by the process-wide cache for good).
  @usableFromInline
  struct Slot {
    @usableFromInline var type: ObjectIdentifier?
    @usableFromInline var keys: EncodingKeys?
  }
  @usableFromInline static let slotCount = 128
  /// The most types kept; past them, a type is looked up in the process-wide cache each time.
  @usableFromInline static let maximumCount = 96
  @usableFromInline let slots: UnsafeMutablePointer<Slot>
  @usableFromInline var count = 0

  package init() {
    slots = .allocate(capacity: Self.slotCount)
    slots.initialize(repeating: Slot(), count: Self.slotCount)
  }

  deinit {
    slots.deallocate()
  }

  // Figure: 1,030 → 31 misses a save of 1,000 clips (direct-mapped, 64 slots: 0.6 M instructions).
  /// The table of the key type `id` (`keys` is called only the first time the process meets it).
  ///
  /// Open addressing from the type's scrambled metadata address (Fibonacci hashing): a type,
  /// once met, stays, so only a save's first use of each key type misses.
  /// - Parameters:
  ///   - id: The key type.
  ///   - keys: Its cases' raw values.
  ///   - frequent: A key whose ranks are asked for often (see ``EncodingKeys/ranksUpTo(_:)``).
  @inlinable @inline(__always)
  package mutating func table(
    of id: ObjectIdentifier, keys: () -> [String], frequent: String
  ) -> EncodingKeys {
    var index = id.slot(bits: 7)
    while let found = slots[index].type {
      if found == id, let keys = slots[index].keys { return keys }
      index = (index + 1) & (Self.slotCount - 1)
    }
    return fill(index, with: id, keys: keys, frequent: frequent)
  }

  @usableFromInline @inline(never)
  package mutating func fill(
    _ index: Int, with id: ObjectIdentifier, keys: () -> [String], frequent: String
  ) -> EncodingKeys {
    let table = EncodingKeyTable.of(id, keys: keys, frequent: frequent).view
    guard count < Self.maximumCount else { return table }
    count += 1
    slots[index] = Slot(type: id, keys: table)
    return table
  }
}
