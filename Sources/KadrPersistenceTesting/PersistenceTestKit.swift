import Foundation
import KadrPersistence

/// One-line checks for a plugin's own tests: round trip by reflection and completeness.
///
/// The checks return values or throw errors whose description says what failed, so they work the
/// same in Swift Testing and XCTest:
///
/// ```swift
/// let registry = try CodecRegistry.standard.merging(CountdownPlugin.fragment())
/// try PersistenceTestKit.assertRoundTrip(Countdown(from: 3), registry: registry)
/// try PersistenceTestKit.assertComplete(registry, kinds: ["com.example.countdown"])
/// ```
///
/// A round trip writes the value through the registry (with its codec's loss reporter, payload
/// version and nested content), turns the JSON into bytes and reads them back strictly, decodes
/// the value, compares it with the original by deep reflection (`ReflectionDiff`, every stored
/// property, not `==`), and writes it again to check that saving is stable. Images are saved in a
/// fresh in-memory store unless a store is given.
public enum PersistenceTestKit {
  /// The most differences a failure lists.
  public static let differenceLimit = 20

  // MARK: Clips, overlays, filters, text animations, compositions

  /// Writes a clip, reads it back and writes it again.
  ///
  /// - Parameters:
  ///   - clip: The clip (any kind, including tracks holding other clips).
  ///   - registry: The codecs.
  ///   - allowingLoss: Whether to skip, in the comparison, the code-only fields that codecs report
  ///     as loss; the loss is in the result either way.
  ///   - ignoring: Stored properties to skip wherever they appear, such as a closure's name.
  ///   - images: Where images are saved and read; a fresh in-memory store by default.
  /// - Returns: What the round trip found.
  /// - Throws: `PersistenceError` when writing or reading fails outright.
  public static func roundTrip(
    _ clip: any Clip, registry: CodecRegistry, allowingLoss: Bool = false,
    ignoring: Set<String> = [], images: (any ImageStore)? = nil
  ) throws -> RoundTrip<any Clip> {
    try roundTrip(
      clip, at: .clip, registry: registry, allowingLoss: allowingLoss, ignoring: ignoring,
      images: images)
  }

  /// Writes an overlay, reads it back and writes it again; see
  /// ``roundTrip(_:registry:allowingLoss:ignoring:images:)->RoundTrip<Clip>``.
  ///
  /// - Parameters:
  ///   - overlay: The overlay.
  ///   - registry: The codecs.
  ///   - allowingLoss: Whether to skip the code-only fields reported as loss.
  ///   - ignoring: Stored properties to skip wherever they appear.
  ///   - images: Where images are saved and read; a fresh in-memory store by default.
  /// - Throws: `PersistenceError` when writing or reading fails outright.
  public static func roundTrip(
    _ overlay: any Overlay, registry: CodecRegistry, allowingLoss: Bool = false,
    ignoring: Set<String> = [], images: (any ImageStore)? = nil
  ) throws -> RoundTrip<any Overlay> {
    try roundTrip(
      overlay, at: .overlay, registry: registry, allowingLoss: allowingLoss, ignoring: ignoring,
      images: images)
  }

  /// Writes a filter (built-in or `.custom`), reads it back and writes it again.
  ///
  /// - Parameters:
  ///   - filter: The filter.
  ///   - registry: The codecs.
  ///   - allowingLoss: Whether to skip the code-only fields reported as loss.
  ///   - ignoring: Stored properties to skip wherever they appear.
  /// - Throws: `PersistenceError` when writing or reading fails outright.
  public static func roundTrip(
    _ filter: Filter, registry: CodecRegistry, allowingLoss: Bool = false,
    ignoring: Set<String> = []
  ) throws -> RoundTrip<Filter> {
    try roundTrip(
      filter, at: .filter, registry: registry, allowingLoss: allowingLoss, ignoring: ignoring,
      images: nil)
  }

  /// Writes a plugin's filter, carried as `Filter.custom(filter)`, reads it back and writes it
  /// again.
  ///
  /// - Parameters:
  ///   - filter: The custom filter.
  ///   - registry: The codecs.
  ///   - allowingLoss: Whether to skip the code-only fields reported as loss.
  ///   - ignoring: Stored properties to skip wherever they appear.
  /// - Throws: `PersistenceError` when writing or reading fails outright.
  public static func roundTrip(
    _ filter: some CustomFilter, registry: CodecRegistry, allowingLoss: Bool = false,
    ignoring: Set<String> = []
  ) throws -> RoundTrip<Filter> {
    try roundTrip(
      Filter.custom(filter), at: .filter, registry: registry, allowingLoss: allowingLoss,
      ignoring: ignoring, images: nil)
  }

  /// Writes a text animation, reads it back and writes it again.
  ///
  /// - Parameters:
  ///   - textAnimation: The text animation.
  ///   - registry: The codecs.
  ///   - allowingLoss: Whether to skip the code-only fields reported as loss.
  ///   - ignoring: Stored properties to skip wherever they appear.
  /// - Throws: `PersistenceError` when writing or reading fails outright.
  public static func roundTrip(
    _ textAnimation: any TextAnimation, registry: CodecRegistry, allowingLoss: Bool = false,
    ignoring: Set<String> = []
  ) throws -> RoundTrip<any TextAnimation> {
    try roundTrip(
      textAnimation, at: .textAnimation, registry: registry, allowingLoss: allowingLoss,
      ignoring: ignoring, images: nil)
  }

  /// Saves a whole composition as a document, opens it and saves it again.
  ///
  /// - Parameters:
  ///   - video: The composition.
  ///   - registry: The codecs (the standard registry merged with the plugin's fragment).
  ///   - allowingLoss: Whether to skip the code-only fields reported as loss.
  ///   - ignoring: Stored properties to skip wherever they appear.
  ///   - images: Where images are saved and read; a fresh in-memory store by default.
  /// - Throws: `PersistenceError` when saving or opening fails outright.
  public static func roundTrip(
    _ video: Video, registry: CodecRegistry, allowingLoss: Bool = false,
    ignoring: Set<String> = [], images: (any ImageStore)? = nil
  ) throws -> RoundTrip<Video> {
    try roundTrip(
      video, at: .composition, registry: registry, allowingLoss: allowingLoss,
      ignoring: ignoring, images: images)
  }
}
