import Foundation
import KadrPersistenceCore

/// The overlays module: registers `TextOverlayCodec`, `ImageOverlayCodec` and
/// `StickerOverlayCodec`.
public enum OverlaysModule: RegistryModule {
  /// Registers the `text`, `image` and `sticker` overlay kinds.
  public static func register(in registry: inout CodecRegistry) throws {
    try registry.register(overlay: TextOverlayCodec())
    try registry.register(overlay: ImageOverlayCodec())
    try registry.register(overlay: StickerOverlayCodec())
  }
}
