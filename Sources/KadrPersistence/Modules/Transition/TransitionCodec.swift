import Foundation
import KadrModel
import KadrPersistenceCore

/// Writes and reads ``Transition`` clips: kind `transition`.
///
/// The payload is `{"kind": "fade" | "slide" | "dissolve", "duration": Time, "direction"?}`. Only
/// a slide has a direction; a fade or a dissolve that carries one is refused on decoding, since
/// the direction would otherwise be dropped without a word.
struct TransitionCodec: ClipCodec {
  /// The payload's keys.
  public enum Key: String, PayloadKey {
    case kind, duration, direction

    /// The stored property each key holds: `kind` is the enum's case.
    public var property: String {
      switch self {
      case .kind: Self.enumCase
      default: rawValue
      }
    }
  }

  /// The transition's case as written in `kind`.
  enum Kind: String, CaseIterable {
    case fade, slide, dissolve
  }

  /// Creates the codec.
  public init() {}

  /// `transition`.
  public var kindID: KindID { "transition" }

  public func encode(_ value: Transition, to payload: inout KeyedEncoder<Key>)
    throws
  {
    switch value {
    case .fade(let duration):
      try payload.encode(duration, for: .duration)
      try payload.encode(Kind.fade.rawValue, for: .kind)
    case .slide(let direction, let duration):
      try payload.encode(direction, for: .direction)
      try payload.encode(duration, for: .duration)
      try payload.encode(Kind.slide.rawValue, for: .kind)
    case .dissolve(let duration):
      try payload.encode(duration, for: .duration)
      try payload.encode(Kind.dissolve.rawValue, for: .kind)
    }
  }

  /// Reads a transition; refuses an unknown kind, a slide without a direction, and a direction on
  /// a fade or a dissolve.
  public func decode(from payload: KeyedDecoder<Key>) throws -> Transition {
    let kind = try payload.valueDecoder(for: .kind).enumeration(Kind.self, field: "transition kind")
    let duration = try payload.decode(Time.self, for: .duration)
    switch kind {
    case .slide:
      return .slide(
        direction: try payload.decode(SlideDirection.self, for: .direction), duration: duration)
    case .fade, .dissolve:
      guard !payload.contains(.direction) else {
        throw payload.error(
          .invalidValue(
            "Only a slide transition has a direction, not a \(kind.rawValue): the direction "
              + "would be lost"),
          for: .direction)
      }
      return kind == .fade ? .fade(duration: duration) : .dissolve(duration: duration)
    }
  }

  /// The case, and the direction of a slide: `slide fromBottom`.
  public func label(for value: Transition) -> String? {
    switch value {
    case .fade: "fade"
    case .slide(let direction, _): "slide \(direction.rawValue)"
    case .dissolve: "dissolve"
    }
  }

  /// A fade as the minimal sample; one transition of each case (and a slide from every edge) as
  /// the maximal ones.
  public func samples() -> CodecSamples<Transition> {
    let half = Time(value: 15, timescale: 30)
    return CodecSamples(
      minimal: .fade(duration: .zero),
      maximal: [.fade(duration: half), .dissolve(duration: Time(value: 1, timescale: 600))]
        + SlideDirection.allCases.map { .slide(direction: $0, duration: half) })
  }
}

/// The transition module: registers `TransitionCodec`.
public enum TransitionModule: RegistryModule {
  /// Registers the `transition` clip kind.
  public static func register(in registry: inout CodecRegistry) throws {
    try registry.register(clip: TransitionCodec())
  }
}
