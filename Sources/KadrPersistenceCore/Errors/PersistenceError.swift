import Foundation

/// Why saving or opening a document failed: what happened, where, and to which kind.
///
/// Errors are structured values; one renderer (``errorDescription`` and
/// ``recoverySuggestion``) turns them into sentences. ``pointer`` is the RFC 6901 JSON pointer of
/// the offending value, such as `/video/clips/3/video/_0/trimRange`.
public struct PersistenceError: Error, Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Reason: Sendable {
    /// The bytes are not strict JSON.
    case malformedJSON(detail: String, line: Int, column: Int)
    /// A value has the wrong JSON type.
    case wrongType(expected: String, found: String)
    /// A required field is absent.
    case missingField(String)
    /// A field this kind does not have.
    case unknownField(String, known: [String])
    /// A kind id no codec is registered for.
    case unknownKind(ExtensionPoint, KindID)
    /// A string that is not one of the values a field allows.
    case unknownEnumValue(String, field: String, allowed: [String])
    /// A value of the right type that is not allowed, with a sentence saying why.
    case invalidValue(String)
    /// An integer outside the field's range.
    case integerOutOfRange(String, range: String)
    /// A number that is NaN or infinite, which JSON cannot hold.
    case nonFiniteNumber(field: String)
    /// Parallel arrays whose lengths differ.
    case mismatchedParallelArrays(String)
    /// A string that is not an absolute URL.
    case invalidURL(String)
    /// An image token the image store could not resolve.
    case unresolvableImageToken(String, underlying: (any Error)?)
    /// An image the image store could not save.
    case imageNotStored(underlying: any Error)
    /// The document's schema is newer than this version of the package.
    case schemaTooNew(found: Int, supported: Int)
    /// The document has no usable `schema` field.
    case schemaMissing
    /// No migration leads from one schema to the next.
    case migrationGap(from: Int, to: Int)
    /// A kind's payload version is newer than its codec knows.
    case payloadVersionTooNew(found: Int, supported: Int)
    /// No upgrade step leads from one payload version to the next.
    case upgradeGap(from: Int, to: Int)
    /// Nesting deeper than the configured limit.
    case tooDeep(limit: Int)
    /// A document or value larger than a configured limit.
    case limitExceeded(String)
    /// Content that the file cannot hold; saving refused.
    case lossyContent([Loss])
    /// The root type has no codec in the registry.
    case noCodecForRoot(type: String)
    /// Reading or writing a file failed.
    case fileSystem(path: String, underlying: any Error)
    /// A codec threw an error of its own.
    case codecFailure(underlying: any Error)
  }

  /// What went wrong.
  public let reason: Reason
  /// Where in the document, when known.
  public let pointer: JSONPointer?
  /// The kind involved, when there is one.
  public let kindID: KindID?
  /// The extension point involved, when there is one.
  public let extensionPoint: ExtensionPoint?

  /// Creates an error.
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
    self.reason = reason
    self.pointer = pointer
    self.kindID = kindID
    self.extensionPoint = extensionPoint
  }

  /// The same error, attributed to a kind when it has none yet.
  ///
  /// - Parameters:
  ///   - kindID: The kind.
  ///   - point: The extension point.
  func attributed(to kindID: KindID, at point: ExtensionPoint) -> PersistenceError {
    guard self.kindID == nil else { return self }
    return PersistenceError(reason, at: pointer, kindID: kindID, extensionPoint: point)
  }

  /// The line and column of malformed JSON, when that is the reason.
  public var lineAndColumn: (line: Int, column: Int)? {
    if case .malformedJSON(_, let line, let column) = reason { return (line, column) }
    return nil
  }

  /// The losses, when saving was refused because of them.
  public var losses: [Loss] {
    if case .lossyContent(let losses) = reason { return losses }
    return []
  }

  /// `"/json/pointer: sentence"`, or `"line:column: sentence"` for malformed JSON.
  public var description: String {
    let message = errorDescription ?? "\(reason)"
    if let position = lineAndColumn { return "\(position.line):\(position.column): \(message)" }
    if let pointer {
      return "\(pointer.description.isEmpty ? "/" : pointer.description): \(message)"
    }
    return message
  }
}
