import Foundation
import KadrModel
import KadrPersistenceCore

/// Writes and reads ``VideoClip`` clips: kind `video`.
///
/// The three filter arrays (`filters`, `filterIDs`, `filterAnimations`) are written parallel: a
/// filter that cannot be saved (a custom filter with no codec) is left out together with its id
/// and its animation, and an animation with a custom timing curve becomes `null` in its slot.
/// Compositors are code: they are reported as loss and not written.
package struct VideoClipCodec: ClipCodec {
  /// The payload's keys, one per stored property except `compositors`.
  public enum Key: String, PayloadKey {
    /// The source and how it plays.
    case url, trimRange, isReversed, isMuted, volumeLevel, replacementAudioURL
    /// Speed and the three parallel filter arrays.
    case speedRate, speedCurve, filters, filterIDs, filterAnimations
    /// The placement fields every media clip shares.
    case clipID, startTime, transform, transformAnimation, opacity, opacityAnimation
    /// This project's extensions, written only when set: the exact speed, the display name,
    /// the role and the markers.
    case speedRatio, name, role, markers
  }

  /// Creates the codec.
  public init() {}

  /// `video`.
  public var kindID: KindID { "video" }

  /// `compositors`: code, reported as loss by ``losses(in:)``.
  public var notEncoded: [NotEncodedField] {
    [NotEncodedField("compositors", reason: "code; reported as loss")]
  }

  /// Writes every field but the compositors; optional fields are omitted when absent.
  ///
  /// - Throws: ``PersistenceError`` for a non-finite number or from a filter's codec.
  public func encode(_ value: VideoClip, to payload: inout KeyedEncoder<Key>)
    throws
  {
    // In canonical key order, so the payload is written once and never reordered.
    try payload.encodeIfPresent(value.clipID, for: .clipID)
    // The model keeps the three filter arrays the same length (every initialiser and modifier
    // does); the same positions are left out of each. Which filters can be written is known
    // before any is, so the arrays go in key order (`filterAnimations`, `filterIDs`, `filters`).
    // `nil`: every position is kept (the usual case, with no array of flags made).
    let expected =
      value.filters.allSatisfy(payload.canEncode) ? nil : value.filters.map(payload.canEncode)
    try encodeParallelArrays(of: value, keeping: expected, to: &payload)
    let kept = try payload.encode(filters: value.filters, for: .filters)
    if kept != expected {
      // Rare: a filter's codec left its value out after all. Writing the parallel arrays again
      // replaces them, and the losses the first ones reported.
      try encodeParallelArrays(of: value, keeping: kept, to: &payload)
    }
    try payload.encode(value.isMuted, for: .isMuted)
    try payload.encode(value.isReversed, for: .isReversed)
    if !value.markers.isEmpty || value.name != nil || value.role != nil || value.speedRatio != nil {
      // Members schema 1's readers would skip unseen: the document declares schema 2.
      payload.requireSchema(DocumentEnvelope.newestSchema)
    }
    if !value.markers.isEmpty { try payload.encode(value.markers, for: .markers) }
    try payload.encodeIfPresent(value.name, for: .name)
    try payload.encodeIfPresent(value.opacity, for: .opacity)
    try payload.encodeIfPresent(value.opacityAnimation, for: .opacityAnimation)
    try payload.encodeIfPresent(value.replacementAudioURL, for: .replacementAudioURL)
    try payload.encodeIfPresent(value.role, for: .role)
    try payload.encodeIfPresent(value.speedCurve, for: .speedCurve)
    try payload.encode(value.speedRate, for: .speedRate)
    try payload.encodeIfPresent(value.speedRatio, for: .speedRatio)
    try payload.encodeIfPresent(value.startTime, for: .startTime)
    try payload.encodeIfPresent(value.transform, for: .transform)
    try payload.encodeIfPresent(value.transformAnimation, for: .transformAnimation)
    try payload.encodeIfPresent(value.trimRange, for: .trimRange)
    try payload.encode(value.urlString, for: .url)
    try payload.encode(value.volumeLevel, for: .volumeLevel)
  }

  /// Writes `filterAnimations` and `filterIDs`, leaving out the positions `kept` marks `false`
  /// (`nil`: none).
  private func encodeParallelArrays(
    of value: VideoClip, keeping kept: [Bool]?, to payload: inout KeyedEncoder<Key>
  ) throws {
    let count = value.filters.count
    let sameLength = value.filterAnimations.count == count && value.filterIDs.count == count
    // Arrays of other lengths than the filters' are cut to the filters' length.
    let kept = kept ?? (sameLength ? nil : Array(repeating: true, count: count))
    try payload.encode(value.filterAnimations, keeping: kept, for: .filterAnimations)
    try payload.encode(value.filterIDs, keeping: kept, for: .filterIDs)
  }

  /// Reads a clip with no compositors.
  ///
  /// - Throws: ``PersistenceError`` for a malformed field, an unknown filter kind, or filter
  ///   arrays of different lengths (``PersistenceError/Reason/mismatchedParallelArrays(_:)``, at
  ///   the payload's pointer).
  public func decode(from payload: KeyedDecoder<Key>) throws -> VideoClip {
    let filters = try payload.decodeFilters(for: .filters)
    let filterIDs = try payload.decode([FilterID].self, for: .filterIDs)
    let filterAnimations = try payload.decode([Animation<Double>?].self, for: .filterAnimations)
    guard filters.count == filterIDs.count, filters.count == filterAnimations.count else {
      throw payload.error(.mismatchedParallelArrays("filters, filterIDs and filterAnimations"))
    }
    let placement = try payload.decodeClipPlacement()
    return VideoClip(
      url: try payload.decode(URL.self, for: .url),
      trimRange: try payload.decodeIfPresent(TimeRange.self, for: .trimRange),
      isReversed: try payload.decode(Bool.self, for: .isReversed),
      isMuted: try payload.decode(Bool.self, for: .isMuted),
      volumeLevel: try payload.decode(Double.self, for: .volumeLevel),
      replacementAudioURL: try payload.decodeIfPresent(URL.self, for: .replacementAudioURL),
      speedRate: try payload.decode(Double.self, for: .speedRate),
      speedCurve: try payload.decodeIfPresent(Animation<Double>.self, for: .speedCurve),
      filters: filters, filterIDs: filterIDs, filterAnimations: filterAnimations,
      clipID: placement.clipID, startTime: placement.startTime, transform: placement.transform,
      transformAnimation: placement.transformAnimation, opacity: placement.opacity,
      opacityAnimation: placement.opacityAnimation,
      speedRatio: try payload.decodeIfPresent(SpeedRatio.self, for: .speedRatio),
      name: try payload.decodeIfPresent(String.self, for: .name),
      role: try payload.decodeIfPresent(Role.self, for: .role),
      markers: try payload.decodeIfPresent([Marker].self, for: .markers) ?? [])
  }

  /// One `.compositor` finding per compositor, under `compositors`.
  public func losses(in value: VideoClip) -> [LossFinding] {
    value.compositors.map { _ in LossFinding(.compositor, field: "compositors") }
  }

  /// The clip's name, or the file's name: `video a.mov`.
  public func label(for value: VideoClip) -> String? {
    value.name.map { "video “\($0)”" } ?? "video \(value.url.lastPathComponent)"
  }

  /// A bare clip, and clips that set every optional and use every timing kind.
  public func samples() -> CodecSamples<VideoClip> {
    VideoClipSamples.samples
  }
}

/// The video payload holds the placement fields under their usual names.
extension VideoClipCodec.Key: ClipPlacementKeys {}

/// The video module: registers `VideoClipCodec`.
///
/// The filters a clip holds are written by the codecs of their kinds, which ``FiltersModule``
/// registers; register both to save filtered clips.
public enum VideoModule: RegistryModule {
  /// Registers the `video` clip kind.
  public static func register(in registry: inout CodecRegistry) throws {
    try registry.register(clip: VideoClipCodec())
  }
}
