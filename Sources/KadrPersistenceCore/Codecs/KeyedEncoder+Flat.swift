import Foundation
import KadrModel

extension KeyedEncoder {
  /// Writes the array of `filters` under `key`, each through the codec registered for its kind,
  /// and says which were left out: a filter that cannot be saved (its loss is reported) is not
  /// written, so that a codec can keep parallel arrays aligned by leaving out the same positions
  /// (pass the result to ``encode(_:keeping:for:)``).
  ///
  /// - Parameters:
  ///   - filters: The filters.
  ///   - key: The key.
  /// - Returns: `nil` when every filter was written, the usual case, for which no array is made;
  ///   otherwise, for each filter, whether it was written.
  /// - Throws: ``PersistenceError`` from a filter's codec.
  @discardableResult
  public mutating func encode(filters: [Filter], for key: Key) throws -> [Bool]? {
    var kept: [Bool]?
    let session = self.session
    try member(key.rawValue) { encoder throws in
      var array = encoder.array()
      for (index, filter) in filters.enumerated() {
        let written = try array.append(index: index) { element throws in
          try session.registry.encodeFilter(filter, to: element)
        }
        if !written {
          if kept == nil { kept = Array(repeating: true, count: filters.count) }
          kept?[index] = false
        }
      }
      return array.finish()
    }
    return kept
  }

  /// Writes a text animation through the codec registered for its type; with no codec, reports
  /// loss and omits the key. Does nothing for `nil`.
  ///
  /// - Parameters:
  ///   - animation: The text animation.
  ///   - key: The key.
  /// - Throws: ``PersistenceError`` from the animation's codec.
  public mutating func encodeIfPresent(textAnimation animation: (any TextAnimation)?, for key: Key)
    throws
  {
    guard let animation else { return }
    let session = self.session
    try member(key.rawValue) { encoder throws in
      try session.registry.encodeTextAnimation(animation, to: encoder)
    }
  }
}

extension KeyedEncoder {
  /// Whether a codec is registered for `filter` (or it is preserved content), so that
  /// ``encode(filters:for:)`` will write it unless its codec leaves it out; a codec with arrays
  /// parallel to its filters can write them first, in key order, keeping the same positions.
  ///
  /// - Parameter filter: The filter.
  public func canEncode(_ filter: Filter) -> Bool {
    checkLive()
    return session.registry.canEncode(filter, in: session)
  }

  /// Writes the array of those `elements` whose position `kept` marks, under `key`: an array
  /// parallel to another one that left some positions out (a clip's filter identities beside its
  /// filters, with what ``encode(filters:for:)`` returned). Each element's JSON pointer keeps
  /// its index in `elements`.
  ///
  /// Writing `key` again replaces the first array, and the losses it reported with it.
  ///
  /// - Parameters:
  ///   - elements: The elements, as many as `kept` has positions (extra ones are not written).
  ///   - kept: For each position, whether its element is written; `nil` writes every element.
  ///   - key: The key.
  /// - Throws: ``PersistenceError`` from an element.
  @inlinable
  public mutating func encode(
    _ elements: [some PersistableValue], keeping kept: [Bool]?, for key: Key
  ) throws {
    guard let kept else { return try encode(elements, for: key) }
    // Figure: by index and inlinable; an unspecialised `zip(…).enumerated()` looked up generic
    // metadata per element: a save of 1,000 clips 1.59 G → 1.06 G instructions (callgrind).
    try member(key.rawValue) { encoder throws in
      var array = encoder.array()
      for index in 0..<min(elements.count, kept.count) where kept[index] {
        _ = try array.append(elements[index], index: index)
      }
      return array.finish()
    }
  }
}
