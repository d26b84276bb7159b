import Foundation
import KadrModel

extension KeyedDecoder {
  /// Reads a list of filters under `key`, each through the codec registered for its kind.
  ///
  /// - Parameter key: The key.
  /// - Throws: ``PersistenceError`` for an unknown kind (unless preserving) or a malformed filter.
  public func decodeFilters(for key: Key) throws -> [Filter] {
    let elements = try valueDecoder(for: key).elements()
    let session = session
    var filters: [Filter] = []
    filters.reserveCapacity(elements.count)
    for element in elements {
      filters.append(try session.registry.decodeFilter(element, session: session))
    }
    return filters
  }

  /// Reads the text animation under `key`, or `nil` when the key is absent.
  ///
  /// - Parameter key: The key.
  /// - Throws: ``PersistenceError``.
  public func decodeTextAnimationIfPresent(for key: Key) throws
    -> (any TextAnimation)?
  {
    guard let decoder = valueDecoderIfPresent(for: key) else { return nil }
    return try session.registry.decodeTextAnimation(decoder, session: session)
  }
}
