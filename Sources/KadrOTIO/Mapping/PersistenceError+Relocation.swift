import Foundation
import KadrPersistence
import KadrPersistenceCore

extension PersistenceError {
  /// The same error located under `base`: the registry reports pointers relative to the value it
  /// was given, this module reports them in the file being written or read.
  ///
  /// - Parameters:
  ///   - base: Where the value sits in the file.
  ///   - dropping: How many leading components of the registry's pointer to drop (1 for a clip
  ///     or overlay, which the registry writes as the first element of a list).
  func relocated(under base: JSONPointer, dropping: Int = 0) -> PersistenceError {
    guard case .failure(let failure) = self else { return self }
    var pointer = base
    for component in (failure.pointer?.components ?? []).dropFirst(dropping) {
      pointer = pointer.appending(component)
    }
    return moved(to: pointer)
  }

  /// The same failure at `pointer` instead of where it was found.
  ///
  /// - Parameter pointer: Where it is in the file.
  func moved(to pointer: JSONPointer) -> PersistenceError {
    guard case .failure(var failure) = self else { return self }
    failure.pointer = pointer
    return .failure(failure)
  }

  /// A value that the mapping cannot use, with a sentence saying why and what to do.
  ///
  /// - Parameters:
  ///   - sentence: What is wrong and how to fix it.
  ///   - pointer: Where.
  static func invalid(_ sentence: String, at pointer: JSONPointer) -> PersistenceError {
    PersistenceError(.invalidValue(sentence), at: pointer)
  }
}

extension JSONValue {
  /// The members of an object, or `nil`.
  var objectValue: JSONObject? {
    if case .object(let object) = self { return object }
    return nil
  }

  /// The string, or `nil`.
  var arrayValue: [JSONValue]? {
    if case .array(let array) = self { return array }
    return nil
  }

  var stringValue: String? {
    if case .string(let string) = self { return string }
    return nil
  }
}

/// A schema-1 clip's JSON split into its kind and payload: `{"<kind>": {"_0": payload}}`.
struct TaggedPayload {
  var kind: String
  var payload: JSONObject

  /// The parts of `json`, or `nil` when it does not have the tagged shape.
  init?(_ json: JSONValue) {
    guard let outer = json.objectValue, outer.count == 1, let kind = outer.keys.first,
      let payload = outer[kind]?.objectValue?[FormatKeys.payloadBox]?.objectValue
    else { return nil }
    self.kind = kind
    self.payload = payload
  }

  init(kind: String, payload: JSONObject) {
    self.kind = kind
    self.payload = payload
  }

  /// The tagged JSON.
  var json: JSONValue { [kind: [FormatKeys.payloadBox: .object(payload)]] }

  /// The pointer of the payload, when the tagged JSON is at `pointer`.
  func payloadPointer(under pointer: JSONPointer) -> JSONPointer {
    pointer.appending(key: kind).appending(key: FormatKeys.payloadBox)
  }
}
