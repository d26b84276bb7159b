import Foundation

/// The keys of one ``PayloadKey`` type, made ready once for every save: in canonical order, each
/// with its bytes as a member writes them (`"key":`, escaped).
///
/// A member's key is found here by its rank (its place in canonical order), so an encoder keeps
/// the order of an object's members as small integers and writes a key as one copy, with no
/// `String` stored, compared or escaped per member.
// Figure: with this table a save of 1,000 clips takes 33.9 M instructions, 44.4 M before, when
// every member's key was escaped, compared and kept as a `String` (callgrind).
final class EncodingKeyTable: @unchecked Sendable {
  /// The keys, in canonical order: a key's rank is its index here.
  let keys: [String]
  /// The bits of each key's `String` (in rank order), to find the rank of a key value by
  /// comparing two words rather than its characters; empty where a `String` is not two words.
  private let identities: UnsafeMutablePointer<StringIdentity>
  /// `"key":` for each key, one after the other, with each one's start in ``starts``.
  private let written: UnsafeMutablePointer<UInt8>
  /// Where each key's bytes start in ``written``, and (last) where the bytes end.
  private let starts: UnsafeMutablePointer<Int>

  /// The number of keys.
  var count: Int { keys.count }

  /// ``ranksUpTo(_:)`` of a flat payload's `kind`, which the registry adds to every one; set
  /// once, at the end of `init`.
  private var kindRanks: Int?

  /// Two words that equal another `String`'s only when the two are the same value: a small
  /// string's characters, or a large one's storage (kept alive by ``keys``, so never reused).
  typealias StringIdentity = (UInt64, UInt64)

  /// Whether a `String` is two words here, so that ``StringIdentity`` can be read.
  private static let hasIdentities = MemoryLayout<String>.size == 16

  /// Makes the table of `keys` (any order; a key listed twice is kept once).
  ///
  /// - Parameter keys: The raw values of a key type's cases.
  init(keys unordered: [String]) {
    var keys: [String] = []
    // Keys are told apart by their bytes, as in the output (`==` on `String`s would merge two
    // spellings of one character).
    for key in unordered.sorted(by: JSONOutput.precedes)
    where keys.last.map({ !$0.utf8.elementsEqual(key.utf8) }) ?? true {
      keys.append(key)
    }
    self.keys = keys
    identities = .allocate(capacity: max(keys.count, 1))
    for (rank, key) in keys.enumerated() {
      (identities + rank).initialize(to: Self.identity(of: key))
    }
    var output = JSONOutput(maximumDepth: 0)
    starts = .allocate(capacity: keys.count + 1)
    for (rank, key) in keys.enumerated() {
      starts[rank] = output.bytes.count
      output.writeString(key)
      output.bytes.append(UInt8(ascii: ":"))
    }
    starts[keys.count] = output.bytes.count
    let bytes = output.bytes.makeArray()
    written = .allocate(capacity: max(bytes.count, 1))
    written.initialize(from: bytes, count: bytes.count)
    kindRanks = ranksUpTo(CodecRegistry.flatKindKey)
  }

  deinit {
    identities.deallocate()
    written.deallocate()
    starts.deallocate()
  }

  /// The identity of `string`, or zeros where a `String` is not two words.
  @inline(__always)
  private static func identity(of string: String) -> StringIdentity {
    guard hasIdentities else { return (0, 0) }
    return withUnsafeBytes(of: string) { raw in
      (raw.load(as: UInt64.self), raw.load(fromByteOffset: 8, as: UInt64.self))
    }
  }

  /// The rank of `key`, or `nil` when it is not one of the table's keys.
  ///
  /// Codecs write their keys in the same order every time, mostly in canonical order, so the
  /// search starts at `hint` (the rank after the previous member's) and compares identities
  /// first; only a key made at run time is compared character by character.
  /// - Parameters:
  ///   - key: The key.
  ///   - hint: Where to look first.
  @inline(__always)
  func rank(of key: String, from hint: Int) -> Int? {
    if Self.hasIdentities {
      let identity = Self.identity(of: key)
      var rank = hint
      while rank < keys.count {
        if identities[rank] == identity { return rank }
        rank += 1
      }
      rank = 0
      while rank < min(hint, keys.count) {
        if identities[rank] == identity { return rank }
        rank += 1
      }
    }
    return slowRank(of: key)
  }

  /// ``rank(of:from:)`` by the characters.
  @inline(never)
  private func slowRank(of key: String) -> Int? {
    var low = 0
    var high = keys.count
    while low < high {
      let middle = (low + high) / 2
      if JSONOutput.precedes(keys[middle], key) { low = middle + 1 } else { high = middle }
    }
    return low < keys.count && keys[low].utf8.elementsEqual(key.utf8) ? low : nil
  }

  /// The number of keys that precede `key` or equal it: the rank from which the table's keys
  /// come after `key` in canonical order.
  ///
  /// - Parameter key: Any key.
  func ranksUpTo(_ key: String) -> Int {
    if let kindRanks, key == CodecRegistry.flatKindKey { return kindRanks }
    var low = 0
    var high = keys.count
    while low < high {
      let middle = (low + high) / 2
      if JSONOutput.precedes(key, keys[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }

  /// `"key":` of the key at `rank`, escaped, for the output.
  ///
  /// - Parameter rank: A rank below ``count``.
  @inline(__always)
  func written(at rank: Int) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: written + starts[rank], count: starts[rank + 1] - starts[rank])
  }
}

extension EncodingKeyTable {
  /// The tables made so far, by key type: made once per type for the process.
  private static let made = Locked<[ObjectIdentifier: EncodingKeyTable]>([:])

  /// The table of `Key`'s cases.
  ///
  /// - Parameter type: The key type.
  static func of<Key: PayloadKey>(_ type: Key.Type) -> EncodingKeyTable {
    let id = ObjectIdentifier(type)
    if let table = made.withLock({ $0[id] }) { return table }
    let table = EncodingKeyTable(keys: Key.allCases.map(\.rawValue))
    return made.withLock { tables in
      if let existing = tables[id] { return existing }
      tables[id] = table
      return table
    }
  }
}

/// The key tables one session has used, by key type: a small direct-mapped cache in front of the
/// process-wide one, so that starting an object finds its table without a lock or a hash.
// Figure: the process-wide lookup alone (a lock and a dictionary) for each of a save's 13,000
// objects cost 2.1 M instructions a save of 1,000 clips; this costs 0.1 M (callgrind).
struct EncodingKeyTableCache: ~Copyable {
  /// A slot: a key type and its table (kept alive by the process-wide cache for good).
  private struct Slot {
    var type: ObjectIdentifier?
    var table: Unmanaged<EncodingKeyTable>?
  }
  private static let slotCount = 64
  private let slots: UnsafeMutablePointer<Slot>

  init() {
    slots = .allocate(capacity: Self.slotCount)
    slots.initialize(repeating: Slot(), count: Self.slotCount)
  }

  deinit {
    slots.deallocate()
  }

  /// The table of `Key`.
  ///
  /// - Parameter type: The key type.
  @inline(__always)
  func table<Key: PayloadKey>(of type: Key.Type) -> Unmanaged<EncodingKeyTable> {
    let id = ObjectIdentifier(type)
    let slot = slots + Int(UInt(bitPattern: id) >> 4 & UInt(Self.slotCount - 1))
    if slot.pointee.type == id, let table = slot.pointee.table { return table }
    return fill(slot, with: type)
  }

  @inline(never)
  private func fill<Key: PayloadKey>(_ slot: UnsafeMutablePointer<Slot>, with type: Key.Type)
    -> Unmanaged<EncodingKeyTable>
  {
    let table = Unmanaged.passUnretained(EncodingKeyTable.of(type))
    slot.pointee = Slot(type: ObjectIdentifier(type), table: table)
    return table
  }
}
