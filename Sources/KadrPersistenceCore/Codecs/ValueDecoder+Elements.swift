import Foundation

extension ValueDecoder {
  /// The elements of an array, each read through its own ``ValueDecoder``.
  ///
  /// A collection rather than an array of decoders: an element's decoder is made when it is
  /// read, so reading an array allocates nothing for its decoders.
  ///
  /// Like the decoder it came from, it is valid while the decoding call that gave that decoder
  /// out runs, and traps with a message saying so when it is used after.
  public struct Elements: RandomAccessCollection {
    @usableFromInline let context: Lent<DecodingContext>
    /// The number of the tape the array is on.
    @usableFromInline let tape: Int
    /// The array's first word on the tape.
    @usableFromInline let array: Int
    /// The number of elements.
    @usableFromInline let elementCount: Int
    /// The array's path node, and its serial number.
    @usableFromInline let node: Int
    @usableFromInline let serial: UInt64

    @inlinable
    init(
      context: Lent<DecodingContext>, tape: Int, array: Int, count: Int, node: Int
    ) {
      self.context = context
      self.tape = tape
      self.array = array
      elementCount = count
      self.node = node
      serial = context.with { $0.nodes[node].serial }
    }

    /// The first element's position: 0.
    @inlinable
    public var startIndex: Int { 0 }

    /// The number of elements.
    @inlinable
    public var endIndex: Int { elementCount }

    /// The positions of the elements.
    @inlinable
    public var indices: Range<Int> { 0..<elementCount }

    /// The decoder of the element at `position`.
    ///
    /// Reading the elements in order costs one step each; reading them out of order costs a
    /// walk from the first.
    /// - Parameter position: The element's index, below ``endIndex``.
    @inlinable
    public subscript(position: Int) -> ValueDecoder {
      precondition(position >= 0 && position < elementCount, "Index out of range")
      return ValueDecoder(
        context: context, tape: tape,
        index: context.with {
          $0.checkLive(node, serial, "ValueDecoder.Elements")
          return $0.word(ofElement: position, ofArrayAt: array, node: node, in: $0.view(tape))
        },
        location: DecodingLocation(node: node, member: position, serial: serial))
    }
  }
}
