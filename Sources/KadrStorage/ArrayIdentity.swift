extension Array {
  /// The address of the array's storage, which identifies the array while it is held (0 when
  /// it has none): how the decoders find again the shape of a keys array the reader shared.
  @inlinable
  package var storageAddress: UInt {
    withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
  }
}
