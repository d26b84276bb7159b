import Foundation
import KadrPersistence

extension PersistenceTestKit {
  /// Checks that a clip survives a round trip exactly; see
  /// ``roundTrip(_:registry:allowingLoss:ignoring:images:)->RoundTrip<Clip>``.
  ///
  /// - Parameters:
  ///   - clip: The clip.
  ///   - registry: The codecs.
  ///   - allowingLoss: Accept loss (code-only fields are then skipped in the comparison); without
  ///     it, any loss fails.
  ///   - ignoring: Stored properties to skip wherever they appear.
  ///   - images: Where images are saved and read; a fresh in-memory store by default.
  /// - Returns: The round trip, for further checks.
  /// - Throws: ``RoundTripFailure`` describing every problem, or `PersistenceError`.
  @discardableResult
  public static func assertRoundTrip(
    _ clip: any Clip, registry: CodecRegistry, allowingLoss: Bool = false,
    ignoring: Set<String> = [], images: (any ImageStore)? = nil
  ) throws -> RoundTrip<any Clip> {
    try check(
      roundTrip(
        clip, at: .clip, registry: registry, allowingLoss: allowingLoss, ignoring: ignoring,
        images: images),
      allowingLoss: allowingLoss)
  }

  /// Checks that an overlay survives a round trip exactly.
  ///
  /// - Parameters:
  ///   - overlay: The overlay.
  ///   - registry: The codecs.
  ///   - allowingLoss: Accept loss; without it, any loss fails.
  ///   - ignoring: Stored properties to skip wherever they appear.
  ///   - images: Where images are saved and read; a fresh in-memory store by default.
  /// - Returns: The round trip.
  /// - Throws: ``RoundTripFailure`` or `PersistenceError`.
  @discardableResult
  public static func assertRoundTrip(
    _ overlay: any Overlay, registry: CodecRegistry, allowingLoss: Bool = false,
    ignoring: Set<String> = [], images: (any ImageStore)? = nil
  ) throws -> RoundTrip<any Overlay> {
    try check(
      roundTrip(
        overlay, at: .overlay, registry: registry, allowingLoss: allowingLoss,
        ignoring: ignoring, images: images),
      allowingLoss: allowingLoss)
  }

  /// Checks that a filter survives a round trip exactly.
  ///
  /// - Parameters:
  ///   - filter: The filter.
  ///   - registry: The codecs.
  ///   - allowingLoss: Accept loss; without it, any loss fails.
  ///   - ignoring: Stored properties to skip wherever they appear.
  /// - Returns: The round trip.
  /// - Throws: ``RoundTripFailure`` or `PersistenceError`.
  @discardableResult
  public static func assertRoundTrip(
    _ filter: Filter, registry: CodecRegistry, allowingLoss: Bool = false,
    ignoring: Set<String> = []
  ) throws -> RoundTrip<Filter> {
    try check(
      roundTrip(
        filter, at: .filter, registry: registry, allowingLoss: allowingLoss, ignoring: ignoring,
        images: nil),
      allowingLoss: allowingLoss)
  }

  /// Checks that a plugin's filter survives a round trip exactly, as `Filter.custom(filter)`.
  ///
  /// - Parameters:
  ///   - filter: The custom filter.
  ///   - registry: The codecs.
  ///   - allowingLoss: Accept loss; without it, any loss fails.
  ///   - ignoring: Stored properties to skip wherever they appear.
  /// - Returns: The round trip.
  /// - Throws: ``RoundTripFailure`` or `PersistenceError`.
  @discardableResult
  public static func assertRoundTrip(
    _ filter: some CustomFilter, registry: CodecRegistry, allowingLoss: Bool = false,
    ignoring: Set<String> = []
  ) throws -> RoundTrip<Filter> {
    try check(
      roundTrip(
        Filter.custom(filter), at: .filter, registry: registry, allowingLoss: allowingLoss,
        ignoring: ignoring, images: nil),
      allowingLoss: allowingLoss)
  }

  /// Checks that a text animation survives a round trip exactly.
  ///
  /// - Parameters:
  ///   - textAnimation: The text animation.
  ///   - registry: The codecs.
  ///   - allowingLoss: Accept loss; without it, any loss fails.
  ///   - ignoring: Stored properties to skip wherever they appear.
  /// - Returns: The round trip.
  /// - Throws: ``RoundTripFailure`` or `PersistenceError`.
  @discardableResult
  public static func assertRoundTrip(
    _ textAnimation: any TextAnimation, registry: CodecRegistry, allowingLoss: Bool = false,
    ignoring: Set<String> = []
  ) throws -> RoundTrip<any TextAnimation> {
    try check(
      roundTrip(
        textAnimation, at: .textAnimation, registry: registry, allowingLoss: allowingLoss,
        ignoring: ignoring, images: nil),
      allowingLoss: allowingLoss)
  }

  /// Checks that a whole composition survives saving and opening exactly.
  ///
  /// - Parameters:
  ///   - video: The composition.
  ///   - registry: The codecs.
  ///   - allowingLoss: Accept loss; without it, any loss fails.
  ///   - ignoring: Stored properties to skip wherever they appear.
  ///   - images: Where images are saved and read; a fresh in-memory store by default.
  /// - Returns: The round trip.
  /// - Throws: ``RoundTripFailure`` or `PersistenceError`.
  @discardableResult
  public static func assertRoundTrip(
    _ video: Video, registry: CodecRegistry, allowingLoss: Bool = false,
    ignoring: Set<String> = [], images: (any ImageStore)? = nil
  ) throws -> RoundTrip<Video> {
    try check(
      roundTrip(
        video, at: .composition, registry: registry, allowingLoss: allowingLoss,
        ignoring: ignoring, images: images),
      allowingLoss: allowingLoss)
  }

  /// Throws the round trip's problems, if it has any.
  static func check<Value>(_ trip: RoundTrip<Value>, allowingLoss: Bool) throws
    -> RoundTrip<Value>
  {
    var problems: [RoundTripFailure.Problem] = []
    if !allowingLoss && !trip.lossReport.isLossless {
      problems.append(.lossy(trip.lossReport.losses))
    }
    if !trip.differences.isEmpty { problems.append(.differences(trip.differences)) }
    if !trip.isStable {
      problems.append(.unstable(first: trip.text, second: trip.reencodedText))
    }
    guard problems.isEmpty else { throw RoundTripFailure(problems: problems, text: trip.text) }
    return trip
  }
}
