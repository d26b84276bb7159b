/// The key sequences ("shapes") of a document's objects, each made into a `[String]` once.
///
/// Documents hold thousands of objects with the same keys in the same order (every `Time` is
/// `timescale`, `value`). Objects whose keys are all interned (see ``JSONKeyTable``) are looked
/// up by their sequence of key ids and share one shape on the tape (one keys array), which saves
/// an allocation per object, and lets the decoders check a shape once (``JSONShapeNote``).
@usableFromInline
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
  /// The shape (its index here, not the tape's: the tape's shapes that are not shared have no
  /// entry here, which would cost 8 bytes each) of the object read last in each context (a hash
  /// of the keys on the path to it), or -1: the shape the next object there most likely has.
  // Figure: see ``JSONKeySpan`` (measured with it: 2.9× for objects of new keys, 4.7× before).
  private var predictions: [Int32] = []
  /// The number of prediction slots, a power of two.
  private static let predictionCount = 4096

  /// Creates a table sized for a document of `documentSize` bytes: up to 8192 slots.
  init(documentSize: Int) {
    slotCount = JSONKeyTable.slotCount(forItems: documentSize / 16, maximum: 8192)
  }

  /// The tape's shape of the object of key ids `keyIDs`, and its index here; `nil` if the shape is
  /// new (call ``remember(_:shape:)``) or cannot be shared (a key without an id).
  mutating func shape(for keyIDs: UnsafeBufferPointer<UInt32>) -> (
    shape: Int, index: Int32
  )? {
    guard let slot = slot(for: keyIDs), slots[slot] != 0 else { return nil }
    let index = Int(slots[slot]) - 1
    return (shapes[index], Int32(truncatingIfNeeded: index))
  }

  /// Remembers a new shape, the tape's shape at `shape` (the next one the tape has).
  ///
  /// - Returns: Its index here (it is shared), or `nil` for a shape that cannot be shared.
  mutating func remember(_ keyIDs: UnsafeBufferPointer<UInt32>, shape: Int) -> Int32? {
    guard shapes.count < slotCount / 2, let slot = slot(for: keyIDs), slots[slot] == 0 else {
      return nil
    }
    spans.append((ids.count, keyIDs.count))
    ids.append(contentsOf: keyIDs)
    shapes.append(shape)
    slots[slot] = Int32(shapes.count)
    return Int32(truncatingIfNeeded: shapes.count - 1)
  }

  /// The tape's shape of the shape at `index` here.
  @inline(__always)
  func tapeShape(of index: Int32) -> Int {
    shapes[Int(index)]
  }

  /// The shape (its index here) most likely for the next object in `context`, or -1.
  @inline(__always)
  mutating func prediction(in context: UInt32) -> Int32 {
    if predictions.isEmpty {
      predictions = Array(repeating: -1, count: Self.predictionCount)
    }
    return predictions[Int(context) & (Self.predictionCount - 1)]
  }

  /// Remembers that the object read last in `context` had the shape at `index` here.
  @inline(__always)
  mutating func predict(_ index: Int32, in context: UInt32) {
    guard !predictions.isEmpty else { return }
    predictions[Int(context) & (Self.predictionCount - 1)] = index
  }

  /// The number of keys of the shape at `index` here, or 0 when there is none (-1).
  @inline(__always)
  func keyCount(of index: Int32) -> Int {
    guard index >= 0, Int(index) < spans.count else { return 0 }
    return spans[Int(index)].count
  }

  /// The id of the key at `key` of the shape at `index` here (below ``keyCount(of:)``).
  @inline(__always)
  func keyID(_ key: Int, of index: Int32) -> UInt32 {
    ids[spans[Int(index)].start + key]
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
