import Foundation

extension ValueDecoder {
  /// The two integers of an object whose only members are `first` and `second`, both integer
  /// literals that fit `Int64`, found through the shape a keyed decoder already checked for
  /// `Key`; `nil` otherwise, and the caller reads the object through a keyed decoder (which
  /// refuses what is wrong, with its pointer).
  ///
  /// The decoding side of ``ValueEncoder/integers(_:_:)``: a time (3,300 in an open of 1,000
  /// clips) is read with no keyed decoder.
  // Figure: through a keyed decoder, about 470 instructions a time, 270 so; an open of 1,000
  // clips 33.7 M instructions before, 33.1 M so (callgrind).
  @inlinable
  func integers<Key: PayloadKey>(_ first: Key, _ second: Key) -> (Int64, Int64)? {
    contextRef.with { context -> (Int64, Int64)? in
      context.checkLive(location.node, location.serial, "ValueDecoder")
      let tape = context.view(tapeNumber)
      guard tape.tag(at: index) == .object,
        let number = tape.note(
          at: tape.shapeIndex(ofObjectAt: index), reader: context.reader,
          type: ObjectIdentifier(Key.self), hidden: -1)
      else { return nil }
      guard context.shapeSummaries[number].keyCount == 2,
        let position = context.member(of: first, inShape: number),
        context.member(of: second, inShape: number) == 1 - position
      else { return nil }
      let word0 = tape.firstMember(ofContainerAt: index)
      let word1 = word0 + tape.span(at: word0)
      guard let low = tape.integer(at: word0), let high = tape.integer(at: word1) else {
        return nil
      }
      return position == 0 ? (low, high) : (high, low)
    }
  }
}

extension JSONTapeView {
  /// The integer at `index`, when it is an integer literal that fits `Int64`.
  @inlinable
  func integer(at index: Int) -> Int64? {
    switch tag(at: index) {
    case .smallInteger: signedPayload(at: index)
    case .integer: Int64(bitPattern: bits(after: index))
    default: nil
    }
  }
}
