import Foundation
import KadrPersistence

/// How the test kit writes and reads the values of one extension point, or whole compositions:
/// the one place each point's registry calls are named, so that every check is written once,
/// generic over the point.
struct RoundTripPoint<Value: Sendable> {
  /// Writes a value with loss allowed (the losses are in the result), images in the store.
  let encode: (Value, CodecRegistry, (any ImageStore)?) throws -> PersistenceTestKit.Encoded
  /// Reads a value back from its JSON and the payload versions written.
  let decode: (JSONValue, [KindID: Int], CodecRegistry, (any ImageStore)?) throws -> Value
  /// Whether the point's values can hold images, so that a store is made when none is given.
  let holdsImages: Bool
}

extension RoundTripPoint where Value == any Clip {
  static var clip: Self {
    Self(
      encode: { value, registry, store throws in
        PersistenceTestKit.unpack(
          try registry.encode(clip: value, options: PersistenceTestKit.lossAllowed, images: store))
      },
      decode: { json, versions, registry, store throws in
        try registry.decodeClip(from: json, images: store, payloadVersions: versions)
      }, holdsImages: true)
  }
}

extension RoundTripPoint where Value == any Overlay {
  static var overlay: Self {
    Self(
      encode: { value, registry, store throws in
        PersistenceTestKit.unpack(
          try registry.encode(
            overlay: value, options: PersistenceTestKit.lossAllowed, images: store))
      },
      decode: { json, versions, registry, store throws in
        try registry.decodeOverlay(from: json, images: store, payloadVersions: versions)
      }, holdsImages: true)
  }
}

extension RoundTripPoint where Value == Filter {
  static var filter: Self {
    Self(
      encode: { value, registry, _ throws in
        PersistenceTestKit.unpack(
          try registry.encode(filter: value, options: PersistenceTestKit.lossAllowed))
      },
      decode: { json, versions, registry, _ throws in
        try registry.decodeFilter(from: json, payloadVersions: versions)
      }, holdsImages: false)
  }
}

extension RoundTripPoint where Value == any TextAnimation {
  static var textAnimation: Self {
    Self(
      encode: { value, registry, _ throws in
        PersistenceTestKit.unpack(
          try registry.encode(textAnimation: value, options: PersistenceTestKit.lossAllowed))
      },
      decode: { json, versions, registry, _ throws in
        try registry.decodeTextAnimation(from: json, payloadVersions: versions)
      }, holdsImages: false)
  }
}

extension RoundTripPoint where Value == Video {
  static var composition: Self {
    Self(
      encode: { value, registry, store throws in
        let coder = DocumentCoder(registry: registry, options: PersistenceTestKit.lossAllowed)
        let saved = try coder.encodeJSON(value, images: store)
        return (saved.json, saved.report, [:])
      },
      decode: { json, _, registry, store throws in
        let coder = DocumentCoder(registry: registry, options: PersistenceTestKit.lossAllowed)
        return try coder.decode(Video.self, from: json, images: store).root
      }, holdsImages: true)
  }
}

extension PersistenceTestKit {
  static let lossAllowed = CodingOptions(allowingLoss: true)

  /// The round trip of a value at `point`: what every public `roundTrip` overload runs.
  static func roundTrip<Value: Sendable>(
    _ value: Value, at point: RoundTripPoint<Value>, registry: CodecRegistry, allowingLoss: Bool,
    ignoring: Set<String>, images: (any ImageStore)?
  ) throws -> RoundTrip<Value> {
    let store = point.holdsImages ? images ?? InMemoryImageStore() : nil
    return try run(
      value, allowingLoss: allowingLoss, ignoring: ignoring,
      encode: { value throws in try point.encode(value, registry, store) },
      decode: { json, versions throws in try point.decode(json, versions, registry, store) })
  }
}
