import Foundation

/// The one place that turns ``PersistenceError`` values into sentences.
extension PersistenceError: LocalizedError {
  /// What is wrong, in the user's terms, naming the place and the kind.
  public var errorDescription: String? {
    let place = pointer.map { " at \($0.description.isEmpty ? "/" : $0.description)" } ?? ""
    let kind = kindID.map { " (\(extensionPoint.map { "\($0) " } ?? "")kind '\($0)')" } ?? ""
    switch reason {
    case .malformedJSON(let detail, let line, let column):
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
      let cause = underlying.map { ": \($0.localizedDescription)" } ?? ""
      return "The image token '\(URLRedaction.redacted(token))'\(place) cannot be resolved"
        + URLRedaction.redacted(cause)
    case .imageNotStored(let underlying):
      return "An image\(place) could not be saved in the image store: "
        + underlying.localizedDescription
    case .schemaTooNew(let found, let supported):
      return "The document has schema \(found), newer than schema \(supported), the newest this "
        + "version of kadr-persistence reads."
    case .schemaMissing:
      return "The document has no integer 'schema' field at its top level."
    case .migrationGap(let from, let to):
      return "No migration leads from schema \(from) to schema \(to)."
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
    case .lossyContent(let losses):
      let list = losses.prefix(5).map(\.description).joined(separator: "; ")
      let more = losses.count > 5 ? "; and \(losses.count - 5) more" : ""
      return "The composition holds \(losses.count) item(s) a file cannot hold: \(list)\(more)."
    case .noCodecForRoot(let type):
      return "No codec is registered for the document's root type \(type)."
    case .fileSystem(let path, let underlying):
      return "Could not access '\(path)': \(underlying.localizedDescription)"
    case .codecFailure(let underlying):
      return "The codec failed\(place)\(kind): \(underlying.localizedDescription)"
    }
  }

  /// How to fix it, when there is something to do.
  public var recoverySuggestion: String? {
    switch reason {
    case .malformedJSON:
      return "Fix the JSON syntax there; the file may be truncated or hand-edited."
    case .wrongType, .missingField, .invalidValue, .integerOutOfRange, .invalidURL,
      .mismatchedParallelArrays:
      return "Correct the value in the file, or re-save the project from the app that made it."
    case .unknownField(_, let known):
      let list = known.sorted().joined(separator: ", ")
      return
        "Remove the field, or open the file with a version that knows it. Known fields: \(list)."
    case .unknownKind:
      return "Register the codec of the plugin that wrote it, or open with preservingUnknown to "
        + "keep it unchanged."
    case .unknownEnumValue(_, _, let allowed):
      return "Use one of: \(allowed.joined(separator: ", "))."
    case .nonFiniteNumber:
      return "Set a finite value before saving."
    case .unresolvableImageToken:
      return "Make the image available to the image store, or open without an image store to "
        + "carry the token through unresolved."
    case .imageNotStored:
      return "Check that the image store's location is writable."
    case .schemaTooNew:
      return "Open it with a newer version of kadr-persistence; this version would lose what it "
        + "does not understand."
    case .schemaMissing:
      return "Add \"schema\": 1 if the file is a kadr project; otherwise it is not one."
    case .migrationGap:
      return "Register the missing migration step in the coder's migration chain."
    case .payloadVersionTooNew:
      return "Update the plugin that owns this kind, or open with preservingUnknown to keep it "
        + "unchanged."
    case .upgradeGap:
      return "Register the missing upgrade step in the kind's codec."
    case .tooDeep, .limitExceeded:
      return "Raise the limit in the coder's options if the document is trusted."
    case .lossyContent:
      return "Remove the content, register codecs or an image store for it, or save with "
        + "allowingLoss: true to leave it out."
    case .noCodecForRoot:
      return "Use a registry that includes the composition module (CodecRegistry.standard)."
    case .fileSystem:
      return "Check the path and its permissions; the previous file, if any, is unchanged."
    case .codecFailure:
      return nil
    }
  }
}
