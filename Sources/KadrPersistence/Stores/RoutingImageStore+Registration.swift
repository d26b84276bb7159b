import Foundation
import KadrModel
import KadrPersistenceCore

extension RoutingImageStore {
  /// Registers `store` for the tokens of `scheme`.
  ///
  /// - Parameters:
  ///   - store: The store.
  ///   - scheme: A scheme without the colon, such as `"file"` or `"photo"`; case does not matter.
  ///   - asWriter: Whether this store names new images from now on.
  /// - Throws: ``ImageStoreRegistrationError/schemeTaken(_:existingStore:newStore:)`` when
  ///   another store has the scheme (the same store object again is a no-op), or
  ///   ``ImageStoreRegistrationError/invalidScheme(_:)``.
  public mutating func register(
    _ store: any ImageStore, forScheme scheme: String, asWriter: Bool = false
  ) throws {
    try register(store, forSchemes: [scheme], asWriter: asWriter)
  }

  /// Registers `store` for the tokens of every scheme in `schemes`, all or none.
  ///
  /// - Parameters:
  ///   - store: The store, such as a ``URLImageStore`` for `["https", "http"]`.
  ///   - schemes: Schemes without the colon.
  ///   - asWriter: Whether this store names new images from now on.
  /// - Throws: ``ImageStoreRegistrationError``; on error the router is unchanged.
  public mutating func register(
    _ store: any ImageStore, forSchemes schemes: [String], asWriter: Bool = false
  ) throws {
    var updated = self
    for scheme in schemes { try updated.addRoute(store, scheme: scheme) }
    if asWriter, let first = schemes.first { try updated.assignWriter(first) }
    self = updated
  }

  /// Returns this router with `store` registered for `schemes`; see
  /// ``register(_:forSchemes:asWriter:)``.
  ///
  /// - Throws: ``ImageStoreRegistrationError``.
  public func registering(
    _ store: any ImageStore, forSchemes schemes: [String], asWriter: Bool = false
  ) throws -> RoutingImageStore {
    var copy = self
    try copy.register(store, forSchemes: schemes, asWriter: asWriter)
    return copy
  }

  /// Designates the store of `scheme` as the one that names new images, or none.
  ///
  /// - Parameter scheme: A registered scheme, or `nil` for a router that cannot save new images.
  /// - Throws: ``ImageStoreRegistrationError/writerNotRegistered(_:)`` when no store has the
  ///   scheme.
  public mutating func setWriter(scheme: String?) throws {
    try assignWriter(scheme)
  }
}

/// Why a store could not be registered in a ``RoutingImageStore``.
public enum ImageStoreRegistrationError: Error, Sendable, Equatable, LocalizedError {
  /// Another store is already registered for the scheme.
  case schemeTaken(String, existingStore: String, newStore: String)
  /// The string is not a valid URI scheme.
  case invalidScheme(String)
  /// The writer's scheme has no store.
  case writerNotRegistered(String)

  public var errorDescription: String? {
    switch self {
    case .schemeTaken(let scheme, let existing, let new):
      return "The image token scheme '\(scheme)' is already served by \(existing); it cannot "
        + "also be served by \(new)."
    case .invalidScheme(let scheme):
      return "'\(scheme)' cannot be an image token scheme: a scheme is a letter followed by "
        + "letters, digits, '+', '-' or '.', without the colon."
    case .writerNotRegistered(let scheme):
      return "No image store is registered for the scheme '\(scheme)', so it cannot be the "
        + "writer."
    }
  }

  public var recoverySuggestion: String? {
    switch self {
    case .schemeTaken:
      return "Register one store per scheme; give a plugin's store its own scheme."
    case .invalidScheme:
      return "Pass the scheme alone, such as \"photo\" for tokens \"photo:…\"."
    case .writerNotRegistered:
      return "Register the store for that scheme first."
    }
  }
}

extension ImageStoreRegistrationError: CustomStringConvertible {
  /// The error's sentence (its `errorDescription`), so that `print(error)` and string
  /// interpolation show what happened rather than the case's name.
  public var description: String { errorDescription ?? String(reflecting: Self.self) }
}
