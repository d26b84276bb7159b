extension ObjectIdentifier {
  /// A slot among `1 << bits` for this identity: its address scrambled by Fibonacci hashing, so
  /// that metadata addresses (aligned, close together) spread over the slots.
  ///
  /// - Parameter bits: The number of bits of the slot index, 1 to 63; 0 gives slot 0.
  @inlinable @inline(__always)
  package func slot(bits: Int) -> Int {
    guard bits > 0 else { return 0 }
    return Int((UInt(bitPattern: self) &* 0x9E37_79B9_7F4A_7C15) >> (UInt.bitWidth - bits))
  }
}
