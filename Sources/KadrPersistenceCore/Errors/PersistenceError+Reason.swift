import Foundation

extension PersistenceError {
  /// What went wrong at a place in a document, or in the file system or a store.
  ///
  /// Cases may be added in any release: a `switch` over a reason should end in `default:`.
  public enum Reason: Sendable, Equatable {
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
    /// An image token the image store could not resolve, with the store's own error.
    case unresolvableImageToken(String, underlying: (any Error)?)
    /// An image the image store could not save, with the store's own error.
    case imageNotStored(underlying: any Error)
    /// The image store failed for a reason of its own that concerns no single token (too many
    /// tokens at once, say).
    case imageStoreFailed(underlying: any Error)
    /// The document has no usable `schema` field.
    case schemaMissing
    /// A kind's payload version is newer than its codec knows.
    case payloadVersionTooNew(found: Int, supported: Int)
    /// No upgrade step leads from one payload version to the next.
    case upgradeGap(from: Int, to: Int)
    /// Nesting deeper than the configured limit.
    case tooDeep(limit: Int)
    /// A document or value larger than a configured limit.
    case limitExceeded(String)
    /// The root type has no codec in the registry.
    case noCodecForRoot(type: String)
    /// Reading or writing a file failed.
    case fileSystem(path: String, underlying: any Error)
    /// A codec threw an error of its own.
    case codecFailure(underlying: any Error)

    /// Whether two reasons are the same; underlying errors compare by type and description.
    ///
    /// - Parameters:
    ///   - lhs: A reason.
    ///   - rhs: Another reason.
    public static func == (lhs: Reason, rhs: Reason) -> Bool {
      switch (lhs, rhs) {
      case (.malformedJSON(let a, let b, let c), .malformedJSON(let d, let e, let f)):
        return (a, b, c) == (d, e, f)
      case (.wrongType(let a, let b), .wrongType(let c, let d)): return (a, b) == (c, d)
      case (.missingField(let a), .missingField(let b)): return a == b
      case (.unknownField(let a, let b), .unknownField(let c, let d)): return a == c && b == d
      case (.unknownKind(let a, let b), .unknownKind(let c, let d)): return a == c && b == d
      case (.unknownEnumValue(let a, let b, let c), .unknownEnumValue(let d, let e, let f)):
        return a == d && b == e && c == f
      case (.invalidValue(let a), .invalidValue(let b)): return a == b
      case (.integerOutOfRange(let a, let b), .integerOutOfRange(let c, let d)):
        return (a, b) == (c, d)
      case (.nonFiniteNumber(let a), .nonFiniteNumber(let b)): return a == b
      case (.mismatchedParallelArrays(let a), .mismatchedParallelArrays(let b)): return a == b
      case (.invalidURL(let a), .invalidURL(let b)): return a == b
      case (.unresolvableImageToken(let a, let b), .unresolvableImageToken(let c, let d)):
        return a == c && sameError(b, d)
      case (.imageNotStored(let a), .imageNotStored(let b)): return sameError(a, b)
      case (.imageStoreFailed(let a), .imageStoreFailed(let b)): return sameError(a, b)
      case (.schemaMissing, .schemaMissing): return true
      case (.payloadVersionTooNew(let a, let b), .payloadVersionTooNew(let c, let d)):
        return (a, b) == (c, d)
      case (.upgradeGap(let a, let b), .upgradeGap(let c, let d)): return (a, b) == (c, d)
      case (.tooDeep(let a), .tooDeep(let b)): return a == b
      case (.limitExceeded(let a), .limitExceeded(let b)): return a == b
      case (.noCodecForRoot(let a), .noCodecForRoot(let b)): return a == b
      case (.fileSystem(let a, let b), .fileSystem(let c, let d)): return a == c && sameError(b, d)
      case (.codecFailure(let a), .codecFailure(let b)): return sameError(a, b)
      default: return false
      }
    }

    private static func sameError(_ lhs: (any Error)?, _ rhs: (any Error)?) -> Bool {
      switch (lhs, rhs) {
      case (nil, nil): return true
      case (let lhs?, let rhs?):
        return type(of: lhs) == type(of: rhs) && String(reflecting: lhs) == String(reflecting: rhs)
      default: return false
      }
    }
  }
}
