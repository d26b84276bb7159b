import KadrPersistence
import KadrPersistenceCore

/// Registers ``InterchangePlaceholderCodec``, so that compositions imported from
/// OpenTimelineIO or FCPXML save and open as documents.
///
/// A tool that saves what either importer made needs this module only, and no knowledge of
/// either format:
///
/// ```swift
/// let coder = KadrCoder(registry: InterchangePlaceholderModule.standardRegistry)
/// ```
///
/// The standard registry itself does not hold the codec (the core names no interchange kind);
/// it notes how to register it, so that opening a document with a placeholder names the fix.
public enum InterchangePlaceholderModule: RegistryModule {
  /// Registers the placeholder's codec.
  ///
  /// - Parameter registry: The registry to add to.
  /// - Throws: `RegistryError` when another codec already uses its kind id.
  public static func register(in registry: inout CodecRegistry) throws {
    try registry.register(clip: InterchangePlaceholderCodec())
  }

  /// The standard registry with the placeholder's codec.
  ///
  /// - Throws: `RegistryError` on a conflict (there is none with the built-in kinds).
  public static func registry() throws -> CodecRegistry {
    try CodecRegistry.standard.merging(fragment())
  }

  /// The standard registry with the placeholder's codec: ``registry()``, which cannot fail (the
  /// kind id is this module's own; were it taken, the standard registry is returned).
  public static let standardRegistry: CodecRegistry = (try? registry()) ?? .standard
}

/// ``InterchangePlaceholderModule`` under its former name, from when only the OpenTimelineIO
/// importer made placeholders. It lives here, on the floor, because the standard registry's
/// note for the placeholder's kind (the fix an error names) spells it so: whoever reads that
/// note can write it with either format imported.
public typealias OTIOPlaceholderModule = InterchangePlaceholderModule
