import Foundation
import KadrModel
import KadrPersistenceCore

/// Writes and reads the export ``ExportQuality``: kind `quality`, `{"kind": …}`; `bitrate` adds
/// `"bitrate"` (bits per second) and `fileSize` adds `"fileSizeBytes"`, both integers.
///
/// Decoding refuses an unknown kind, and a field that belongs to another kind.
struct QualityCodec: ModelCodec {
  /// The payload's keys: the case, then each case's payload.
  public enum Key: String, PayloadKey {
    case kind, bitrate, fileSizeBytes

    /// `kind` holds the case; `bitrate` is the unlabelled payload of `bitrate(_:)` (`.0`);
    /// `fileSizeBytes` is `bytes` of `fileSize(bytes:)`.
    public var property: String {
      switch self {
      case .kind: Self.enumCase
      case .bitrate: ".0"
      case .fileSizeBytes: "bytes"
      }
    }
  }

  /// The quality's case, as written under `kind`.
  enum Kind: String, CaseIterable {
    case automatic, bitrate, fileSize
  }

  /// Creates the codec.
  public init() {}

  /// `quality`.
  public var kindID: KindID { "quality" }

  /// Writes the kind and the case's integer.
  ///
  /// - Throws: Never in practice; ``PersistenceError`` by the protocol's signature.
  public func encode(_ value: ExportQuality, to payload: inout KeyedEncoder<Key>)
    throws
  {
    let kind: Kind
    switch value {
    case .automatic:
      kind = .automatic
    case .bitrate(let bitsPerSecond):
      kind = .bitrate
      try payload.encode(bitsPerSecond, for: .bitrate)
    case .fileSize(let bytes):
      kind = .fileSize
      try payload.encode(bytes, for: .fileSizeBytes)
    }
    try payload.encode(kind.rawValue, for: .kind)
  }

  /// Reads a quality.
  ///
  /// - Throws: ``PersistenceError``: an unknown kind, a field of another kind, a missing field,
  ///   or an integer that does not fit `Int`, with the JSON pointer.
  public func decode(from payload: KeyedDecoder<Key>) throws -> ExportQuality {
    let kind = try payload.valueDecoder(for: .kind).enumeration(Kind.self, field: "quality")
    switch kind {
    case .automatic:
      try payload.refuseKeys(other: [.kind])
      return .automatic
    case .bitrate:
      try payload.refuseKeys(other: [.kind, .bitrate])
      return .bitrate(try payload.decode(Int.self, for: .bitrate))
    case .fileSize:
      try payload.refuseKeys(other: [.kind, .fileSizeBytes])
      return .fileSize(bytes: try payload.decode(Int.self, for: .fileSizeBytes))
    }
  }

  /// `.automatic`, and every case once.
  public func samples() -> CodecSamples<ExportQuality> {
    CodecSamples(
      minimal: .automatic,
      maximal: [.automatic, .bitrate(6_000_000), .fileSize(bytes: 50_000_000)])
  }
}
