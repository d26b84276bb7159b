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

  /// Creates options.
  ///
  /// - Parameters:
  ///   - allowingLoss: Leave out what a file cannot hold instead of refusing; `false` by default.
  ///   - preservingUnknown: Keep unknown kinds verbatim instead of refusing; `false` by default.
  ///   - limits: Size and depth limits.
  public init(
    allowingLoss: Bool = false, preservingUnknown: Bool = false, limits: DocumentLimits = .default
  ) {
    self.allowingLoss = allowingLoss
    self.preservingUnknown = preservingUnknown
    self.limits = limits
  }
}

/// The state of one save or open: losses found, payload versions seen, depth, location.
///
/// One session belongs to one call on one task; it is never shared, so it needs no lock.
final class CodingSession {
  let registry: CodecRegistry
  let options: CodingOptions
  let images: (any ImageStore)?
  var losses: [Loss] = []
  var preserved: [PreservedContent] = []
  /// Encoding: the payload versions other than 1 that were written. Decoding: those the document
  /// declares.
  var payloadVersions: [KindID: Int] = [:]
  var locations: [LossPlace] = []
  var depth = 0
  var clipCount = 0
  /// Checking every error of a document: the errors found so far, or `nil` when the first error
  /// ends the open. A clip or overlay that cannot be read is recorded here and kept as opaque
  /// JSON, so that reading goes on with the next one.
  var collectedErrors: [PersistenceError]?
  /// Checking: how many errors ``collectedErrors`` keeps; the rest are only counted.
  var errorLimit = 0
  /// Checking: the errors found past ``errorLimit``.
  var uncountedErrors = 0
  /// Opening: called with the fraction (0…1) of the composition's own clips read so far, for a
  /// progress display of a long open; `nil` (no cost but one check per clip) otherwise.
  var progress: ((Double) -> Void)?
  /// Opening: the image of each token resolved so far, so that a document referring to one
  /// image a thousand times reads, checks and keeps it once.
  var resolvedImages: [String: PlatformImage] = [:]
  /// Opening: the bytes of the images in ``resolvedImages``, bounded by
  /// ``DocumentLimits/maximumTotalImageBytes``.
  var resolvedImageBytes = 0
  /// Saving: the token of each image saved so far, by identity, so that an image used a
  /// thousand times is hashed and stored once. The composition being saved keeps the images
  /// alive, so an identifier is never reused during the save.
  var savedTokens: [ObjectIdentifier: String] = [:]
  /// Saving: how many objects were written out of key order and had to be reordered (a cost
  /// the built-in clip codecs avoid; checked by the tests).
  var reorderedObjects = 0
  // The three below are touched for every value written. A session belongs to one call on one
  // task and its accesses never overlap, so the run-time exclusivity check is only a cost.
  /// Saving: the bytes written so far, values written in place as they are encoded.
  @exclusivity(unchecked) var output = JSONOutput(maximumDepth: .max)
  /// Saving: the members of the objects being written, innermost last.
  @exclusivity(unchecked) var members: [ObjectMember] = []
  /// Saving: the pointer components from the root to the value being written (see
  /// ``EncodingPosition``).
  @exclusivity(unchecked) var path: [JSONPointer.Component] = []

  init(registry: CodecRegistry, options: CodingOptions, images: (any ImageStore)?) {
    self.registry = registry
    self.options = options
    self.images = images
  }

  /// Where the current value is, in words: the innermost clip or overlay, or "composition".
  var location: String {
    locations.isEmpty ? "composition" : locations.map(\.description).joined(separator: " › ")
  }

  /// Where the current value is, in words for an end user: innermost first, joined by "in".
  var placeForUser: String {
    locations.isEmpty
      ? "the composition" : locations.reversed().map(\.forUser).joined(separator: " in ")
  }

  /// Records `error` and returns `true` when every error of the document is wanted and reading
  /// can go on after it; a limit or the depth guard always ends the open.
  func collect(_ error: any Error) -> Bool {
    guard let count = collectedErrors?.count, let error = error as? PersistenceError else {
      return false
    }
    switch error.reason {
    case .limitExceeded, .tooDeep: return false
    default: break
    }
    if count < errorLimit {
      collectedErrors?.append(error)
    } else {
      uncountedErrors += 1
    }
    return true
  }

  func recordLoss(_ kind: Loss.Kind, at pointer: JSONPointer, detail: String? = nil) {
    losses.append(
      Loss(
        kind: kind, location: location, pointer: pointer.description, detail: detail,
        placeForUser: placeForUser))
  }

  /// Runs `body` one level deeper, refusing to go past the depth limit.
  func nested<T>(
    at pointer: @autoclosure () -> JSONPointer, _ body: () throws -> T
  )
    throws -> T
  {
    depth += 1
    defer { depth -= 1 }
    // Each nesting level of the model is at least two JSON levels.
    guard depth * 2 <= options.limits.maximumDepth else {
      throw PersistenceError(.tooDeep(limit: options.limits.maximumDepth), at: pointer())
    }
    return try body()
  }
}
