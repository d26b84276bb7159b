import Foundation
import KadrModel

/// The state of one save or open: losses found, payload versions seen, depth, location.
///
/// One session belongs to one call on one task; it is never shared, so it needs no lock.
final class CodingSession {
  let registry: CodecRegistry
  let options: CodingOptions
  let images: (any ImageStore)?
  /// The losses found so far. Every member written reads their count (so that an object put in
  /// canonical order can take its members' losses with them); unchecked for the reason below.
  @exclusivity(unchecked) var losses: [Loss] = []
  var preserved: [PreservedContent] = []
  /// Encoding: the payload versions other than 1 written. Decoding: those the document declares.
  @exclusivity(unchecked) var payloadVersions: [KindID: Int] = [:]
  /// Encoding: the schema the document needs, raised by a codec that writes a member schema 1
  /// lacks (``KeyedEncoder/requireSchema(_:)``).
  var writtenSchema = DocumentEnvelope.currentSchema
  /// Every kind id written (encoding) or read (decoding), if the caller asked (else `nil`: one
  /// comparison a value).
  @exclusivity(unchecked) var recordedKinds: Set<KindID>?
  /// Where the value being written is: each clip and overlay pushes its place. Unchecked for
  /// the reason below (``output``).
  // Figure: checked, its push and pop cost about 0.3 M instructions a save of 1,000 clips.
  @exclusivity(unchecked) var locations: [LossPlace] = []
  @exclusivity(unchecked) var depth = 0
  @exclusivity(unchecked) var clipCount = 0
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
  /// Opening: the bytes of ``resolvedImages``, at most ``DocumentLimits/maximumTotalImageBytes``.
  var resolvedImageBytes = 0
  /// Saving: each saved image's token, by identity, so an image used a thousand times is hashed
  /// and stored once (the composition keeps them alive: no identifier is reused in the save).
  var savedTokens: [ObjectIdentifier: String] = [:]
  /// Saving: the registry's filter codecs, by a built-in filter's case.
  lazy var filterCodecs = FilterCodecs(registry.filters)
  /// Saving: how many objects were written out of key order and had to be reordered (a cost
  /// the built-in clip codecs avoid; checked by the tests).
  var reorderedObjects = 0
  /// Saving: the canonical order of each field-list codec type's fields (``fieldOrder(of:_:)``).
  var fieldOrders: [ObjectIdentifier: [Int]] = [:]
  // The four below are touched for every value written. A session belongs to one call on one
  // task and its accesses never overlap, so the run-time exclusivity check is only a cost.
  /// Saving: the bytes written so far, values written in place as they are encoded.
  @exclusivity(unchecked) var output = JSONOutput(maximumDepth: .max)
  /// Saving: the members of the objects being written, innermost last.
  @exclusivity(unchecked) var members = JSONParseStack<StackedMember>()
  /// Saving: those members' keys outside their object's key table (a tagged value's kind, a flat
  /// payload's `kind`), by index in ``StackedMember/key`` and ``EncodingStep``.
  @exclusivity(unchecked) var extraKeys = JSONParseStack<String>(capacity: 64)
  /// Saving: the steps from the root to the value being written (see ``EncodingPosition``).
  @exclusivity(unchecked) var path = JSONParseStack<EncodingStep>()
  /// Saving: the serial number of the newest step pushed on ``path``.
  @exclusivity(unchecked) var lastSerial: UInt32 = 0
  /// Saving: the pointers positions start from (``EncodingPosition/base``), the root first.
  var bases: [JSONPointer] = [.root]
  /// Saving: the key tables of the key types met so far.
  @exclusivity(unchecked) var keyTables = EncodingKeyTableCache()

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
