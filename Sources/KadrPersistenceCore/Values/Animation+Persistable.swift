import Foundation
import KadrModel

extension TimingFunction {
  @usableFromInline
  enum Key: String, PayloadKey {
    case kind, p1x, p1y, p2x, p2y
  }

  @usableFromInline
  enum Kind: String, CaseIterable {
    case linear, easeIn, easeOut, easeInOut, cubicBezier
  }

  /// Writes the timing; `nil` (writing nothing) for a custom curve, which is code.
  @usableFromInline
  func persistedJSON(to encoder: ValueEncoder) throws -> WrittenJSON? {
    let kind: Kind
    var points: (CGPoint, CGPoint)?
    switch self {
    case .linear: kind = .linear
    case .easeIn: kind = .easeIn
    case .easeOut: kind = .easeOut
    case .easeInOut: kind = .easeInOut
    case .cubicBezier(let p1, let p2):
      kind = .cubicBezier
      points = (p1, p2)
    case .custom:
      return nil
    }
    var object = encoder.keyed(by: Key.self)
    try object.encode(kind.rawValue, for: .kind)
    if let (p1, p2) = points {
      try object.encode(Double(p1.x), for: .p1x)
      try object.encode(Double(p1.y), for: .p1y)
      try object.encode(Double(p2.x), for: .p2x)
      try object.encode(Double(p2.y), for: .p2y)
    }
    return object.finish()
  }

  @inlinable
  static func decodePersisted(from decoder: ValueDecoder) throws
    -> TimingFunction
  {
    let object = try decoder.keyed(by: Key.self)
    let kind = try object.valueDecoder(for: .kind).enumeration(Kind.self, field: "timing kind")
    switch kind {
    case .linear: return .linear
    case .easeIn: return .easeIn
    case .easeOut: return .easeOut
    case .easeInOut: return .easeInOut
    case .cubicBezier:
      return .cubicBezier(
        CGPoint(
          x: try object.decode(Double.self, for: .p1x),
          y: try object.decode(Double.self, for: .p1y)),
        CGPoint(
          x: try object.decode(Double.self, for: .p2x),
          y: try object.decode(Double.self, for: .p2y)))
    }
  }
}

/// The keys of an animation. (Outside the generic type, so that using them needs no generic
/// metadata at run time.)
@usableFromInline
enum AnimationKey: String, PayloadKey {
  case keyframes, timing
}

/// The keys of a keyframe.
@usableFromInline
enum KeyframeKey: String, PayloadKey {
  case time, value
}

extension Animation: PersistableValue where Value: PersistableValue {
  /// Writes `{"keyframes": [{"time", "value"}], "timing"}`; an animation with a custom timing
  /// curve cannot be written: it is reported as loss and left out.
  @inlinable
  public func encodePersisted(to encoder: ValueEncoder) throws -> WrittenJSON? {
    if timing.isCustom {
      encoder.reportLoss(.customTimingFunction)
      return nil
    }
    var object = encoder.keyed(by: AnimationKey.self)
    try object.encode(for: .keyframes) { framesEncoder throws in
      var frames = framesEncoder.array()
      for keyframe in keyframes {
        try frames.append { frameEncoder throws in
          var frame = frameEncoder.keyed(by: KeyframeKey.self)
          try frame.encode(keyframe.time, for: .time)
          try frame.encode(keyframe.value, for: .value)
          return frame.finish()
        }
      }
      return frames.finish()
    }
    try object.encode(for: .timing) { encoder throws in
      try timing.persistedJSON(to: encoder)
    }
    return object.finish()
  }

  /// Reads an animation; keyframes are sorted by time as ``Animation/keyframes(_:timing:)`` does.
  @inlinable
  public static func decodePersisted(from decoder: ValueDecoder) throws
    -> Animation<Value>
  {
    let object = try decoder.keyed(by: AnimationKey.self)
    let elements = try object.valueDecoder(for: .keyframes).elements()
    var frames: [Keyframe] = []
    frames.reserveCapacity(elements.count)
    for element in elements {
      let frame = try element.keyed(by: KeyframeKey.self)
      frames.append(
        Keyframe(
          time: try frame.decode(Time.self, for: .time),
          value: try frame.decode(Value.self, for: .value)))
    }
    let timing = try TimingFunction.decodePersisted(from: object.valueDecoder(for: .timing))
    return .keyframes(frames, timing: timing)
  }
}
