/// The key sequences ("shapes") of a document's objects, each made into a `[String]` once.
///
/// Documents hold thousands of objects with the same keys in the same order (every `Time` is
/// `timescale`, `value`). Objects whose keys are all interned (see ``JSONKeyTable``) are looked
/// up by their sequence of key ids and share one shape on the tape (one keys array), which saves
/// an allocation per object, and lets the decoders check a shape once (``PayloadShape``).
struct JSONShapeTable {
  /// The most keys an object may have to have its shape shared.
  static let maximumKeyCount = 64
  /// The number of slots: a power of two, scaled to the document; half may be used.
  private let slotCount: Int
  /// Shape index + 1 for each slot, 0 when empty; allocated at the first shape.
  private var slots: [Int32] = []
  /// Every shape's key ids, one after the other.
  private var ids: [UInt32] = []
  /// Where each shape's ids start in ``ids``, and how many there are.
  private var spans: [(start: Int, count: Int)] = []
  /// Each shape's index among the tape's shapes.
  private var shapes: [Int] = []
  /// For each of the tape's shapes, where its key ids are in ``ids`` (and how many), or a count
  /// of -1 for a shape that is not shared.
  private var tapeShapes: [(start: Int32, count: Int32)] = [(0, 0)]
  /// The shape of the object read last in each context (a hash of the keys on the path to it),
  /// or -1: the shape the next object there most likely has.
  private var predictions: [Int32] = []
  /// The number of prediction slots, a power of two.
  private static let predictionCount = 4096

  /// Creates a table sized for a document of `documentSize` bytes: up to 8192 slots.
  init(documentSize: Int) {
    slotCount = JSONKeyTable.slotCount(forItems: documentSize / 16, maximum: 8192)
  }

  /// The tape's shape of the object whose key ids are `keyIDs`, or `nil` if the shape is
  /// new (call ``remember(_:shape:)``) or cannot be shared (a key without an id).
  mutating func shape(for keyIDs: UnsafeBufferPointer<UInt32>) -> Int? {
    guard let slot = slot(for: keyIDs), slots[slot] != 0 else { return nil }
    return shapes[Int(slots[slot]) - 1]
  }

  /// Remembers a new shape, the tape's shape at `shape` (the next one the tape has).
  ///
  /// - Returns: Whether it is remembered (shared); `false` for a shape that cannot be shared.
  @discardableResult
  mutating func remember(_ keyIDs: UnsafeBufferPointer<UInt32>, shape: Int) -> Bool {
    while tapeShapes.count <= shape { tapeShapes.append((0, -1)) }
    guard shapes.count < slotCount / 2, let slot = slot(for: keyIDs), slots[slot] == 0 else {
      return false
    }
    tapeShapes[shape] = (Int32(truncatingIfNeeded: ids.count), Int32(keyIDs.count))
    spans.append((ids.count, keyIDs.count))
    ids.append(contentsOf: keyIDs)
    shapes.append(shape)
    slots[slot] = Int32(shapes.count)
    return true
  }

  /// The shape most likely for the next object in `context`, or -1.
  @inline(__always)
  mutating func prediction(in context: UInt32) -> Int32 {
    if predictions.isEmpty {
      predictions = Array(repeating: -1, count: Self.predictionCount)
    }
    return predictions[Int(context) & (Self.predictionCount - 1)]
  }

  /// Remembers that the object read last in `context` had the tape's shape `shape`.
  @inline(__always)
  mutating func predict(_ shape: Int, in context: UInt32) {
    guard shape < tapeShapes.count, tapeShapes[shape].count > 0, !predictions.isEmpty else {
      return
    }
    predictions[Int(context) & (Self.predictionCount - 1)] = Int32(truncatingIfNeeded: shape)
  }

  /// The number of keys of the shared shape `shape`, or 0 when it is not shared.
  @inline(__always)
  func keyCount(of shape: Int32) -> Int {
    guard shape >= 0, Int(shape) < tapeShapes.count else { return 0 }
    return max(0, Int(tapeShapes[Int(shape)].count))
  }

  /// The id of the key at `index` of the shared shape `shape` (below ``keyCount(of:)``).
  @inline(__always)
  func keyID(_ index: Int, of shape: Int32) -> UInt32 {
    ids[Int(tapeShapes[Int(shape)].start) + index]
  }

  /// The slot holding the shape `keyIDs`, or the empty slot where it belongs; `nil` when the
  /// shape cannot be shared.
  private mutating func slot(for keyIDs: UnsafeBufferPointer<UInt32>) -> Int? {
    guard !keyIDs.isEmpty, keyIDs.count <= Self.maximumKeyCount else { return nil }
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for id in keyIDs {
      if id == 0 || id & JSONParser.textBit != 0 { return nil }
      hash = (hash ^ UInt64(id)) &* 0x0000_0100_0000_01B3
    }
    if slots.isEmpty { slots = [Int32](repeating: 0, count: slotCount) }
    var slot = Int(truncatingIfNeeded: hash ^ (hash >> 32)) & (slotCount - 1)
    for _ in 0..<JSONKeyTable.maximumProbes {
      guard slots[slot] != 0 else { return slot }
      let span = spans[Int(slots[slot]) - 1]
      if span.count == keyIDs.count,
        ids[span.start..<(span.start + span.count)].elementsEqual(keyIDs)
      {
        return slot
      }
      slot = (slot + 1) & (slotCount - 1)
    }
    return nil  // Too many collisions: do not share.
  }
}
