import Foundation
import KadrPersistence

/// A conflict's field and values in a person's words and units, from the document's JSON.
enum ConflictText {
  /// Field names a person uses, by the codec's member name; other names are split at their
  /// capitals (`fadeInDuration` → `fade in duration`).
  private static let words: [String: String] = [
    "volumeLevel": "volume", "trimRange": "trim", "speedRate": "speed", "imageToken": "image",
    "layerID": "layer", "visibilityRange": "visible time", "timeRange": "time",
    "fadeInDuration": "fade-in", "fadeOutDuration": "fade-out", "scalar": "amount",
    "filterAnimations": "filter animation", "url": "file", "fontSize": "font size",
    "explicitDuration": "length", "startTime": "start", "duckingLevel": "ducking",
    "crossfadeDuration": "crossfade", "positionAnimation": "position animation",
    "sizeAnimation": "size animation", "textAnimation": "text animation",
  ]

  /// Members whose numbers are fractions of a whole, shown as percentages.
  private static let fractions: Set<String> = [
    "volumeLevel", "volume", "opacity", "startVolume", "endVolume", "duckingLevel", "threshold",
  ]

  /// Members whose numbers are multipliers.
  private static let multipliers: Set<String> = ["speedRate", "scale"]

  /// `/trimRange/duration` → `trim duration`; `/filters/0/scalar` → `filter 1 amount`.
  static func fieldName(_ field: String) -> String {
    guard let pointer = try? JSONPointer(parsing: field) else { return field }
    var parts: [String] = []
    for component in pointer.components {
      switch component {
      case .index(let index):
        if let last = parts.last, last.hasSuffix("s") {
          parts[parts.count - 1] = String(last.dropLast())
        }
        parts.append(String(index + 1))
      case .key(let key):
        if key == "_0" || key == "value" && parts.last == "animation" { continue }
        parts.append(words[key] ?? spaced(key))
      }
    }
    return parts.joined(separator: " ")
  }

  /// A value in the units its field implies: times in seconds, fractions as percentages,
  /// speeds as multipliers, text quoted; anything else as compact JSON (at most 40 characters).
  static func value(_ value: JSONValue?, field: String, absent: String) -> String {
    guard let value else { return absent }
    let member = (try? JSONPointer(parsing: field))?.lastKey ?? ""
    if let seconds = seconds(of: value) { return DiffLine.seconds(seconds) }
    if case .object(let object) = value,
      let start = object["start"].flatMap(seconds(of:)),
      let duration = object["duration"].flatMap(seconds(of:)), object.count == 2
    {
      return "\(DiffLine.seconds(duration)) from \(DiffLine.seconds(start))"
    }
    switch value {
    case .string(let text):
      return "“" + (text.count > 40 ? String(text.prefix(39)) + "…" : text) + "”"
    case .bool(let flag):
      return flag ? "on" : "off"
    default:
      break
    }
    if let number = number(value) {
      if fractions.contains(member) { return formatted(number * 100) + " %" }
      if multipliers.contains(member) { return formatted(number) + "×" }
      return formatted(number)
    }
    return DiffLine.value(value)
  }

  /// A `{"timescale", "value"}` object's seconds.
  static func seconds(of value: JSONValue) -> Double? {
    guard case .object(let object) = value, object.count == 2,
      let timescale = object["timescale"].flatMap(number), timescale > 0,
      let count = object["value"].flatMap(number)
    else { return nil }
    return count / timescale
  }

  /// Whether a value is a time (`{"timescale", "value"}`), which merges as one value.
  static func isTime(_ value: JSONValue?) -> Bool {
    value.flatMap(seconds(of:)) != nil
  }

  private static func number(_ value: JSONValue) -> Double? { value.doubleValue }

  /// At most three decimals, trailing zeros dropped.
  private static func formatted(_ number: Double) -> String {
    guard number.isFinite else { return String(number) }
    var text = String(format: "%.3f", number)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }

  /// `fadeInDuration` → `fade in duration`.
  private static func spaced(_ key: String) -> String {
    var text = ""
    for character in key {
      if character.isUppercase, !text.isEmpty { text.append(" ") }
      text.append(contentsOf: character.lowercased())
    }
    return text
  }
}
