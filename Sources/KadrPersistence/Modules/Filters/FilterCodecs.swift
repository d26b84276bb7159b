import Foundation
import KadrModel
import KadrPersistenceCore

/// Writes and reads ``Filter/mono``: `{"kind": "mono", "scalar": 0}`.
///
/// The constant `"scalar": 0` is what schema 1 writes; reading accepts it absent, and refuses any
/// other number.
struct MonoFilterCodec: FilterCodec {
  /// The payload's key.
  public enum Key: String, PayloadKey {
    /// Always 0; part of the case, not a stored property.
    case scalar
    /// The enum case: `.mono` has no payload.
    public var property: String { Self.enumCase }
  }

  /// Creates the codec.
  public init() {}

  /// `mono`.
  public var kindID: KindID { KindID(FilterKind.mono.rawValue) }

  /// Writes `"scalar": 0`.
  ///
  /// - Throws: ``PersistenceError`` with ``PersistenceError/Reason/invalidValue(_:)`` when the
  ///   filter is not `.mono`.
  public func encode(_ value: Filter, to payload: inout KeyedEncoder<Key>)
    throws
  {
    guard case .mono = value else {
      throw FilterCodecs.wrongKind(value, expected: .mono, at: payload.pointer)
    }
    try payload.encode(0.0, for: .scalar)
  }

  /// Reads `.mono`.
  ///
  /// - Throws: ``PersistenceError`` with ``PersistenceError/Reason/invalidValue(_:)`` when
  ///   `scalar` is present and not 0.
  public func decode(from payload: KeyedDecoder<Key>) throws -> Filter {
    if let scalar = try payload.decodeIfPresent(Double.self, for: .scalar), scalar != 0 {
      throw payload.error(
        .invalidValue("A mono filter has no intensity: its scalar must be 0, not \(scalar)"),
        for: .scalar)
    }
    return .mono
  }

  /// `.mono`, the only value.
  public func samples() -> CodecSamples<Filter> {
    CodecSamples(minimal: .mono, maximal: .mono)
  }
}

/// Writes and reads ``Filter/lut(_:)``: `{"kind": "lut", "url": String}`, the absolute URL of the
/// `.cube` file. Reading does not touch the file.
struct LUTFilterCodec: FilterCodec {
  /// The payload's key.
  public enum Key: String, PayloadKey {
    /// The `.cube` file's absolute URL: the case's unlabelled ``LUT`` payload, which is
    /// identified by its URL.
    case url
    /// `.0`: the case's unlabelled payload.
    public var property: String { ".0" }
  }

  /// Creates the codec.
  public init() {}

  /// `lut`.
  public var kindID: KindID { KindID(FilterKind.lut.rawValue) }

  /// Writes `url`.
  ///
  /// - Throws: ``PersistenceError`` with ``PersistenceError/Reason/invalidValue(_:)`` when the
  ///   filter is not a LUT.
  public func encode(_ value: Filter, to payload: inout KeyedEncoder<Key>)
    throws
  {
    guard case .lut(let table) = value else {
      throw FilterCodecs.wrongKind(value, expected: .lut, at: payload.pointer)
    }
    try payload.encode(table.url, for: .url)
  }

  /// Reads a LUT identified by its URL, without reading the file.
  ///
  /// - Throws: ``PersistenceError`` with ``PersistenceError/Reason/invalidURL(_:)`` for a string
  ///   that is not an absolute URL.
  public func decode(from payload: KeyedDecoder<Key>) throws -> Filter {
    .lut(url: try payload.decode(URL.self, for: .url))
  }

  /// A file LUT and an https one (neither file exists).
  public func samples() -> CodecSamples<Filter> {
    CodecSamples(
      minimal: .lut(url: URL(fileURLWithPath: "/luts/minimal.cube")),
      maximal: [
        .lut(url: URL(fileURLWithPath: "/luts/film look.cube")),
        .lut(url: URL(string: "https://example.com/luts/teal.cube") ?? URL(fileURLWithPath: "/")),
      ])
  }
}

/// Writes and reads ``Filter/chromaKey(_:)``:
/// `{"kind": "chromaKey", "blue", "green", "red", "threshold"}`.
struct ChromaKeyFilterCodec: FilterCodec {
  /// The payload's keys; together they hold the case's unlabelled ``ChromaKey`` payload.
  public enum Key: String, PayloadKey {
    /// The key colour's components, 0…1.
    case red, green, blue
    /// The chroma distance.
    case threshold
    /// `.0`: the case's unlabelled payload.
    public var property: String { ".0" }
  }

  /// Creates the codec.
  public init() {}

  /// `chromaKey`.
  public var kindID: KindID { KindID(FilterKind.chromaKey.rawValue) }

  /// Writes the key colour's components and the threshold.
  ///
  /// - Throws: ``PersistenceError`` with ``PersistenceError/Reason/invalidValue(_:)`` when the
  ///   filter is not a chroma key, or ``PersistenceError/Reason/nonFiniteNumber(field:)``.
  public func encode(_ value: Filter, to payload: inout KeyedEncoder<Key>)
    throws
  {
    guard case .chromaKey(let key) = value else {
      throw FilterCodecs.wrongKind(value, expected: .chromaKey, at: payload.pointer)
    }
    // In canonical key order, so the payload is written once and never reordered.
    try payload.encode(key.color.b, for: .blue)
    try payload.encode(key.color.g, for: .green)
    try payload.encode(key.color.r, for: .red)
    try payload.encode(key.threshold, for: .threshold)
  }

  /// Reads the key colour's components and the threshold.
  ///
  /// - Throws: ``PersistenceError`` when a field is missing or not a number.
  public func decode(from payload: KeyedDecoder<Key>) throws -> Filter {
    let color = ColorComponents(
      r: try payload.decode(Double.self, for: .red),
      g: try payload.decode(Double.self, for: .green),
      b: try payload.decode(Double.self, for: .blue))
    return .chromaKey(
      ChromaKey(color: color, threshold: try payload.decode(Double.self, for: .threshold)))
  }

  /// Black at threshold 0; green and blue screens.
  public func samples() -> CodecSamples<Filter> {
    CodecSamples(
      minimal: .chromaKey(ChromaKey(color: ColorComponents(r: 0, g: 0, b: 0), threshold: 0)),
      maximal: [
        .chromaKey(ChromaKey(color: ColorComponents(r: 0.1, g: 0.9, b: 0.2), threshold: 0.35)),
        .chromaKey(ChromaKey(color: ColorComponents(r: 0, g: 0.3, b: 1), threshold: 1.25)),
      ])
  }
}
