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
  public mutating func encode(filters: [Filter], for key: Key) throws -> [Bool] {
    var kept: [Bool] = []
    kept.reserveCapacity(filters.count)
    let session = self.session
    try member(key.rawValue) { encoder throws in
      var array = encoder.array()
      for (index, filter) in filters.enumerated() {
        kept.append(
          try array.append(index: index) { element throws in
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
  /// Writes a filter list and its two parallel arrays (identities and intensity animations),
  /// each under its key, leaving out the same positions from all three: those of filters that
  /// cannot be saved (their loss is reported).
  ///
  /// The three members are written in canonical key order, so the object needs no reordering:
  /// which filters can be saved is known from the registry before any is written. Should a
  /// filter's codec still leave its value out, the two parallel arrays are written again to
  /// match, and the later members replace the earlier ones.
  ///
  /// - Parameters:
  ///   - filters: The filters.
  ///   - ids: One identity per filter.
  ///   - animations: One optional animation per filter; `nil`, or an animation that cannot be
  ///     saved (reported as loss), is written as `null`.
  ///   - filtersKey: The key of the filter list.
  ///   - idsKey: The key of the identities.
  ///   - animationsKey: The key of the animations.
  /// - Throws: ``PersistenceError`` from a filter's codec or an animation.
  public mutating func encode(
    filters: [Filter], ids: [FilterID], animations: [Animation<Double>?],
    filtersKey: Key, idsKey: Key, animationsKey: Key
  ) throws {
    let registry = session.registry
    let expected = filters.map { registry.canEncode($0) }
    let members = [(animationsKey, 0), (filtersKey, 1), (idsKey, 2)].sorted {
      JSONOutput.precedes($0.0.rawValue, $1.0.rawValue)
    }
    var kept = expected
    var animationLosses = 0..<0
    for (key, role) in members {
      switch role {
      case 0:
        let before = session.losses.count
        try encode(animations: animations, keeping: expected, for: key)
        animationLosses = before..<session.losses.count
      case 1: kept = try encode(filters: filters, for: key)
      default: try encode(ids: ids, keeping: expected, for: key)
      }
    }
    guard kept != expected else { return }
    // Rare: a filter's codec left its value out after all. The parallel arrays are written
    // again to match, replacing the first ones, and the first animations' losses are dropped
    // so that none is reported twice.
    session.losses.removeSubrange(animationLosses)
    try encode(animations: animations, keeping: kept, for: animationsKey)
    try encode(ids: ids, keeping: kept, for: idsKey)
  }

  private mutating func encode(ids: [FilterID], keeping kept: [Bool], for key: Key)
    throws
  {
    try member(key.rawValue) { encoder throws in
      var array = encoder.array()
      for (id, written) in zip(ids, kept) where written { try array.append(id) }
      return array.finish()
    }
  }

  private mutating func encode(
    animations: [Animation<Double>?], keeping kept: [Bool], for key: Key
  ) throws {
    try member(key.rawValue) { encoder throws in
      var array = encoder.array()
      for (index, (animation, written)) in zip(animations, kept).enumerated() where written {
        try array.append(index: index) { element throws in
          try animation.encodePersisted(to: element)
        }
      }
      return array.finish()
    }
  }
}
