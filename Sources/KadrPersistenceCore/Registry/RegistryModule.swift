import Foundation

/// A set of codecs that belong together — a built-in module or a plugin — registered in one call.
///
/// The built-in modules of `KadrPersistence` conform to this protocol exactly as a plugin does;
/// the `standard` registry is the merge of their fragments.
///
/// ```swift
/// enum CountdownPlugin: RegistryModule {
///   static func register(in registry: inout CodecRegistry) throws {
///     try registry.register(clip: CountdownCodec())
///   }
/// }
/// let registry = try CodecRegistry.standard.merging(CountdownPlugin.fragment())
/// ```
public protocol RegistryModule {
  /// Registers the module's codecs.
  ///
  /// - Parameter registry: The registry to add to.
  /// - Throws: ``RegistryError`` on a conflict.
  static func register(in registry: inout CodecRegistry) throws
}

extension RegistryModule {
  /// A registry holding only this module's codecs.
  ///
  /// - Throws: ``RegistryError`` when the module's own codecs conflict.
  public static func fragment() throws -> CodecRegistry {
    var registry = CodecRegistry.empty
    try register(in: &registry)
    return registry
  }
}

extension CodecRegistry {
  /// Returns this registry with the codecs of `modules` added, in order.
  ///
  /// - Parameter modules: The modules.
  /// - Throws: ``RegistryError`` on a conflict.
  public func registering(_ modules: [any RegistryModule.Type]) throws
    -> CodecRegistry
  {
    var registry = self
    for module in modules { try module.register(in: &registry) }
    return registry
  }
}
