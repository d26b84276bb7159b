import Foundation
import KadrModel
import KadrPersistenceCore

extension FrameRate: PersistableValue {
  /// The keys of `{"denominator", "dropFrame"?, "numerator"}`.
  enum Key: String, PayloadKey {
    case denominator, dropFrame, numerator
  }

  /// Writes `{"denominator", "dropFrame"?, "numerator"}`; `dropFrame` only when set.
  ///
  /// - Throws: ``PersistenceError`` for a rate that is not ``FrameRate/isValid``.
  public func encodePersisted(to encoder: ValueEncoder) throws -> WrittenJSON? {
    guard isValid else {
      throw PersistenceError(
        .invalidValue(
          "The frame rate \(exactRate.numerator)/\(exactRate.denominator)"
            + (isDropFrame ? " in drop frame" : "") + " is not valid"),
        at: encoder.pointer)
    }
    let (numerator, denominator) = exactRate
    var object = encoder.keyed(by: Key.self)
    try object.encode(denominator, for: .denominator)
    if isDropFrame { try object.encode(true, for: .dropFrame) }
    try object.encode(numerator, for: .numerator)
    return object.finish()
  }

  /// Reads a rate in its one spelling: a whole rate not in drop frame is ``fps24`` … ``fps60``
  /// or ``custom(_:)``, any other ``rational(numerator:denominator:dropFrame:)``.
  ///
  /// - Throws: ``PersistenceError`` for a rate that is not valid (zero or negative numbers,
  ///   drop frame at a rate other than 29.97 or 59.94).
  public static func decodePersisted(from decoder: ValueDecoder) throws -> FrameRate {
    let object = try decoder.keyed(by: Key.self)
    let numerator = try object.decode(Int.self, for: .numerator)
    let denominator = try object.decode(Int.self, for: .denominator)
    let dropFrame = try object.decodeIfPresent(Bool.self, for: .dropFrame) ?? false
    let rate = FrameRate.rational(
      numerator: numerator, denominator: denominator, dropFrame: dropFrame)
    guard rate.isValid else {
      throw decoder.error(
        .invalidValue(
          "The frame rate \(numerator)/\(denominator)\(dropFrame ? " in drop frame" : "") is "
            + "not valid: both numbers must be positive 32-bit integers, and drop frame is only "
            + "defined at 30000/1001 and 60000/1001"))
    }
    guard denominator == 1, !dropFrame else { return rate }
    switch numerator {
    case 24: return .fps24
    case 25: return .fps25
    case 30: return .fps30
    case 50: return .fps50
    case 60: return .fps60
    default: return .custom(numerator)
    }
  }
}

extension SMPTETimecode: PersistableValue {
  /// The keys of `{"rate", "timecode"}`.
  enum Key: String, PayloadKey {
    case rate, timecode
  }

  /// Writes `{"rate": FrameRate, "timecode": "01:00:00;00"}`.
  ///
  /// - Throws: ``PersistenceError`` for an invalid rate.
  public func encodePersisted(to encoder: ValueEncoder) throws -> WrittenJSON? {
    var object = encoder.keyed(by: Key.self)
    try object.encode(rate, for: .rate)
    try object.encode(description, for: .timecode)
    return object.finish()
  }

  /// Reads a timecode, checking every field at its rate.
  ///
  /// - Throws: ``PersistenceError`` for an invalid rate, or a label that is not a timecode at it
  ///   (a skipped drop-frame label, a field out of range, a `;` at a rate without drop frame).
  public static func decodePersisted(from decoder: ValueDecoder) throws -> SMPTETimecode {
    let object = try decoder.keyed(by: Key.self)
    let rate = try object.decode(FrameRate.self, for: .rate)
    let text = try object.decode(String.self, for: .timecode)
    do {
      return try SMPTETimecode(parsing: text, rate: rate)
    } catch {
      let reason = (error as? SMPTETimecodeError)?.errorDescription ?? "\(error)"
      throw object.error(.invalidValue("The timecode is not valid: \(reason)"), for: .timecode)
    }
  }
}

extension Marker: PersistableValue {
  /// The keys of a marker.
  enum Key: String, PayloadKey {
    case completed, duration, kind, name, note, start
  }

  /// The kinds as written under `kind`.
  enum KindName: String, CaseIterable {
    case standard, chapter, toDo
  }

  /// Writes `{"completed"?, "duration", "kind", "name", "note"?, "start"}`; `completed` only for
  /// a to-do marker.
  ///
  /// - Throws: ``PersistenceError`` for an invalid time.
  public func encodePersisted(to encoder: ValueEncoder) throws -> WrittenJSON? {
    var object = encoder.keyed(by: Key.self)
    let kindName: KindName
    switch kind {
    case .standard: kindName = .standard
    case .chapter: kindName = .chapter
    case .toDo(let completed):
      kindName = .toDo
      try object.encode(completed, for: .completed)
    }
    try object.encode(duration, for: .duration)
    try object.encode(kindName.rawValue, for: .kind)
    try object.encode(name, for: .name)
    try object.encodeIfPresent(note, for: .note)
    try object.encode(start, for: .start)
    return object.finish()
  }

  /// Reads a marker.
  ///
  /// - Throws: ``PersistenceError``: an unknown kind, `completed` on a marker that is not a
  ///   to-do, or a missing or malformed field.
  public static func decodePersisted(from decoder: ValueDecoder) throws -> Marker {
    let object = try decoder.keyed(by: Key.self)
    let kindName = try object.valueDecoder(for: .kind).enumeration(KindName.self, field: "marker")
    let kind: Kind
    switch kindName {
    case .standard, .chapter:
      if object.contains(.completed) {
        throw object.error(
          .unknownField(
            Key.completed.rawValue,
            known: Key.allCases.filter { $0 != .completed }.map(\.rawValue)),
          for: .completed)
      }
      kind = kindName == .standard ? .standard : .chapter
    case .toDo:
      kind = .toDo(completed: try object.decode(Bool.self, for: .completed))
    }
    return Marker(
      try object.decode(String.self, for: .name), at: try object.decode(Time.self, for: .start),
      duration: try object.decode(Time.self, for: .duration), kind: kind,
      note: try object.decodeIfPresent(String.self, for: .note))
  }
}

extension SpeedRatio: PersistableValue {
  /// The keys of `{"denominator", "numerator"}`.
  enum Key: String, PayloadKey {
    case denominator, numerator
  }

  /// Writes `{"denominator", "numerator"}`.
  public func encodePersisted(to encoder: ValueEncoder) throws -> WrittenJSON? {
    var object = encoder.keyed(by: Key.self)
    try object.encode(denominator, for: .denominator)
    try object.encode(numerator, for: .numerator)
    return object.finish()
  }

  /// Reads a ratio of two positive integers.
  ///
  /// - Throws: ``PersistenceError`` for a number that is zero, negative or out of range.
  public static func decodePersisted(from decoder: ValueDecoder) throws -> SpeedRatio {
    let object = try decoder.keyed(by: Key.self)
    let numerator = try object.decode(Int64.self, for: .numerator)
    let denominator = try object.decode(Int64.self, for: .denominator)
    guard let ratio = SpeedRatio(numerator: numerator, denominator: denominator) else {
      throw decoder.error(
        .integerOutOfRange("speed ratio", range: "a positive numerator and denominator"))
    }
    return ratio
  }
}
