import Foundation
import KadrModel
import KadrPersistenceCore

/// The payload key of a filter with one number, `scalar`; each conforming enum names the case
/// payload it holds (the completeness report reflects an enum's case payload by its label).
protocol ScalarFilterKey: PayloadKey {
  /// `scalar`.
  static var scalar: Self { get }
}

/// `scalar`, holding an unlabelled case payload (`.brightness(0.2)`).
enum UnlabelledScalarKey: String, ScalarFilterKey {
  /// The filter's number.
  case scalar
  /// `.0`: the case's unlabelled payload.
  public var property: String { ".0" }
}

/// `scalar`, holding a payload labelled `intensity` (`.sepia(intensity: 0.4)`).
enum IntensityScalarKey: String, ScalarFilterKey {
  /// The filter's intensity.
  case scalar
  /// `intensity`.
  public var property: String { "intensity" }
}

/// `scalar`, holding a payload labelled `radius` (`.gaussianBlur(radius: 10)`).
enum RadiusScalarKey: String, ScalarFilterKey {
  /// The filter's radius.
  case scalar
  /// `radius`.
  public var property: String { "radius" }
}

/// `scalar`, holding a payload labelled `amount` (`.sharpen(amount: 0.4)`).
enum AmountScalarKey: String, ScalarFilterKey {
  /// The filter's amount.
  case scalar
  /// `amount`.
  public var property: String { "amount" }
}

/// Writes and reads one built-in filter kind whose only parameter is a number:
/// `{"kind": K, "scalar": Double}`.
///
/// One generic codec serves the ten scalar kinds (brightness, contrast, saturation, exposure,
/// sepia, gaussianBlur, vignette, sharpen, zoomBlur, glow); ``FiltersModule`` registers one value
/// per kind, each with its own kind id.
struct ScalarFilterCodec<Key: ScalarFilterKey>: FilterCodec {
  /// The filter kind this codec writes; its raw value is the kind id.
  public let kind: FilterKind
  private let make: @Sendable (Double) -> Filter
  private let scalar: @Sendable (Filter) -> Double?

  /// Creates a codec for one scalar filter kind.
  ///
  /// - Parameters:
  ///   - kind: The filter kind; its raw value is written as `"kind"`.
  ///   - key: The key type, whose `property` names the case's payload label.
  ///   - make: Builds the filter from its number.
  ///   - scalar: The number of a filter of this kind, or `nil` for a filter of another kind.
  public init(
    kind: FilterKind, key: Key.Type,
    make: @escaping @Sendable (Double) -> Filter,
    scalar: @escaping @Sendable (Filter) -> Double?
  ) {
    self.kind = kind
    self.make = make
    self.scalar = scalar
  }

  /// The kind's raw value, such as `sepia`.
  public var kindID: KindID { KindID(kind.rawValue) }

  /// Writes `scalar`.
  ///
  /// - Throws: ``PersistenceError`` with ``PersistenceError/Reason/invalidValue(_:)`` when the
  ///   filter is of another kind, or ``PersistenceError/Reason/nonFiniteNumber(field:)``.
  public func encode(_ value: Filter, to payload: inout KeyedEncoder<Key>)
    throws
  {
    guard let number = scalar(value) else {
      throw FilterCodecs.wrongKind(value, expected: kind, at: payload.pointer)
    }
    try payload.encode(number, for: .scalar)
  }

  /// Reads the filter from `scalar`.
  ///
  /// - Throws: ``PersistenceError`` when `scalar` is missing or not a number.
  public func decode(from payload: KeyedDecoder<Key>) throws -> Filter {
    make(try payload.decode(Double.self, for: .scalar))
  }

  /// Zero, then a fraction and a number above one.
  public func samples() -> CodecSamples<Filter> {
    CodecSamples(minimal: make(0), maximal: [make(0.4), make(12.5), make(-0.25)])
  }
}

/// Helpers shared by the filter codecs.
enum FilterCodecs {
  /// The error for a filter handed to the codec of another kind.
  static func wrongKind(_ filter: Filter, expected: FilterKind, at pointer: JSONPointer)
    -> PersistenceError
  {
    PersistenceError(
      .invalidValue(
        "The '\(expected)' filter codec was given a '\(filter.kind)' filter; each filter kind "
          + "is written by the codec registered under its own kind id"),
      at: pointer)
  }
}
