import Foundation
import KadrModel

extension KeyedEncoder {
  /// Writes the array of `filters` under `key`, each through the codec registered for its kind,
  /// and says which were written: a filter that cannot be saved (its loss is reported) is left
  /// out, so that a codec can keep parallel arrays aligned by leaving out the same positions.
  ///
  /// - Parameters:
  ///   - filters: The filters.
  ///   - key: The key.
  /// - Returns: For each filter, whether it was written.
  /// - Throws: ``PersistenceError`` from a filter's codec.
  public mutating func encode(filters: [Filter], for key: Key) throws(PersistenceError) -> [Bool] {
    var kept: [Bool] = []
    kept.reserveCapacity(filters.count)
    let session = self.session
    try member(key.rawValue) { encoder throws(PersistenceError) in
      var array = encoder.array()
      for (index, filter) in filters.enumerated() {
        kept.append(
          try array.append(index: index) { element throws(PersistenceError) in
            try session.registry.encodeFilter(filter, to: element)
          })
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
    throws(PersistenceError)
  {
    guard let animation else { return }
    let session = self.session
    try member(key.rawValue) { encoder throws(PersistenceError) in
      try session.registry.encodeTextAnimation(animation, to: encoder)
    }
  }
}
