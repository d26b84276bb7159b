import Foundation

/// One object's keys, checked against one ``PayloadKey`` type, with where each key's member is.
///
/// The reader gives every object of one shape the same keys array, so checking keys (a string
/// switch per key) and finding members (a string comparison per member) happen once per shape
/// and key type, not per object: the ``DecodingContext`` keeps the shapes it checked last, by
/// the keys array's identity (held here, so it stays valid).
@usableFromInline
final class PayloadShape {
  /// How many shapes a context keeps at hand (a power of two); a shape may be in either slot
  /// of a pair. Shapes pushed out are kept in ``DecodingContext/shapeOverflow``.
  static let cacheSize = 512
  /// How many shapes the overflow keeps at most; past it, shapes are checked again when seen.
  static let overflowLimit = 4096

  /// The key type the keys were checked against.
  @usableFromInline let keyType: ObjectIdentifier
  /// The object's keys.
  @usableFromInline let keys: [String]
  /// The position of a member the payload does not show (a flat payload's `kind`), or -1.
  @usableFromInline let hidden: Int
  /// The address of the keys' storage, which identifies the array while ``keys`` holds it.
  let address: UInt
  /// Each key's member position (or -1), by its case's position among the key type's cases.
  /// Empty when cases cannot be told apart by tag (not a plain enum): members are found by name.
  @usableFromInline let positions: [Int32]
  /// The shape's number in the open that made it (``DecodingContext/openShapes``).
  @exclusivity(unchecked) @usableFromInline var number = -1

  /// Checks `keys` against `Key`, refusing any key it does not have except the one at `hidden`
  /// (a member the payload does not show; -1: none).
  ///
  /// - Throws: ``PersistenceError`` with ``PersistenceError/Reason/unknownField(_:known:)`` at
  ///   the first unknown key, under the object's pointer (`pointer`).
  init<Key: PayloadKey>(
    keys: [String], hiding hidden: Int, for type: Key.Type, at pointer: () -> JSONPointer
  ) throws {
    // Figure: by `Key(rawValue:)`, the 60 shapes of an open of 1,000 clips 1.27 M → 0.35 M
    // instructions (callgrind).
    let cases = PayloadKeyCases.of(Key.self)
    var found: [Int] = Array(repeating: -1, count: keys.count)
    for (index, key) in keys.enumerated() where index != hidden {
      guard let position = cases.position(of: key, in: Key.self) else {
        throw PersistenceError(
          .unknownField(key, known: cases.rawValues), at: pointer().appending(key: key))
      }
      found[index] = position
    }
    var positions: [Int32] = []
    if let caseCount = cases.tagCaseCount {
      positions = Array(repeating: -1, count: caseCount)
      for (index, position) in found.enumerated() where position >= 0 {
        if let member = Int32(exactly: index) { positions[position] = member }
      }
    }
    keyType = ObjectIdentifier(type)
    self.keys = keys
    self.hidden = hidden
    address = keys.storageAddress
    self.positions = positions
  }

  /// The position of `key`'s member, or `nil` when the payload does not have it.
  @inlinable
  func member<Key: PayloadKey>(of key: Key) -> Int? {
    if !positions.isEmpty {
      let tag = PlainEnum.tag(of: key)
      if tag < positions.count {
        let position = positions[tag]
        return position < 0 ? nil : Int(position)
      }
    }
    let name = key.rawValue
    return keys.indices.first { $0 != hidden && keys[$0] == name }
  }

  /// Whether this shape is the one of `keys` (by identity) and `hidden` for the key type `type`.
  @inline(__always)
  func matches(_ type: ObjectIdentifier, keys: [String], hidden: Int) -> Bool {
    keyType == type && hidden == self.hidden && keys.count == self.keys.count
      && address == keys.storageAddress
  }

  /// The first of the pair of cache slots of a keys array and key type.
  @inline(__always)
  static func slot(address: UInt, type: ObjectIdentifier) -> Int {
    let typeBits = UInt(bitPattern: type)
    let mixed = UInt64(truncatingIfNeeded: address ^ (typeBits &<< 17 | typeBits &>> 47))
    // Fibonacci hashing: the top bits of the product depend on every bit of the input.
    let hash = (mixed &* 0x9E37_79B9_7F4A_7C15) >> 55
    return Int(truncatingIfNeeded: hash) & (cacheSize - 2)
  }
}

extension DecodingContext {
  /// The shape of a payload with `keys` and hidden member `hidden` (-1: none) for the key type
  /// identified by `type`, if this context checked it recently.
  @usableFromInline
  func cachedShape(of keys: [String], hiding hidden: Int, type: ObjectIdentifier)
    -> PayloadShape?
  {
    // Figure: open of 1,000 clips 78.7 M instructions without this cache, 66.6 M with (−15 %).
    let slot = PayloadShape.slot(address: keys.storageAddress, type: type)
    if let cached = shapes[slot], cached.matches(type, keys: keys, hidden: hidden) {
      return cached
    }
    if let cached = shapes[slot + 1], cached.matches(type, keys: keys, hidden: hidden) {
      return cached
    }
    return nil
  }

  /// Checks a payload's `keys` (but the hidden member at `hidden`; -1: none) against the key type
  /// `type`, and keeps the shape for the next payload with the same keys array.
  ///
  /// - Throws: ``PersistenceError``, under the payload's `location`, for a key `type` lacks.
  @usableFromInline
  func newShape<Key: PayloadKey>(
    of keys: [String], hiding hidden: Int, for type: Key.Type, at location: DecodingLocation
  ) throws -> PayloadShape {
    let typeID = ObjectIdentifier(type)
    let address = keys.storageAddress
    let overflowKey = ShapeKey(address: address, type: typeID, hidden: hidden)
    let shape: PayloadShape
    if let kept = shapeOverflow[overflowKey], kept.matches(typeID, keys: keys, hidden: hidden) {
      shape = kept
    } else {
      shape = try PayloadShape(keys: keys, hiding: hidden, for: type) { pointer(of: location) }
      number(shape)
    }
    let slot = PayloadShape.slot(address: address, type: typeID)
    // The newest shape takes the pair's first slot, pushing its holder to the second and that
    // one's to the overflow (so more shapes than a pair holds are not checked again and again).
    if let pushedOut = shapes[slot + 1], shapeOverflow.count < PayloadShape.overflowLimit {
      shapeOverflow[
        ShapeKey(address: pushedOut.address, type: pushedOut.keyType, hidden: pushedOut.hidden)] =
        pushedOut
    }
    shapes[slot + 1] = shapes[slot]
    shapes[slot] = shape
    return shape
  }
}

/// What the decoders read of a payload shape for every member (``DecodingContext/shapeSummaries``).
@usableFromInline
struct ShapeSummary: BitwiseCopyable {
  /// The number of keys.
  @usableFromInline var keyCount: Int
  /// Where the shape's positions start in ``DecodingContext/shapePositions``, and how many
  /// there are (0: members are found by name).
  @usableFromInline var positionsStart: Int
  @usableFromInline var positionsCount: Int
}

extension DecodingContext {
  /// Gives `shape`, made in this open, its number, and its summary and positions their places.
  func number(_ shape: PayloadShape) {
    shape.number = openShapes.count
    openShapes.append(shape)
    let start = shapePositionCount
    shapePositionCount += shape.positions.count
    shapePositions.reserve(shapePositionCount)
    for (offset, position) in shape.positions.enumerated() {
      shapePositions[start + offset] = position
    }
    shapeSummaries.reserve(openShapes.count)
    shapeSummaries[shape.number] = ShapeSummary(
      keyCount: shape.keys.count, positionsStart: start, positionsCount: shape.positions.count)
  }

  /// The position of `key`'s member in the shape numbered `number`, or `nil` when the payload
  /// does not have it.
  @inlinable
  func member<Key: PayloadKey>(of key: Key, inShape number: Int) -> Int? {
    let summary = shapeSummaries[number]
    let tag = PlainEnum.tag(of: key)
    if summary.positionsCount > 0, tag < summary.positionsCount {
      let position = shapePositions[summary.positionsStart + tag]
      return position < 0 ? nil : Int(position)
    }
    return openShapes[number].member(of: key)
  }
}

/// What identifies a payload shape: its keys array's address, key type and hidden member.
struct ShapeKey: Hashable {
  let address: UInt
  let type: ObjectIdentifier
  let hidden: Int
}

/// A ``PayloadKey`` type's cases by raw value, for checking shapes; made once per type per process.
final class PayloadKeyCases: @unchecked Sendable {
  // Unchecked: immutable after `init`.
  /// The raw values, in the order of `allCases`.
  let rawValues: [String]
  /// The position in `allCases` of each raw value.
  private let positions: [String: Int]
  /// See ``PlainEnum/caseCount(of:)``.
  let tagCaseCount: Int?

  private init<Key: PayloadKey>(_ type: Key.Type) {
    rawValues = Key.allCases.map(\.rawValue)
    positions = Dictionary(rawValues.enumerated().map { ($1, $0) }) { first, _ in first }
    tagCaseCount = PlainEnum.caseCount(of: Key.self)
  }

  /// The position in `Key.allCases` of the case `key` names, or `nil`. A key type whose
  /// `init(rawValue:)` accepts other spellings of its cases' raw values is asked after the table.
  func position<Key: PayloadKey>(of key: String, in type: Key.Type) -> Int? {
    if let position = positions[key] { return position }
    guard let known = Key(rawValue: key) else { return nil }
    return positions[known.rawValue]
  }

  /// The tables made so far, by key type.
  private static let made = Locked<[ObjectIdentifier: PayloadKeyCases]>([:])

  /// The table of `Key`'s cases.
  static func of<Key: PayloadKey>(_ type: Key.Type) -> PayloadKeyCases {
    let id = ObjectIdentifier(type)
    if let table = made.withLock({ $0[id] }) { return table }
    let table = PayloadKeyCases(type)
    return made.withLock { tables in
      if let existing = tables[id] { return existing }
      tables[id] = table
      return table
    }
  }
}
