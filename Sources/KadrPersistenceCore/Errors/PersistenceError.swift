import Foundation

/// Why saving or opening a composition failed.
///
/// The first nine cases are the original kadr-persistence's, with its payloads, so code written
/// against it matches and throws them unchanged:
///
/// ```swift
/// do {
///   try KadrCoding.write(video, to: url)
/// } catch let error as PersistenceError {
///   if case .lossyContent(let losses) = error { show(losses.map(\.describedForUser)) }
/// }
/// ```
///
/// Everything this package finds at a place in a document — a missing field, an unknown kind, a
/// value out of range — is a ``failure(_:)``, whose ``Failure`` carries the ``Reason``, the JSON
/// pointer, the kind id and the extension point. ``reason``, ``pointer`` and ``kindID`` read them
/// from any case, so one line matches a reason with its payload:
///
/// ```swift
/// if case .missingField(let name) = error.reason { … }
/// ```
///
/// ## Growing
///
/// New cases may be added to ``Reason`` in any release, and to ``PersistenceError`` itself only
/// in a major one. A `switch` over either should end in `default:` (the messages —
/// ``errorDescription``, ``failureReason``, ``recoverySuggestion`` — cover every case, new ones
/// included).
///
/// ## Equality
///
/// Two errors are equal when their cases and payloads are; underlying errors (of an image store,
/// the file system, a codec) compare by type and description.
public enum PersistenceError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The document's schema is newer than this version reads. Refused rather than read on a
  /// best-effort basis, which would erase what it does not understand on the next save.
  case unsupportedSchema(found: Int, supported: Int)
  /// The document is older, and no migration step leads from `from` to `to`.
  case migrationUnavailable(from: Int, to: Int)
  /// The composition holds content a file cannot hold, and loss was not allowed. Each loss says
  /// where it is (``Loss/location``, ``Loss/pointer``).
  case lossyContent([Lossy])
  /// A clip of a type no codec is registered for (kept for the original's stores and tools;
  /// saving reports such clips as ``lossyContent(_:)``).
  case unsupportedClip(String)
  /// An overlay of a type no codec is registered for (as ``unsupportedClip(_:)``).
  case unsupportedOverlay(String)
  /// The document names images, and no image store was given to resolve them. Opening refuses
  /// rather than substitute placeholder pixels; pass an ``UnresolvedImageStore`` to carry the
  /// tokens through unresolved on purpose.
  case missingImageStore(token: String)
  /// An image could not be turned into bytes, so there was nothing to store.
  case imageNotEncodable
  /// The store has no image under `token` (deleted, or a store over another directory).
  case imageUnresolvable(token: String)
  /// The document, or a store's entry, is structurally invalid; the sentence says how. Stores
  /// and migrations written for the original throw it.
  case malformed(String)
  /// A failure at a place in a document, or of the file system or a store, with its detail.
  case failure(Failure)

  /// Creates a detailed failure.
  ///
  /// - Parameters:
  ///   - reason: What went wrong.
  ///   - pointer: Where in the document.
  ///   - kindID: The kind involved.
  ///   - extensionPoint: The extension point involved.
  public init(
    _ reason: Reason, at pointer: JSONPointer? = nil, kindID: KindID? = nil,
    extensionPoint: ExtensionPoint? = nil
  ) {
    self = .failure(
      Failure(reason: reason, pointer: pointer, kindID: kindID, extensionPoint: extensionPoint))
  }

  /// The detailed reason, for a ``failure(_:)``; `nil` for the original's cases.
  ///
  /// An enum case pattern matches through the optional: `if case .missingField = error.reason`.
  public var reason: Reason? {
    if case .failure(let failure) = self { return failure.reason }
    return nil
  }

  /// Where in the document, when known: the failure's pointer, or `/schema` for a schema that
  /// cannot be read, or the document's root for losses (each ``Loss`` has its own pointer).
  public var pointer: JSONPointer? {
    switch self {
    case .failure(let failure): return failure.pointer
    case .unsupportedSchema, .migrationUnavailable:
      return JSONPointer.root.appending(key: DocumentEnvelope.schemaKey)
    case .lossyContent: return .root
    default: return nil
    }
  }

  /// The kind involved, when there is one.
  public var kindID: KindID? {
    if case .failure(let failure) = self { return failure.kindID }
    return nil
  }

  /// The extension point involved, when there is one.
  public var extensionPoint: ExtensionPoint? {
    if case .failure(let failure) = self { return failure.extensionPoint }
    return nil
  }

  /// The same error, attributed to a kind when it has none yet.
  ///
  /// - Parameters:
  ///   - kindID: The kind.
  ///   - point: The extension point.
  func attributed(to kindID: KindID, at point: ExtensionPoint) -> PersistenceError {
    guard case .failure(var failure) = self, failure.kindID == nil else { return self }
    failure.kindID = kindID
    failure.extensionPoint = point
    return .failure(failure)
  }

  /// `error` itself when it is a ``PersistenceError``, else a codec failure wrapping it
  /// (``PersistenceError/Reason/codecFailure(underlying:)``): for a module that reports every
  /// error of a conversion as this type, as the interchange importers do.
  ///
  /// - Parameter error: An error a codec, a migration or a store threw.
  public static func wrapping(_ error: any Error) -> PersistenceError {
    (error as? PersistenceError) ?? PersistenceError(.codecFailure(underlying: error))
  }

  /// The same error placed at `pointer` when it has no place yet.
  ///
  /// - Parameter pointer: Where it happened.
  package func located(at pointer: JSONPointer) -> PersistenceError {
    guard case .failure(var failure) = self, failure.pointer == nil else { return self }
    failure.pointer = pointer
    return .failure(failure)
  }

  /// The line and column of malformed JSON, when that is the reason.
  public var lineAndColumn: (line: Int, column: Int)? {
    if case .malformedJSON(_, let line, let column) = reason { return (line, column) }
    return nil
  }

  /// The losses, when saving was refused because of them.
  public var losses: [Loss] {
    if case .lossyContent(let losses) = self { return losses }
    return []
  }

  /// The error of a store, the file system or a codec that caused this one, when there is one.
  public var underlyingError: (any Error)? {
    switch reason {
    case .unresolvableImageToken(_, let underlying): return underlying
    case .imageNotStored(let underlying), .imageStoreFailed(let underlying),
      .fileSystem(_, let underlying),
      .codecFailure(let underlying):
      return underlying
    default: return nil
    }
  }

  /// `"/json/pointer: sentence"`, or `"line:column: sentence"` for malformed JSON: the
  /// developer's sentence, with the place given once, first.
  public var description: String {
    let message = sentence(for: .developer)
    if let position = lineAndColumn { return "\(position.line):\(position.column): \(message)" }
    if case .failure(let failure) = self, let pointer = failure.pointer {
      return "\(pointer.description.isEmpty ? "/" : pointer.description): \(message)"
    }
    return developerSentence
  }
}

extension PersistenceError {
  /// A failure at a place in a document, or of the file system or a store: what happened, where,
  /// and to which kind.
  public struct Failure: Sendable, Equatable {
    /// What went wrong.
    public var reason: Reason
    /// Where in the document, when known: an RFC 6901 JSON pointer such as
    /// `/video/clips/3/video/_0/trimRange`.
    public var pointer: JSONPointer?
    /// The kind involved, when there is one.
    public var kindID: KindID?
    /// The extension point involved, when there is one.
    public var extensionPoint: ExtensionPoint?
    /// What a mistyped kind id or enum string most likely meant, when one is near enough.
    public var closestMatch: String?
    /// For a kind no codec is registered for, the Swift that registers it, when the registry
    /// knows it (``CodecRegistry/noteRegistration(_:forKind:)``).
    public var codecRegistration: String?

    /// Creates a failure.
    ///
    /// - Parameters:
    ///   - reason: What went wrong.
    ///   - pointer: Where in the document.
    ///   - kindID: The kind involved.
    ///   - extensionPoint: The extension point involved.
    public init(
      reason: Reason, pointer: JSONPointer? = nil, kindID: KindID? = nil,
      extensionPoint: ExtensionPoint? = nil
    ) {
      self.reason = reason
      self.pointer = pointer
      self.kindID = kindID
      self.extensionPoint = extensionPoint
    }
  }
}
