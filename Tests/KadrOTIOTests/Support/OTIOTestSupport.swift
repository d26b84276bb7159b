import Foundation
import KadrModel
import KadrOTIO
import KadrPersistence
import Testing

/// Reading and editing OpenTimelineIO JSON in tests.
enum OTIOJSON {
  /// The value at `pointer` (RFC 6901) in `json`, or `nil`.
  static func value(at pointer: String, in json: JSONValue) -> JSONValue? {
    guard let parsed = try? JSONPointer(parsing: pointer) else { return nil }
    var current = json
    for component in parsed.components {
      switch (component, current) {
      case (.key(let key), .object(let object)):
        guard let next = object[key] else { return nil }
        current = next
      case (.index(let index), .array(let array)) where index < array.count:
        current = array[index]
      case (.key(let key), .array(let array)):
        guard let index = Int(key), index < array.count else { return nil }
        current = array[index]
      default:
        return nil
      }
    }
    return current
  }

  /// `json` with the value at `pointer` replaced by `newValue` (removed when `nil`).
  static func setting(_ newValue: JSONValue?, at pointer: String, in json: JSONValue) -> JSONValue {
    guard let parsed = try? JSONPointer(parsing: pointer) else { return json }
    return set(newValue, path: ArraySlice(parsed.components), in: json)
  }

  private static func set(
    _ newValue: JSONValue?, path: ArraySlice<JSONPointer.Component>, in json: JSONValue
  ) -> JSONValue {
    guard let first = path.first else { return newValue ?? .null }
    let rest = path.dropFirst()
    switch (first, json) {
    case (.key(let key), .object(var object)):
      if rest.isEmpty {
        object[key] = newValue
      } else if let inner = object[key] {
        object[key] = set(newValue, path: rest, in: inner)
      }
      return .object(object)
    case (.index(let index), .array(var array)) where index < array.count:
      if rest.isEmpty {
        if let newValue { array[index] = newValue } else { array.remove(at: index) }
      } else {
        array[index] = set(newValue, path: rest, in: array[index])
      }
      return .array(array)
    default:
      return json
    }
  }

  /// A `RationalTime.1`.
  static func time(_ value: Double, _ rate: Double) -> JSONValue {
    ["OTIO_SCHEMA": "RationalTime.1", "rate": .number(rate), "value": .number(value)]
  }

  /// A `TimeRange.1`.
  static func range(_ start: Double, _ duration: Double, _ rate: Double) -> JSONValue {
    [
      "OTIO_SCHEMA": "TimeRange.1", "start_time": time(start, rate),
      "duration": time(duration, rate),
    ]
  }

  /// The bytes of `json`.
  static func data(_ json: JSONValue) throws -> Data {
    try JSONWriter().writeData(json)
  }
}

/// Export and import in one call, for tests.
enum OTIORoundTrip {
  /// The exported timeline of `video` as JSON.
  static func export(_ video: Video, images: (any ImageStore)? = nil) throws -> JSONValue {
    try OTIOExporter().timeline(for: video, images: images).json
  }

  /// Exports `video`, reads the bytes back, imports them and checks by deep reflection that the
  /// composition is unchanged and the report empty.
  @discardableResult
  static func check(
    _ video: Video, images: (any ImageStore)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> OTIOImport {
    let file = try OTIOExporter().export(video, images: images)
    let imported = try OTIOImporter().importTimeline(from: file.data, images: images)
    #expect(imported.report.isEmpty, "\(imported.report)", sourceLocation: sourceLocation)
    let differences = ReflectionDiff.differences(video, imported.video)
    #expect(
      differences.isEmpty, "\(differences.joined(separator: "\n"))", sourceLocation: sourceLocation)
    return imported
  }
}

extension JSONValue {
  /// The string, or `nil`.
  var textValue: String? {
    if case .string(let text) = self { return text }
    return nil
  }
}
