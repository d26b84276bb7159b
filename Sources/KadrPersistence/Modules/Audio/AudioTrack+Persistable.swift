import Foundation
import KadrModel
import KadrPersistenceCore

extension AudioTimePitchAlgorithm: PersistableEnumeration {
  /// "pitch algorithm".
  public static var persistedFieldName: String { "pitch algorithm" }
}

extension AudioTrack.VolumeRamp: PersistableValue {
  enum Key: String, PayloadKey {
    case endVolume, range, startVolume
  }

  /// Writes `{"endVolume", "range", "startVolume"}`.
  public func encodePersisted(to encoder: ValueEncoder) throws -> WrittenJSON? {
    var object = encoder.keyed(by: Key.self)
    try object.encode(endVolume, for: .endVolume)
    try object.encode(range, for: .range)
    try object.encode(startVolume, for: .startVolume)
    return object.finish()
  }

  /// Reads a volume ramp; all three fields are required.
  public static func decodePersisted(from decoder: ValueDecoder) throws
    -> AudioTrack.VolumeRamp
  {
    let object = try decoder.keyed(by: Key.self)
    return AudioTrack.VolumeRamp(
      startVolume: try object.decode(Double.self, for: .startVolume),
      endVolume: try object.decode(Double.self, for: .endVolume),
      range: try object.decode(TimeRange.self, for: .range))
  }
}
