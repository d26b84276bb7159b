import Foundation

extension CodecRegistry {
  /// Sets the process-wide default registry that the one-line facade uses. Call it once, at
  /// startup, before any document is saved or opened.
  ///
  /// The first call wins. Every later call throws ``RegistryError/alreadyBootstrapped`` and
  /// changes nothing, also when calls race from several threads: exactly one of them succeeds.
  /// Nothing in the core reads the default; only the facade does, and code that passes a registry
  /// explicitly never depends on it.
  /// - Parameter registry: The registry, typically `standard` merged with plugins' fragments.
  /// - Throws: ``RegistryError/alreadyBootstrapped`` when a default is already set.
  public static func bootstrap(_ registry: CodecRegistry) throws {
    guard BootstrapSlot.shared.set(registry) else { throw RegistryError.alreadyBootstrapped }
  }

  /// The registry set by ``bootstrap(_:)``, or `nil` before it is called.
  public static var bootstrapped: CodecRegistry? { BootstrapSlot.shared.value }
}

/// The one piece of process-wide mutable state: the bootstrapped registry.
final class BootstrapSlot: Sendable {
  static let shared = BootstrapSlot()
  private let registry = Locked<CodecRegistry?>(nil)

  /// Stores `registry` unless one is stored; returns whether it was stored.
  func set(_ registry: CodecRegistry) -> Bool {
    self.registry.withLock { stored in
      guard stored == nil else { return false }
      stored = registry
      return true
    }
  }

  var value: CodecRegistry? { registry.withLock { $0 } }
}
