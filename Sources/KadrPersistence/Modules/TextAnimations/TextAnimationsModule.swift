import Foundation
import KadrPersistenceCore

/// The text animations module: registers `FadeInCodec`, `SlideInCodec` and
/// `ScaleUpCodec`.
public enum TextAnimationsModule: RegistryModule {
  /// Registers the `fadeIn`, `slideIn` and `scaleUp` text animation kinds.
  public static func register(in registry: inout CodecRegistry) throws {
    try registry.register(textAnimation: FadeInCodec())
    try registry.register(textAnimation: SlideInCodec())
    try registry.register(textAnimation: ScaleUpCodec())
  }
}

extension FadeInCodec.Key: TextAnimationTimingKeys {}
extension SlideInCodec.Key: TextAnimationTimingKeys {}
extension ScaleUpCodec.Key: TextAnimationTimingKeys {}
