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
    tape.integers(ofObjectAt: index, first, second)
  }
}

extension JSONTapeView {
  /// The words of the two members of the object at `index` when its only members are `first`
  /// and `second`, and its shape was checked for `Key` before (by a keyed decoder); else `nil`.
  @inlinable
  func memberWords<Key: PayloadKey>(ofObjectAt index: Int, _ first: Key, _ second: Key)
    -> (Int, Int)?
  {
    guard tag(at: index) == .object,
      let shapeRef = note(
        at: shapeIndex(ofObjectAt: index), as: PayloadShape.self,
        type: ObjectIdentifier(Key.self), hidden: -1)
    else { return nil }
    return shapeRef._withUnsafeGuaranteedRef { shape -> (Int, Int)? in
      guard shape.keys.count == 2, let position = shape.member(of: first),
        shape.member(of: second) == 1 - position
      else { return nil }
      let word0 = firstMember(ofContainerAt: index)
      let word1 = word0 + span(at: word0)
      return position == 0 ? (word0, word1) : (word1, word0)
    }
  }

  /// See ``ValueDecoder/integers(_:_:)``: the object at `index`.
  @inlinable
  func integers<Key: PayloadKey>(ofObjectAt index: Int, _ first: Key, _ second: Key)
    -> (Int64, Int64)?
  {
    guard let (firstWord, secondWord) = memberWords(ofObjectAt: index, first, second),
      let firstValue = integer(at: firstWord), let secondValue = integer(at: secondWord)
    else { return nil }
    return (firstValue, secondValue)
  }

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
