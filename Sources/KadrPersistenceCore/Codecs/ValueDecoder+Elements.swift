import Foundation

extension ValueDecoder {
  /// The elements of an array, each read through its own ``ValueDecoder``.
  ///
  /// A collection rather than an array of decoders: an element's decoder is made when it is
  /// read, so reading an array allocates nothing for its decoders.
  public struct Elements: RandomAccessCollection {
    @usableFromInline let context: DecodingContext
    @usableFromInline let items: [JSONValue]
    /// The array's path node.
    @usableFromInline let node: Int

    @inlinable
    init(context: DecodingContext, items: [JSONValue], node: Int) {
      self.context = context
      self.items = items
      self.node = node
    }

    /// The first element's position: 0.
    @inlinable
    public var startIndex: Int { 0 }

    /// The number of elements.
    @inlinable
    public var endIndex: Int { items.count }

    /// The positions of the elements.
    @inlinable
    public var indices: Range<Int> { 0..<items.count }

    /// The decoder of the element at `position`.
    ///
    /// - Parameter position: The element's index, below ``endIndex``.
    @inlinable
    public subscript(position: Int) -> ValueDecoder {
      ValueDecoder(
        context: context, json: items[position],
        location: DecodingLocation(node: node, member: position))
    }
  }
}
