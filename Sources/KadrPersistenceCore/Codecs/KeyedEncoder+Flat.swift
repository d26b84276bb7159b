import Foundation
import KadrModel

extension KeyedEncoder {
  /// Writes each filter through the codec registered for its kind, one result per filter: `nil`
  /// where the filter cannot be saved (its loss is reported), so that a codec can keep parallel
  /// arrays aligned by leaving the same positions out of them.
  ///
  /// The caller stores the array itself (with ``encodeJSON(_:for:)``).
  /// - Parameters:
  ///   - filters: The filters.
  ///   - key: The key the array will be stored under (for pointers).
  /// - Throws: ``PersistenceError`` from a filter's codec.
  public func encodedFilters(_ filters: [Filter], for key: Key) throws(PersistenceError)
    -> [JSONValue?]
  {
    let base = pointer.appending(key: key.rawValue)
    var results: [JSONValue?] = []
    results.reserveCapacity(filters.count)
    for (index, filter) in filters.enumerated() {
      results.append(
        try session.registry.encodeFilter(
          filter, session: session, pointer: base.appending(index: index)))
    }
    return results
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
    if let json = try session.registry.encodeTextAnimation(
      animation, session: session, pointer: pointer.appending(key: key.rawValue))
    {
      object[key.rawValue] = json
    }
  }
}

extension KeyedDecoder {
  /// Reads a list of filters under `key`, each through the codec registered for its kind.
  ///
  /// - Parameter key: The key.
  /// - Throws: ``PersistenceError`` for an unknown kind (unless preserving) or a malformed filter.
  public func decodeFilters(for key: Key) throws(PersistenceError) -> [Filter] {
    var filters: [Filter] = []
    for element in try valueDecoder(for: key).elements() {
      filters.append(try session.registry.decodeFilter(element, session: session))
    }
    return filters
  }

  /// Reads the text animation under `key`, or `nil` when the key is absent.
  ///
  /// - Parameter key: The key.
  /// - Throws: ``PersistenceError``.
  public func decodeTextAnimationIfPresent(for key: Key) throws(PersistenceError)
    -> (any TextAnimation)?
  {
    guard let decoder = valueDecoderIfPresent(for: key) else { return nil }
    return try session.registry.decodeTextAnimation(decoder, session: session)
  }
}
