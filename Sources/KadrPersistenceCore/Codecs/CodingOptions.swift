import Foundation
import KadrModel

/// Limits that keep hostile or runaway input from exhausting time, memory or the stack.
///
/// The defaults admit any project an editor makes (tracks nested 32 deep, a hundred thousand
/// clips, documents of hundreds of megabytes) and refuse the rest quickly.
public struct DocumentLimits: Sendable, Hashable {
  /// The largest document, in bytes.
  public var maximumDocumentBytes: Int
  /// The deepest nesting of JSON arrays and objects.
  public var maximumDepth: Int
  /// The longest string, in UTF-8 bytes.
  public var maximumStringBytes: Int
  /// The most clips in one document, counting clips inside tracks.
  public var maximumClipCount: Int
  /// The most JSON values (objects, arrays, strings, numbers, booleans and nulls, at any depth)
  /// in one document, so that what a document costs in memory is bounded by its shape as well
  /// as its size.
  public var maximumValueCount: Int
  /// The most bytes of image data one open may resolve, summed over its distinct image tokens
  /// (each token is resolved once however often the document refers to it).
  public var maximumTotalImageBytes: Int

  /// Creates limits.
  ///
  /// - Parameters:
  ///   - maximumDocumentBytes: The largest document; 512 MiB by default.
  ///   - maximumDepth: The deepest JSON nesting; 512 by default (about 125 nested tracks).
  ///   - maximumStringBytes: The longest string; 16 MiB by default.
  ///   - maximumClipCount: The most clips; 2 000 000 by default.
  ///   - maximumValueCount: The most JSON values; 40 000 000 by default (a 2,000,000-clip
  ///     project of plain clips holds about 24 000 000).
  ///   - maximumTotalImageBytes: The most image bytes one open resolves; 2 GiB by default.
  public init(
    maximumDocumentBytes: Int = 512 << 20, maximumDepth: Int = 512,
    maximumStringBytes: Int = 16 << 20, maximumClipCount: Int = 2_000_000,
    maximumValueCount: Int = 40_000_000, maximumTotalImageBytes: Int = 2 << 30
  ) {
    self.maximumDocumentBytes = maximumDocumentBytes
    self.maximumDepth = maximumDepth
    self.maximumStringBytes = maximumStringBytes
    self.maximumClipCount = maximumClipCount
    self.maximumValueCount = maximumValueCount
    self.maximumTotalImageBytes = maximumTotalImageBytes
  }

  /// The default limits.
  public static let `default` = DocumentLimits()
}

/// How a coder treats loss, unknown content and limits.
public struct CodingOptions: Sendable {
  /// Whether saving leaves out content a file cannot hold (reporting it) instead of refusing.
  public var allowingLoss: Bool
  /// Whether opening keeps content of unknown kinds (and newer payload versions) as opaque values
  /// that are written back verbatim, instead of refusing.
  public var preservingUnknown: Bool
  /// Size and depth limits.
  public var limits: DocumentLimits
  /// Whether saving first proves that every registered codec handles every stored property of
  /// its type (the completeness report's check), refusing to save when one does not.
  ///
  /// The completeness guard is a test-time guard: run `PersistenceTestKit.assertComplete` (or
  /// `kadr-doc completeness`) in CI, and a debug build also warns when a codec is registered.
  /// This is the opt-in strict mode for release builds: the registry's codecs are checked at the
  /// first save through it (the round trip of every codec's samples, milliseconds), and the
  /// result is kept with the registry (and its copies) until a codec is registered. `false` by
  /// default.
  public var checksCompleteness: Bool

  /// Creates options.
  ///
  /// - Parameters:
  ///   - allowingLoss: Leave out what a file cannot hold instead of refusing; `false` by default.
  ///   - preservingUnknown: Keep unknown kinds verbatim instead of refusing; `false` by default.
  ///   - limits: Size and depth limits.
  ///   - checksCompleteness: Refuse to save with a codec that forgets a stored property
  ///     (checked at the first save through a registry); `false` by default.
  public init(
    allowingLoss: Bool = false, preservingUnknown: Bool = false, limits: DocumentLimits = .default,
    checksCompleteness: Bool = false
  ) {
    self.allowingLoss = allowingLoss
    self.preservingUnknown = preservingUnknown
    self.limits = limits
    self.checksCompleteness = checksCompleteness
  }
}
