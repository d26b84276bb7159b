/// Values found by a type's identity through open addressing, for lookups on a save's hot path
/// (a codec for each clip's type): no hashing of the identity, one multiply and a probe or two.
///
/// Made when a table changes, read many times; at most half full, so a probe ends quickly.
// Figure: a dictionary lookup (SipHash) cost about 330 instructions, 0.33 M a save (callgrind).
struct TypeSlots<Value>: Sendable where Value: Sendable {
  private var types: [ObjectIdentifier?] = []
  private var values: [Value?] = []
  /// How many bits of the scrambled identity pick a slot (the table has `1 << bits` slots).
  private var bits = 0

  /// Slots for `entries`.
  ///
  /// - Parameter entries: Each type's identity and its value; identities are distinct.
  init(_ entries: [ObjectIdentifier: Value]) {
    guard !entries.isEmpty else { return }
    while 1 << bits < entries.count * 2 { bits += 1 }
    types = Array(repeating: nil, count: 1 << bits)
    values = Array(repeating: nil, count: 1 << bits)
    for (type, value) in entries {
      var index = type.slot(bits: bits)
      while types[index] != nil { index = (index + 1) & (types.count - 1) }
      types[index] = type
      values[index] = value
    }
  }

  init() {}

  /// The value of `type`, or `nil`.
  @inline(__always)
  func value(of type: ObjectIdentifier) -> Value? {
    guard !types.isEmpty else { return nil }
    var index = type.slot(bits: bits)
    while let found = types[index] {
      if found == type { return values[index] }
      index = (index + 1) & (types.count - 1)
    }
    return nil
  }
}
