import Foundation

extension DocumentCoder {
  /// Reads a document as ``decode(_:from:images:)-(_,Data,_)`` does, but goes on after each error
  /// it can step over, and returns every error found.
  ///
  /// A clip or overlay that cannot be read is recorded and kept as opaque JSON (its errors are
  /// one per clip: the first inside it). A required member missing outside every clip (the
  /// composition's `audioTracks`, say) is recorded and filled from `template`, a document of an
  /// empty composition, and the document is read again; at most `maximumErrors` readings.
  ///
  /// - Parameters:
  ///   - type: The root type (`Video`).
  ///   - bytes: The document.
  ///   - images: Where image tokens are resolved.
  ///   - template: The document of an empty composition, for the defaults of missing members.
  ///   - maximumErrors: The most errors to return; the rest are counted.
  /// - Returns: The errors, how many more there are, the document's schema, and the opened
  ///   document when there are no errors.
  package func validate<Root: Sendable>(
    _ type: Root.Type, from bytes: Data, images: (any ImageStore)?, template: JSONValue?,
    maximumErrors: Int, progress: ((Double) -> Void)? = nil
  ) -> (
    errors: [PersistenceError], unreported: Int, schema: Int?, opened: DecodedDocument<Root>?
  ) {
    var json: JSONValue
    do {
      progress?(0)
      json = try readJSON(bytes)
      progress?(0.4)
    } catch {
      return ([PersistenceError.wrapping(error)], 0, nil, nil)
    }
    var schema: Int?
    if case .object(let envelope) = json {
      schema = try? DocumentEnvelope.schema(of: envelope)
    }
    var errors: [PersistenceError] = []
    while true {
      let session = CodingSession(registry: registry, options: options, images: images)
      session.collectedErrors = []
      session.errorLimit = max(0, maximumErrors - errors.count)
      if let progress { session.progress = { progress(0.4 + 0.6 * $0) } }
      do {
        let opened = try decode(type, from: JSONTape(json), images: images, session: session)
        let found = session.collectedErrors ?? []
        let all = errors + found
        progress?(1)
        return (all, session.uncountedErrors, schema, all.isEmpty ? opened : nil)
      } catch {
        let error = PersistenceError.wrapping(error)
        // What this reading collected before the error is found again by the next reading.
        guard errors.count < maximumErrors,
          let filled = Self.filling(json, after: error, from: template)
        else {
          let found = session.collectedErrors ?? []
          let all = errors + found + [error]
          return (
            Array(all.prefix(maximumErrors)),
            session.uncountedErrors + max(0, all.count - maximumErrors), schema, nil
          )
        }
        errors.append(error)
        json = filled
      }
    }
  }

  /// `json` with the member whose absence `error` reports filled from the same place in
  /// `template`, or `nil` when the error is not a missing member the template has.
  static func filling(_ json: JSONValue, after error: PersistenceError, from template: JSONValue?)
    -> JSONValue?
  {
    guard let template, case .missingField(let key) = error.reason, let pointer = error.pointer,
      let value = template.value(at: pointer.components + [.key(key)])
    else { return nil }
    return json.setting(value, at: pointer.components + [.key(key)])
  }
}

extension JSONValue {
  /// The value at `path`, or `nil`.
  func value(at path: some Collection<JSONPointer.Component>) -> JSONValue? {
    guard let first = path.first else { return self }
    switch (self, first) {
    case (.object(let object), .key(let key)):
      return object[key]?.value(at: path.dropFirst())
    case (.array(let array), .index(let index)) where array.indices.contains(index):
      return array[index].value(at: path.dropFirst())
    default:
      return nil
    }
  }

  /// This value with `value` at `path` (whose parents exist), or `nil` when a parent does not.
  func setting(_ value: JSONValue, at path: some Collection<JSONPointer.Component>) -> JSONValue? {
    guard let first = path.first else { return value }
    switch (self, first) {
    case (.object(var object), .key(let key)):
      let rest = path.dropFirst()
      if rest.isEmpty {
        object[key] = value
      } else {
        guard let child = object[key]?.setting(value, at: rest) else { return nil }
        object[key] = child
      }
      return .object(object)
    case (.array(var array), .index(let index)) where array.indices.contains(index):
      guard let child = array[index].setting(value, at: path.dropFirst()) else { return nil }
      array[index] = child
      return .array(array)
    default:
      return nil
    }
  }
}
