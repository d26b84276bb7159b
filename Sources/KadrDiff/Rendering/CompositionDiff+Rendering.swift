import Foundation
import KadrPersistence

extension CompositionDiff {
  /// The counts in one line: `1 retimed, 1 shifted, 7 unchanged`.
  public var summary: String {
    var parts = DiffChange.Kind.allCases.compactMap { kind -> String? in
      let count = count(of: kind)
      return count == 0 ? nil : "\(count) \(kind.rawValue)"
    }
    parts.append("\(unchangedCount) unchanged")
    return parts.joined(separator: ", ")
  }

  /// The summary line, then one line per change, with times as timecodes at ``frameRate`` and
  /// in seconds.
  ///
  /// - Returns: The text, lines separated by newlines, with no trailing newline.
  public func rendered() -> String {
    let timecode = Timecode(fps: .custom(frameRate))
    return ([summary] + changes.map { DiffLine.render($0, timecode: timecode) })
      .joined(separator: "\n")
  }
}

/// One change as a line of text.
enum DiffLine {
  static func render(_ change: DiffChange, timecode: Timecode) -> String {
    var line = change.kind.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0) + change.label
    let time = { (value: DiffTime) in "\(timecode.format(value.time)) (\(seconds(value.seconds)))" }
    func delta(_ old: DiffTime, _ new: DiffTime) -> String {
      let difference = new.seconds - old.seconds
      return (difference >= 0 ? "+" : "−") + seconds(abs(difference))
    }
    var details: [String] = []
    switch change.kind {
    case .added, .removed:
      if let timing = change.after ?? change.before {
        if let start = timing.start { details.append("at \(time(start))") }
        details.append("for \(seconds(timing.duration.seconds))")
      }
    case .moved:
      details.append("\(change.beforePointer ?? "?") → \(change.afterPointer ?? "?")")
    default:
      break
    }
    if let old = change.before, let new = change.after {
      if old.duration.time != new.duration.time {
        details.append(
          "duration \(time(old.duration)) → \(time(new.duration)), \(delta(old.duration, new.duration))"
        )
      }
      if let oldStart = old.start, let newStart = new.start, oldStart.time != newStart.time {
        details.append("start \(time(oldStart)) → \(time(newStart)), \(delta(oldStart, newStart))")
      }
    }
    let fields = change.fields.prefix(4).map { field in
      "\(field.field.isEmpty ? "/" : field.field) \(value(field.before)) → \(value(field.after))"
    }
    details += fields
    if change.fields.count > 4 { details.append("\(change.fields.count - 4) more fields") }
    if !details.isEmpty { line += "  " + details.joined(separator: "; ") }
    return line
  }

  /// `5 s`, `4.5 s`, `0.033 s`: seconds to the millisecond, trailing zeros dropped.
  static func seconds(_ value: Double) -> String {
    var text = String(format: "%.3f", value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text + " s"
  }

  /// A JSON value in at most 40 characters; `none` for a field that is absent.
  static func value(_ value: JSONValue?) -> String {
    guard let value else { return "none" }
    // The canonical writer, through the public door a document offers.
    let text =
      (try? KadrDocument(json: value).data()).map { String(decoding: $0, as: UTF8.self) } ?? "?"
    return text.count > 40 ? String(text.prefix(39)) + "…" : text
  }
}
