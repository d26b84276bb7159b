import Foundation
import KadrModel
import KadrPersistence

extension TimelineReader {
  // MARK: Times

  /// The kadr time of an OpenTimelineIO time, reporting one that is not exact.
  ///
  /// - Throws: `PersistenceError` when the time is out of kadr's range.
  mutating func time(_ time: OTIORationalTime, at pointer: JSONPointer) throws(PersistenceError)
    -> Time
  {
    guard let converted = OTIOTimeConversion.time(of: time) else {
      throw .invalid(
        "The time \(time.value)/\(time.rate) s is out of the range kadr's times hold (a 64-bit "
          + "value over a 32-bit timescale)", at: pointer)
    }
    if !converted.exact {
      report.add(
        .inexactTime, at: pointer,
        "The time \(time.value) at rate \(time.rate) is not an exact fraction kadr holds; "
          + "rounded to \(converted.time).")
    }
    return converted.time
  }

  /// The kadr range of an OpenTimelineIO range.
  mutating func range(_ range: OTIOTimeRange, at pointer: JSONPointer) throws(PersistenceError)
    -> TimeRange
  {
    TimeRange(
      start: try time(range.start, at: pointer.appending(key: OTIOKey.startTime)),
      duration: try time(range.duration, at: pointer.appending(key: OTIOKey.duration)))
  }

  /// `a + b + c`, or an error at `pointer` when it cannot be represented.
  static func sum(_ times: Time..., at pointer: JSONPointer) throws(PersistenceError) -> Time {
    let total = times.reduce(Time.zero, +)
    guard total.isValid else {
      throw .invalid(
        "A clip's length with its transition handles cannot be represented", at: pointer)
    }
    return total
  }

  // MARK: Decoding kadr metadata

  /// Decodes a tagged clip, locating errors under `base` (the pointer of the tagged JSON in the
  /// file).
  func decodeClip(_ tagged: TaggedPayload, at base: JSONPointer) throws(PersistenceError)
    -> any Clip
  {
    do {
      return try registry.decodeClip(
        from: tagged.json, options: options, images: images, payloadVersions: payloadVersions)
    } catch {
      throw PersistenceError.wrapping(error).relocated(under: base, dropping: 1)
    }
  }

  /// Decodes a filter, locating errors under `pointer` (its JSON's place in the file).
  func decodeFilter(_ json: JSONValue, at pointer: JSONPointer) throws(PersistenceError) -> Filter {
    do {
      return try registry.decodeFilter(
        from: json, options: options, payloadVersions: payloadVersions)
    } catch {
      throw PersistenceError.wrapping(error).relocated(under: pointer)
    }
  }

  /// Decodes a kadr value (a time, an animation), locating errors under `pointer`.
  func decodeValue<Value: PersistableValue>(
    _ type: Value.Type, from json: JSONValue, at pointer: JSONPointer
  ) throws(PersistenceError) -> Value {
    do {
      return try registry.decodeValue(type, from: json, options: options)
    } catch {
      throw PersistenceError.wrapping(error).relocated(under: pointer)
    }
  }

  /// The tagged clip JSON under `key` of a kadr metadata object, or `nil`.
  ///
  /// - Throws: `PersistenceError` when it is not a tagged clip.
  func taggedClip(in kadr: OTIONode?, key: String = KadrMetadataKey.clip) throws(PersistenceError)
    -> (tagged: TaggedPayload, pointer: JSONPointer)?
  {
    guard let kadr, let json = kadr.object[key], json != .null else { return nil }
    guard let tagged = TaggedPayload(json) else {
      throw .invalid(
        "kadr's metadata must hold a clip as {\"<kind>\": {\"_0\": {…}}}", at: kadr.pointer(key))
    }
    return (tagged, kadr.pointer(key))
  }

  /// An integer field of kadr metadata, or `nil`.
  func integer(_ key: String, in kadr: OTIONode?) throws(PersistenceError) -> Int? {
    guard let kadr, let value = kadr.object[key], value != .null else { return nil }
    guard case .integer(let integer) = value, let exact = Int(exactly: integer) else {
      throw PersistenceError(
        .wrongType(expected: "an integer", found: value.typeName), at: kadr.pointer(key))
    }
    return exact
  }

  // MARK: Reporting what has no kadr equivalent

  /// Whether an item is enabled; a disabled one is reported (and left out by the caller, or
  /// kept as a gap, as OpenTimelineIO plays a disabled item of a track).
  mutating func isEnabled(_ node: OTIONode, what: String, keptAsGap: Bool = false)
    throws(PersistenceError) -> Bool
  {
    guard try node.bool(OTIOKey.enabled) == false else { return true }
    report.add(
      .disabledItem, at: node.pointer(OTIOKey.enabled),
      "A disabled \(what) has no kadr equivalent (kadr has no muted content); "
        + (keptAsGap ? "kept as a gap of its length, as OpenTimelineIO plays it." : "left out."))
    return false
  }

  /// Reports metadata of other tools on `node`, which kadr has no place for.
  mutating func reportForeignMetadata(of node: OTIONode) throws(PersistenceError) {
    let keys = try node.foreignMetadataKeys()
    guard !keys.isEmpty else { return }
    report.add(
      .unmappedField, at: node.pointer(OTIOKey.metadata),
      "Metadata \(keys.map { "'\($0)'" }.joined(separator: ", ")) has no kadr equivalent; left out."
    )
  }

  /// Reports a source range, effects and (unless the caller maps them) markers on a track or
  /// stack, which kadr gives no layer, and metadata of other tools.
  mutating func reportCompositionExtras(
    of node: OTIONode, what: String, includingMarkers: Bool = true, mapsSourceRange: Bool = false
  ) throws(PersistenceError) {
    if !mapsSourceRange, try node.timeRange(OTIOKey.sourceRange) != nil {
      report.add(
        .unmappedField, at: node.pointer(OTIOKey.sourceRange),
        "A source range (a trim) on \(what) has no kadr equivalent; left out.")
    }
    for effect in try node.nodes(OTIOKey.effects) {
      report.add(
        .unmappedField, at: effect.pointer,
        "An effect on \(what) has no kadr equivalent (kadr filters belong to video clips); "
          + "left out.")
    }
    if includingMarkers {
      for marker in try node.nodes(OTIOKey.markers) { reportMarker(marker) }
    }
    try reportForeignMetadata(of: node)
  }

  /// Reports effects, markers and metadata of other tools on a gap, which kadr has no place for.
  mutating func reportGapExtras(of gap: OTIONode) throws(PersistenceError) {
    for effect in try gap.nodes(OTIOKey.effects) {
      report.add(
        .unmappedField, at: effect.pointer, "An effect on a gap has no kadr equivalent; left out.")
    }
    for marker in try gap.nodes(OTIOKey.markers) { reportMarker(marker) }
    try reportForeignMetadata(of: gap)
  }

  /// Reports the name of a timeline, main track or transition, which kadr has no field for,
  /// unless it is empty or one the exporter writes.
  mutating func reportName(of node: OTIONode, unless written: [String], what: String)
    throws(PersistenceError)
  {
    guard let name = try node.string(OTIOKey.name), !name.isEmpty, !written.contains(name) else {
      return
    }
    report.add(
      .unmappedField, at: node.pointer(OTIOKey.name),
      "The \(what)'s name '\(name)' has no kadr equivalent; left out.")
  }

  /// Reports a marker kadr has no place for.
  mutating func reportMarker(_ marker: OTIONode) {
    let name = (try? marker.string(OTIOKey.name)) ?? nil
    report.add(
      .unmappedMarker, at: marker.pointer,
      "The marker\(name.map { " '\($0)'" } ?? "") is neither a kadr caption nor a kadr overlay; "
        + "left out.")
  }
}

extension TimelineReader {
  /// Reports an item whose length kadr cannot hold exactly, with both lengths and the change
  /// in seconds.
  mutating func reportLengthChange(
    at pointer: JSONPointer, from file: Time, to kadr: Time, why: String
  ) {
    let change = (kadr - file).seconds
    let sign = change >= 0 ? "+" : "−"
    report.add(
      .lengthChanged, at: pointer,
      "The item lasts \(Self.seconds(kadr)) s instead of the file's \(Self.seconds(file)) s "
        + "(\(sign)\(Self.seconds(Time(seconds: abs(change)))) s): \(why).")
  }

  /// A length in seconds, to the millisecond.
  static func seconds(_ time: Time) -> String {
    let value = (time.seconds * 1000).rounded() / 1000
    return value == value.rounded() ? String(Int(value)) : String(value)
  }
}
