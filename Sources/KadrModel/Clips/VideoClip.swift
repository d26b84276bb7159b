import Foundation

/// A clip backed by a video file, trimmed, re-timed, filtered and placed by its modifiers.
///
/// Every property is publicly readable and changed only through modifiers, each of which returns
/// a modified copy (kadr 0.18+). Most modifiers replace a field; the filter and compositor
/// modifiers append.
///
/// ``filters``, ``filterIDs`` and ``filterAnimations`` are parallel arrays: index `i` of each
/// describes the same filter. Every initialiser and modifier keeps them the same length.
public struct VideoClip: Clip, Sendable {
  /// The source file.
  public package(set) var url: URL
  /// The part of the source used, in source time; `nil` uses the whole file.
  public package(set) var trimRange: TimeRange?
  /// Whether the clip plays backwards.
  public package(set) var isReversed: Bool
  /// Whether the source's audio is dropped.
  public package(set) var isMuted: Bool
  /// The gain of the source's audio, independent of ``isMuted`` (0 keeps a silent track).
  public package(set) var volumeLevel: Double
  /// An audio file played instead of the source's audio, set by ``withAudio(_:)``.
  public package(set) var replacementAudioURL: URL?
  /// A constant speed multiplier; kadr's export accepts 0.25…4.0. Ignored when ``speedCurve`` is
  /// set.
  public package(set) var speedRate: Double
  /// The constant speed as an exact ratio, when it was set as one; ``speedRate`` then holds its
  /// nearest `Double`. Ignored when ``speedCurve`` is set.
  public package(set) var speedRatio: SpeedRatio?
  /// A speed multiplier over clip-relative source time; wins over ``speedRate`` when set.
  public package(set) var speedCurve: Animation<Double>?
  /// The filters, applied in order.
  public package(set) var filters: [Filter]
  /// The identity of each filter, parallel to ``filters``.
  public package(set) var filterIDs: [FilterID]
  /// The animation of each filter's primary scalar (or `nil`), parallel to ``filters``; keyframe
  /// times are clip-relative (after trim, before speed).
  public package(set) var filterAnimations: [Animation<Double>?]
  /// Per-frame code run after the filters, in order. Code cannot be saved to a file.
  public package(set) var compositors: [any Compositor]
  /// The clip's identity, set with ``id(_:)``.
  public package(set) var clipID: ClipID?
  /// An explicit composition start time, set with ``at(time:)-(Time)``; `nil` joins the chain.
  public package(set) var startTime: Time?
  /// A static transform on top of the engine's placement.
  public package(set) var transform: Transform?
  /// An animation of the transform over clip-relative time.
  public package(set) var transformAnimation: Animation<Transform>?
  /// A static opacity, 0…1; `nil` is fully opaque.
  public package(set) var opacity: Double?
  /// An animation of the opacity over clip-relative time.
  public package(set) var opacityAnimation: Animation<Double>?
  /// The clip's display name, as an editor shows it; `nil` shows the file's name.
  public package(set) var name: String?
  /// What the clip's picture and sound are, for editing and export in other editors.
  public package(set) var role: Role?
  /// Markers on the clip, in its own time (after trim, before speed).
  public package(set) var markers: [Marker]

  /// Creates a clip that plays the whole file at normal speed, with its own audio.
  ///
  /// - Parameter url: The video file.
  public init(url: URL) {
    self.init(url: url, trimRange: nil)
  }

  /// Creates a clip from all of its stored properties, as a decoder does.
  ///
  /// The parallel filter arrays are made to match ``filters``: a missing ID is generated
  /// (``FilterID/generate()``), a missing animation is `nil`, and extra IDs or animations beyond
  /// the number of filters are dropped. A decoder that wants to report a mismatch checks the
  /// counts before calling.
  /// - Parameters:
  ///   - url: The video file.
  ///   - trimRange: The part of the source used; `nil` for all of it.
  ///   - isReversed: Whether the clip plays backwards.
  ///   - isMuted: Whether the source's audio is dropped.
  ///   - volumeLevel: The gain of the source's audio.
  ///   - replacementAudioURL: An audio file played instead of the source's audio.
  ///   - speedRate: A constant speed multiplier.
  ///   - speedCurve: A speed curve, which wins over `speedRate`.
  ///   - filters: The filters, in order.
  ///   - filterIDs: Their identities.
  ///   - filterAnimations: Their scalar animations.
  ///   - compositors: Per-frame code run after the filters.
  ///   - clipID: The clip's identity.
  ///   - startTime: An explicit composition start time.
  ///   - transform: A static transform.
  ///   - transformAnimation: A transform animation.
  ///   - opacity: A static opacity.
  ///   - opacityAnimation: An opacity animation.
  ///   - speedRatio: The speed as an exact ratio; set ``speedRate`` to its nearest `Double`.
  ///   - name: The display name.
  ///   - role: The role.
  ///   - markers: Markers in the clip's time.
  public init(
    url: URL,
    trimRange: TimeRange? = nil,
    isReversed: Bool = false,
    isMuted: Bool = false,
    volumeLevel: Double = 1.0,
    replacementAudioURL: URL? = nil,
    speedRate: Double = 1.0,
    speedCurve: Animation<Double>? = nil,
    filters: [Filter] = [],
    filterIDs: [FilterID] = [],
    filterAnimations: [Animation<Double>?] = [],
    compositors: [any Compositor] = [],
    clipID: ClipID? = nil,
    startTime: Time? = nil,
    transform: Transform? = nil,
    transformAnimation: Animation<Transform>? = nil,
    opacity: Double? = nil,
    opacityAnimation: Animation<Double>? = nil,
    speedRatio: SpeedRatio? = nil,
    name: String? = nil,
    role: Role? = nil,
    markers: [Marker] = []
  ) {
    self.url = url
    self.trimRange = trimRange
    self.isReversed = isReversed
    self.isMuted = isMuted
    self.volumeLevel = volumeLevel
    self.replacementAudioURL = replacementAudioURL
    self.speedRate = speedRate
    self.speedCurve = speedCurve
    self.filters = filters
    // Figure: lists that already match the filters are kept as they are, not mapped into new
    // arrays: opening 1,000 clips made 800 arrays for nothing (callgrind).
    self.filterIDs =
      filterIDs.count == filters.count
      ? filterIDs
      : filters.indices.map { index in
        index < filterIDs.count ? filterIDs[index] : FilterID.generate()
      }
    self.filterAnimations =
      filterAnimations.count == filters.count
      ? filterAnimations
      : filters.indices.map { index in
        index < filterAnimations.count ? filterAnimations[index] : nil
      }
    self.compositors = compositors
    self.clipID = clipID
    self.startTime = startTime
    self.transform = transform
    self.transformAnimation = transformAnimation
    self.opacity = opacity
    self.opacityAnimation = opacityAnimation
    self.speedRatio = speedRatio
    self.name = name
    self.role = role
    self.markers = markers
  }

  /// The clip's speed: ``Speed/curved(_:)`` when a curve is set, else ``Speed/flat(_:)``.
  public var speed: Speed {
    if let speedCurve { return .curved(speedCurve) }
    return .flat(speedRate)
  }
}
