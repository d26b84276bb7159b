import Foundation

/// The one place that turns ``PersistenceError`` values into sentences.
///
/// Two readers, two sentences: ``errorDescription`` (so `localizedDescription`, and what
/// SwiftUI's `alert(isPresented:error:actions:)` shows) is for the person using the app and
/// names no JSON pointer, type or API; ``failureReason`` and ``debugDescription`` are for the
/// developer, with the pointer, the kind id and the fix in the package's terms. `print(error)`
/// (``description``) gives the pointer first, once, then the developer's sentence.
///
/// ## Localising
///
/// The user's sentences are English. An app that localises matches the structured values
/// instead of the text: ``losses`` (each ``Loss/kind`` and ``Loss/placeForUser``), ``reason``
/// and the cases themselves, and writes its own strings:
///
/// ```swift
/// if case .lossyContent(let losses) = error, losses.first?.kind == .compositor {
///   message = String(localized: "The effect on \(losses[0].placeForUser) cannot be saved.")
/// }
/// ```
extension PersistenceError: LocalizedError, CustomDebugStringConvertible {
  /// What went wrong, for the person using the app: no pointer, no type name, no API
  /// (``describedForUser``). The developer's sentence is ``failureReason``.
  public var errorDescription: String? { describedForUser }

  /// What is wrong, for the developer: the place (its JSON pointer), the kind id and what was
  /// found.
  public var failureReason: String? { developerSentence }

  /// The developer's sentence and the fix, for logs and the debugger.
  public var debugDescription: String {
    [developerSentence, recoverySuggestion].compactMap(\.self).joined(separator: " ")
  }

  /// What is wrong, for the developer, naming the place and the kind.
  var developerSentence: String {
    switch self {
    case .unsupportedSchema(let found, let supported):
      return "The document has schema \(found), newer than schema \(supported), the newest this "
        + "version of kadr-persistence reads."
    case .migrationUnavailable(let from, let to):
      return "No migration leads from schema \(from) to schema \(to)."
    case .lossyContent(let losses):
      let list = losses.prefix(5).map(\.description).joined(separator: "; ")
      let more = losses.count > 5 ? "; and \(losses.count - 5) more" : ""
      let count = losses.count == 1 ? "1 item" : "\(losses.count) items"
      return "The composition holds \(count) a file cannot hold: \(list)\(more)."
    case .unsupportedClip(let type):
      return "No codec is registered for the clip type \(type)."
    case .unsupportedOverlay(let type):
      return "No codec is registered for the overlay type \(type)."
    case .missingImageStore(let token):
      return "The document refers to images (the first is '\(token)'), and no image store was "
        + "given to resolve them."
    case .imageNotEncodable:
      return "An image could not be turned into bytes to store."
    case .imageUnresolvable(let token):
      return "No image is stored under the token '\(token)'."
    case .malformed(let detail):
      return "The document is malformed: \(detail)"
    case .failure(let failure):
      return failure.errorDescription
    }
  }

  /// What is wrong, for `audience`, without the JSON pointer (a caller that prints the pointer
  /// itself, as `kadr-doc` does, prints it once).
  ///
  /// - Parameter audience: Who reads it.
  public func sentence(for audience: Audience) -> String {
    if case .failure(let failure) = self { return failure.message(includingPlace: false) }
    return developerSentence
  }

  /// How to fix it, for `audience`: a command-line user is told the tool's flags, a developer
  /// the package's API.
  ///
  /// - Parameter audience: Who reads it.
  public func fix(for audience: Audience) -> String? {
    guard audience == .commandLine else { return recoverySuggestion }
    switch self {
    case .migrationUnavailable(let from, _):
      return "This version of kadr-doc cannot migrate schema \(from); open the file with the "
        + "version of the app that wrote it."
    case .missingImageStore:
      return "Pass --images DIR with the directory of its images, or leave --images out to check "
        + "it without them."
    case .lossyContent:
      return nil
    case .failure(let failure):
      switch failure.reason {
      case .unknownKind:
        return "Use a build of the tool that registers the plugin that wrote it, or pass "
          + "--preserving-unknown to keep it unchanged."
      case .payloadVersionTooNew:
        return "Use a build of the tool with the newer plugin, or pass --preserving-unknown to "
          + "keep it unchanged."
      case .unresolvableImageToken, .imageStoreFailed:
        return "Check that the image is in the --images directory, or leave --images out to "
          + "check the document without its images."
      case .tooDeep, .limitExceeded:
        return "The file is past the limits kadr-doc opens; if it is trusted, open it with a "
          + "KadrCoder whose DocumentLimits are raised."
      default:
        return recoverySuggestion
      }
    default:
      return recoverySuggestion
    }
  }

  /// Who reads a message.
  public enum Audience: Sendable, Hashable {
    /// A developer calling the package: messages name its API (`preservingUnknown`).
    case developer
    /// A person running `kadr-doc`: messages name its flags (`--preserving-unknown`).
    case commandLine
  }

  /// How to fix it, when there is something to do.
  public var recoverySuggestion: String? {
    switch self {
    case .unsupportedSchema:
      return "Open it with a newer version of kadr-persistence; this version would lose what it "
        + "does not understand."
    case .migrationUnavailable:
      return "Register the missing migration step in the coder's migration chain."
    case .lossyContent:
      return "Remove the content, register codecs or an image store for it, or save with "
        + "allowingLoss: true to leave it out."
    case .unsupportedClip, .unsupportedOverlay:
      return "Register a codec for the type, or save with allowingLoss: true to leave it out."
    case .missingImageStore:
      return "Open it with the image store it was saved with, or with an UnresolvedImageStore "
        + "to carry the tokens through unresolved."
    case .imageNotEncodable:
      return nil
    case .imageUnresolvable:
      return "The image may have been deleted, or the store points at another directory."
    case .malformed:
      return nil
    case .failure(let failure):
      return failure.recoverySuggestion
    }
  }
}

extension PersistenceError.Failure {
  /// What is wrong, naming the place and the kind.
  var errorDescription: String { message(includingPlace: true) }

  /// What is wrong, naming the kind, and the place unless the caller prints it itself; with
  /// "Did you mean …?" when a mistyped name has a near match.
  func message(includingPlace: Bool) -> String {
    let text = baseMessage(includingPlace: includingPlace)
    guard let match = closestMatch ?? enumerationMatch else { return text }
    return "\(text) Did you mean '\(match)'?"
  }

  /// The allowed value nearest to an unknown enumeration string.
  private var enumerationMatch: String? {
    guard case .unknownEnumValue(let value, _, let allowed) = reason else { return nil }
    return ClosestMatch.of(value, in: allowed)
  }

  private func baseMessage(includingPlace: Bool) -> String {
    let place =
      includingPlace
      ? pointer.map { " at \($0.description.isEmpty ? "/" : $0.description)" } ?? "" : ""
    let kind = kindID.map { " (\(extensionPoint.map { "\($0) " } ?? "")kind '\($0)')" } ?? ""
    switch reason {
    case .malformedJSON(let detail, let line, let column):
      guard includingPlace else { return "The document is not valid JSON: \(detail)" }
      return "The document is not valid JSON at line \(line), column \(column): \(detail)"
    case .wrongType(let expected, let found):
      return "Expected \(expected) but found \(found)\(place)\(kind)."
    case .missingField(let field):
      return "The required field '\(field)' is missing\(place)\(kind)."
    case .unknownField(let field, _):
      return "Unknown field '\(field)'\(place)\(kind)."
    case .unknownKind(let point, let id):
      return "Unknown \(point) kind '\(id)'\(place)."
    case .unknownEnumValue(let value, let field, _):
      return "'\(value)' is not a valid \(field)\(place)\(kind)."
    case .invalidValue(let sentence):
      return "\(sentence)\(place.isEmpty ? "" : " (\(place.dropFirst()))")\(kind)."
    case .integerOutOfRange(let field, let range):
      return "The \(field) is out of range\(place)\(kind): it must be \(range)."
    case .nonFiniteNumber(let field):
      return "The \(field) is not a finite number\(place)\(kind): JSON cannot hold NaN or infinity."
    case .mismatchedParallelArrays(let names):
      return "The parallel arrays \(names) have different lengths\(place)\(kind)."
    case .invalidURL(let text):
      return "'\(text)' is not an absolute URL\(place)\(kind)."
    case .unresolvableImageToken(let token, let underlying):
      let cause = underlying.map { ": \(PersistenceError.sentence(for: $0))" } ?? ""
      return "The image token '\(URLRedaction.redacted(token))'\(place) cannot be resolved"
        + URLRedaction.redacted(cause)
    case .imageNotStored(let underlying):
      return "An image\(place) could not be saved in the image store: "
        + PersistenceError.sentence(for: underlying)
    case .imageStoreFailed(let underlying):
      return "The image store failed: \(PersistenceError.sentence(for: underlying))"
    case .schemaMissing:
      return "The document has no integer 'schema' field at its top level."
    case .payloadVersionTooNew(let found, let supported):
      return "The payload\(place)\(kind) has version \(found), newer than version \(supported), "
        + "the newest its codec reads."
    case .upgradeGap(let from, let to):
      return "No upgrade step leads from payload version \(from) to \(to)\(place)\(kind)."
    case .tooDeep(let limit):
      return "The document nests deeper than \(limit) levels\(place)."
    case .limitExceeded(let what):
      // A limit of the whole document needs no place.
      return pointer?.description.isEmpty == true ? "\(what)." : "\(what)\(place)."
    case .noCodecForRoot(let type):
      return "No codec is registered for the document's root type \(type)."
    case .fileSystem(let path, let underlying):
      return "Could not access '\(path)': \(PersistenceError.sentence(for: underlying))"
    case .codecFailure(let underlying):
      return "The codec failed\(place)\(kind): \(PersistenceError.sentence(for: underlying))"
    }
  }

  /// How to fix it, when there is something to do.
  var recoverySuggestion: String? {
    switch reason {
    case .malformedJSON:
      return "Fix the JSON syntax there; the file may be truncated or hand-edited."
    case .missingField(let field):
      return "Add '\(field)' to the object (the format is in the package's documentation, "
        + "\"The format\"), or re-save the project from the app that made it."
    case .wrongType, .invalidValue, .integerOutOfRange, .invalidURL,
      .mismatchedParallelArrays:
      return "Correct the value in the file, or re-save the project from the app that made it."
    case .unknownField(_, let known):
      let list = known.sorted().joined(separator: ", ")
      return
        "Remove the field, or open the file with a version that knows it. Known fields: \(list)."
    case .unknownKind:
      if let codecRegistration {
        return "Register its codec with \(codecRegistration); or open with preservingUnknown to "
          + "keep it unchanged."
      }
      return "Register the codec of the plugin that wrote it, or open with preservingUnknown to "
        + "keep it unchanged."
    case .unknownEnumValue(_, _, let allowed):
      // A raw-value type that is not `CaseIterable` cannot list its values.
      guard !allowed.isEmpty else {
        return "Correct the value in the file, or re-save the project from the app that made it."
      }
      return "Use one of: \(allowed.joined(separator: ", "))."
    case .nonFiniteNumber:
      return "Set a finite value before saving."
    case .unresolvableImageToken(_, let underlying):
      // The store knows best (a URL store names the async open it needs).
      if let suggestion = (underlying as? any LocalizedError)?.recoverySuggestion {
        return suggestion
      }
      return "Make the image available to the image store, or open with an UnresolvedImageStore to "
        + "carry the token through unresolved."
    case .imageNotStored:
      return "Check that the image store's location is writable."
    case .imageStoreFailed:
      return nil
    case .schemaMissing:
      return "Add \"schema\": 1 if the file is a kadr project; otherwise it is not one."
    case .payloadVersionTooNew:
      return "Update the plugin that owns this kind, or open with preservingUnknown to keep it "
        + "unchanged."
    case .upgradeGap:
      return "Register the missing upgrade step in the kind's codec."
    case .tooDeep, .limitExceeded:
      return "Raise the limit in the coder's options if the document is trusted."
    case .noCodecForRoot:
      return "Use a registry that includes the composition module (CodecRegistry.standard)."
    case .fileSystem:
      return "Check the path and its permissions; the previous file, if any, is unchanged."
    case .codecFailure:
      return nil
    }
  }
}

extension PersistenceError {
  /// The sentence of another error: its `errorDescription` when it is a `LocalizedError`, else
  /// its `description`, never Foundation's generic "The operation could not be completed".
  ///
  /// - Parameter error: Any error.
  package static func sentence(for error: any Error) -> String {
    if let persistence = error as? PersistenceError { return persistence.developerSentence }
    if let localized = error as? any LocalizedError, let text = localized.errorDescription {
      return text
    }
    return String(describing: error)
  }
}
