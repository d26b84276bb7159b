import Foundation
import KadrPersistenceCore

/// The built-in modules, each of which registers its own kinds through the public API.
public enum BuiltInModules {
  /// Every built-in module, in registration order.
  public static var all: [any RegistryModule.Type] {
    [
      VideoModule.self, ImageModule.self, TitleModule.self, TransitionModule.self,
      TrackModule.self, AudioModule.self, CaptionsModule.self, OverlaysModule.self,
      FiltersModule.self, TextAnimationsModule.self, CompositionModule.self,
    ]
  }
}

extension CodecRegistry {
  /// Every built-in module's codecs: the clip kinds `video`, `image`, `title`, `transition`,
  /// `track`; the overlay kinds `text`, `image`, `sticker`; the 13 filter kinds; the text
  /// animations `fadeIn`, `slideIn`, `scaleUp`; and the composition, audio track, caption, crop,
  /// preset and quality codecs.
  ///
  /// Merge plugins' fragments into it with ``CodecRegistry/merging(_:)``.
  public static let standard: CodecRegistry = {
    do {
      return try CodecRegistry.empty.registering(BuiltInModules.all)
    } catch {
      // The built-in modules use distinct kind ids and types; the tests prove it.
      preconditionFailure("The built-in modules conflict: \(error)")
    }
  }()
}
