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
  /// The registry also notes how to register the kinds this package's add-on modules write
  /// (``CodecRegistry/registration(forKind:)``), so opening a document that holds one names the
  /// fix.
  public static let standard: CodecRegistry = {
    do {
      var registry = try CodecRegistry.empty.registering(BuiltInModules.all)
      for addOn in AddOnKind.all {
        registry.noteRegistration(addOn.registration, forKind: addOn.kind)
      }
      return registry
    } catch {
      // The built-in modules use distinct kind ids and types; the tests prove it.
      preconditionFailure("The built-in modules conflict: \(error)")
    }
  }()
}

/// A kind that a module of this package outside the standard registry writes, and the Swift
/// that registers its codec: spelled once here, for the standard registry's note and for the
/// module's own kind id and registration hint.
package struct AddOnKind: Sendable {
  /// The kind id.
  package let kind: KindID
  /// The Swift that registers its codec.
  package let registration: String

  /// KadrInterchange's placeholders of gaps and offline clips, which both interchange
  /// importers make. The registration keeps the module's former name (`OTIOPlaceholderModule`,
  /// an alias of `InterchangePlaceholderModule` in KadrInterchange, so either format's users
  /// can write it), as the messages spelled it before.
  package static let interchangePlaceholder = AddOnKind(
    kind: "com.kadr.otio.placeholder",
    registration: "CodecRegistry.bootstrap(try OTIOPlaceholderModule.registry()) at startup, or "
      + "a KadrCoder(registry: OTIOPlaceholderModule.standardRegistry)")

  /// Every add-on kind.
  package static let all = [interchangePlaceholder]
}
