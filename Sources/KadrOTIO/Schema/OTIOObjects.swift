import Foundation
import KadrPersistenceCore

/// Builders of the OpenTimelineIO objects this module writes, with every field OpenTimelineIO
/// 0.18 writes for them (so a file rewritten by OpenTimelineIO differs only in layout).
enum OTIOObjects {
  /// The fields every item (clip, gap, track, stack) has.
  private static func item(
    _ schema: String, name: String, metadata: JSONValue, sourceRange: OTIOTimeRange?,
    effects: [JSONValue] = [], markers: [JSONValue] = []
  ) -> JSONObject {
    [
      OTIOKey.schema: .string(schema), OTIOKey.metadata: metadata, OTIOKey.name: .string(name),
      OTIOKey.sourceRange: sourceRange?.json ?? .null, OTIOKey.effects: .array(effects),
      OTIOKey.markers: .array(markers), OTIOKey.enabled: true, OTIOKey.color: .null,
    ]
  }

  static func timeline(name: String, metadata: JSONValue, tracks: JSONValue) -> JSONValue {
    [
      OTIOKey.schema: .string(OTIOSchema.timeline), OTIOKey.metadata: metadata,
      OTIOKey.name: .string(name), OTIOKey.globalStartTime: .null, OTIOKey.tracks: tracks,
    ]
  }

  static func stack(
    name: String, metadata: JSONValue = [:], sourceRange: OTIOTimeRange? = nil,
    children: [JSONValue], markers: [JSONValue] = []
  ) -> JSONValue {
    var object = item(
      OTIOSchema.stack, name: name, metadata: metadata, sourceRange: sourceRange,
      markers: markers)
    object[OTIOKey.children] = .array(children)
    return .object(object)
  }

  static func track(name: String, kind: String, metadata: JSONValue, children: [JSONValue])
    -> JSONValue
  {
    var object = item(OTIOSchema.track, name: name, metadata: metadata, sourceRange: nil)
    object[OTIOKey.children] = .array(children)
    object[OTIOKey.kind] = .string(kind)
    return .object(object)
  }

  static func gap(_ range: OTIOTimeRange, name: String = "") -> JSONValue {
    .object(item(OTIOSchema.gap, name: name, metadata: [:], sourceRange: range))
  }

  static func clip(
    name: String, metadata: JSONValue, sourceRange: OTIOTimeRange?, reference: JSONValue,
    effects: [JSONValue] = []
  ) -> JSONValue {
    var object = item(
      OTIOSchema.clip, name: name, metadata: metadata, sourceRange: sourceRange,
      effects: effects)
    object[OTIOKey.mediaReferences] = [OTIOValue.defaultMedia: reference]
    object[OTIOKey.activeMediaReferenceKey] = .string(OTIOValue.defaultMedia)
    return .object(object)
  }

  /// The fields every media reference has.
  private static func reference(_ schema: String) -> JSONObject {
    [
      OTIOKey.schema: .string(schema), OTIOKey.metadata: [:], OTIOKey.name: "",
      OTIOKey.availableRange: .null, OTIOKey.availableImageBounds: .null,
    ]
  }

  static func externalReference(url: String, availableRange: OTIOTimeRange? = nil) -> JSONValue {
    var object = reference(OTIOSchema.externalReference)
    object[OTIOKey.targetURL] = .string(url)
    object[OTIOKey.availableRange] = availableRange?.json ?? .null
    return .object(object)
  }

  static func generatorReference(
    kind: String, parameters: JSONObject, availableRange: OTIOTimeRange? = nil
  ) -> JSONValue {
    var object = reference(OTIOSchema.generatorReference)
    object[OTIOKey.availableRange] = availableRange?.json ?? .null
    object[OTIOKey.generatorKind] = .string(kind)
    object[OTIOKey.parameters] = .object(parameters)
    return .object(object)
  }

  static func missingReference() -> JSONValue {
    .object(reference(OTIOSchema.missingReference))
  }

  static func transition(
    name: String, type: String, inOffset: OTIORationalTime, outOffset: OTIORationalTime,
    metadata: JSONValue
  ) -> JSONValue {
    [
      OTIOKey.schema: .string(OTIOSchema.transition), OTIOKey.metadata: metadata,
      OTIOKey.name: .string(name), OTIOKey.inOffset: inOffset.json,
      OTIOKey.outOffset: outOffset.json, OTIOKey.transitionType: .string(type),
    ]
  }

  static func linearTimeWarp(scalar: Double) -> JSONValue {
    [
      OTIOKey.schema: .string(OTIOSchema.linearTimeWarp), OTIOKey.metadata: [:],
      OTIOKey.name: "", OTIOKey.effectName: .string(OTIOValue.linearTimeWarp),
      OTIOKey.enabled: true, OTIOKey.timeScalar: .number(scalar),
    ]
  }

  static func effect(schema: String, name: String, effectName: String, metadata: JSONValue)
    -> JSONValue
  {
    [
      OTIOKey.schema: .string(schema), OTIOKey.metadata: metadata, OTIOKey.name: .string(name),
      OTIOKey.effectName: .string(effectName), OTIOKey.enabled: true,
    ]
  }

  static func marker(name: String, color: String, range: OTIOTimeRange, metadata: JSONValue)
    -> JSONValue
  {
    [
      OTIOKey.schema: .string(OTIOSchema.marker), OTIOKey.metadata: metadata,
      OTIOKey.name: .string(name), OTIOKey.color: .string(color),
      OTIOKey.markedRange: range.json, OTIOKey.comment: "",
    ]
  }
}
