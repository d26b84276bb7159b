/// A model type whose codec lives in a module outside the standard registry, and which names the
/// call that registers it: saving a value of the type with a registry that lacks its codec then
/// reports that call with the loss, so the error says the one line that fixes it.
///
/// ```swift
/// extension OTIOPlaceholder: CodecRegistrationHinting {
///   public static var codecRegistration: String {
///     "CodecRegistry.bootstrap(try OTIOPlaceholderModule.registry())"
///   }
/// }
/// ```
///
/// ## Implementation requirements
///
/// Return Swift a developer can paste at the app's startup, registering the codec in the
/// registry the app saves and opens with (the process-wide default, for the `KadrCoding`
/// facade). It is read only when a save reports the type as having no codec.
public protocol CodecRegistrationHinting {
  /// The Swift that registers the type's codec.
  static var codecRegistration: String { get }
}
