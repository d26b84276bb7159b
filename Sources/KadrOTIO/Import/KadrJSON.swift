import Foundation
import KadrModel
import KadrPersistenceCore

/// Schema-1 JSON of the few values the reader writes into a payload before the registry decodes
/// it (a duration or visibility range taken from the OpenTimelineIO file), as FORMAT.md defines
/// them.
enum KadrJSON {
  /// `{"timescale": …, "value": …}`.
  static func time(_ time: Time) -> JSONValue {
    ["timescale": .integer(Int64(time.timescale)), "value": .integer(time.value)]
  }

  /// `{"duration": Time, "start": Time}`.
  static func range(_ range: TimeRange) -> JSONValue {
    ["duration": time(range.duration), "start": time(range.start)]
  }
}
