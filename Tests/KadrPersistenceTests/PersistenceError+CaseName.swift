import KadrPersistence
import KadrPersistenceCore
import Testing

extension PersistenceError {
  /// The name of the detailed reason's case for a failure (`missingField`), else of the error's
  /// own case (`lossyContent`).
  var caseName: String {
    let value: Any = reason ?? self
    return Mirror(reflecting: value).children.first?.label ?? String(describing: value)
  }
}

/// Runs `body`, which must throw the ``PersistenceError`` of a built-in image store, and returns
/// the store's own error under it (``PersistenceError/underlyingError``), recording an issue
/// when `body` does not throw or throws something else.
@discardableResult
func storeError<E: Error>(
  _ type: E.Type, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () throws -> Any
) -> E? {
  let error = #expect(throws: PersistenceError.self, comment, sourceLocation: sourceLocation) {
    _ = try body()
  }
  guard let error else { return nil }
  guard let underlying = error.underlyingError as? E else {
    Issue.record("expected a \(E.self) under \(error)", sourceLocation: sourceLocation)
    return nil
  }
  return underlying
}

/// Prefetches `tokens` and returns the URL store's own error under the ``PersistenceError`` it
/// threw, or `nil` when the prefetch succeeded.
func prefetchFailure(_ tokens: [String], from store: URLImageStore) async -> URLImageStoreError? {
  do {
    _ = try await store.prefetch(tokens)
    return nil
  } catch {
    return (error as? PersistenceError)?.underlyingError as? URLImageStoreError
  }
}
