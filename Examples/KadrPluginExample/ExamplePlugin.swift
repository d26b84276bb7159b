import Foundation
import KadrPersistence

/// The example plugin: a clip kind (``Countdown``), an overlay kind (``ProgressBar``), a filter
/// kind (``Halftone``) and a text animation kind (``Typewriter``), registered in one call.
///
/// ```swift
/// let registry = try CodecRegistry.standard.merging(ExamplePlugin.fragment())
/// let coder = KadrCoder(registry: registry)
/// ```
public enum ExamplePlugin: RegistryModule {
  /// The kind ids the plugin registers.
  public static let kindIDs: [KindID] = [
    CountdownCodec.kindID, ProgressBarCodec.kindID, KindID(Halftone.kind.rawValue),
    TypewriterCodec.kindID,
  ]

  /// Registers the plugin's four codecs.
  ///
  /// - Parameter registry: The registry to add to.
  /// - Throws: `RegistryError` when another plugin already uses one of the kind ids.
  public static func register(in registry: inout CodecRegistry) throws {
    try registry.register(clip: CountdownCodec())
    try registry.register(overlay: ProgressBarCodec())
    try registry.register(customFilter: HalftoneCodec())
    try registry.register(textAnimation: TypewriterCodec())
  }

  /// The standard registry with the plugin's codecs added.
  ///
  /// - Throws: `RegistryError` when a kind id clashes (it does not with the built-in kinds).
  public static func registry() throws -> CodecRegistry {
    try CodecRegistry.standard.merging(fragment())
  }
}
