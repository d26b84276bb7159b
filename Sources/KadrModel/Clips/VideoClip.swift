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
  // Figure: an opened 10,000-clip timeline held 880 bytes a clip, 448 of them this struct
  // boxed in `[any Clip]` (416 bytes inline) and 383 its `URL` (swift-foundation keeps a parse
  // of every URL). Most clips leave most fields at their defaults, so those live in one shared
  // box, allocated only when one is set, and a URL with no base is kept as its absolute text.
  // `customMirror` shows the stored properties kadr has, in its order.

  /// The source file's absolute URL, as a document stores it (read without making a `URL`).
  package internal(set) var urlString: String
  /// The part of the source used, in source time; `nil` uses the whole file.
  public package(set) var trimRange: TimeRange?
  /// Whether the clip plays backwards.
  public package(set) var isReversed: Bool
  /// Whether the source's audio is dropped.
  public package(set) var isMuted: Bool
  /// The gain of the source's audio, independent of ``isMuted`` (0 keeps a silent track).
  public package(set) var volumeLevel: Double
  /// A constant speed multiplier; kadr's export accepts 0.25…4.0. Ignored when ``speedCurve`` is
  /// set.
  public package(set) var speedRate: Double
  /// The filters, applied in order.
  public package(set) var filters: [Filter]
  /// The identity of each filter, parallel to ``filters``.
  public package(set) var filterIDs: [FilterID]
  /// The animation of each filter's primary scalar (or `nil`), parallel to ``filters``; keyframe
  /// times are clip-relative (after trim, before speed).
  public package(set) var filterAnimations: [Animation<Double>?]
  /// The clip's identity, set with ``id(_:)``.
  public package(set) var clipID: ClipID?
  /// An explicit composition start time, set with ``at(time:)-(Time)``; `nil` joins the chain.
  public package(set) var startTime: Time?
  /// A static opacity, 0…1; `nil` is fully opaque.
  public package(set) var opacity: Double?
  /// The fields below, when one of them is set; `nil` when all are at their defaults.
  var extras: ExtrasBox?

  /// The source file.
  public package(set) var url: URL {
    get { keptURL }
    set { keep(newValue) }
  }
  /// An audio file played instead of the source's audio, set by ``withAudio(_:)``.
  public package(set) var replacementAudioURL: URL? {
    get { extras?.fields.replacementAudioURL }
    set { changeExtras { $0.replacementAudioURL = newValue } }
  }
  /// The constant speed as an exact ratio, when it was set as one; ``speedRate`` then holds its
  /// nearest `Double`. Ignored when ``speedCurve`` is set.
  public package(set) var speedRatio: SpeedRatio? {
    get { extras?.fields.speedRatio }
    set { changeExtras { $0.speedRatio = newValue } }
  }
  /// A speed multiplier over clip-relative source time; wins over ``speedRate`` when set.
  public package(set) var speedCurve: Animation<Double>? {
    get { extras?.fields.speedCurve }
    set { changeExtras { $0.speedCurve = newValue } }
  }
  /// Per-frame code run after the filters, in order. Code cannot be saved to a file.
  public package(set) var compositors: [any Compositor] {
    get { extras?.fields.compositors ?? [] }
    set { changeExtras { $0.compositors = newValue } }
  }
  /// A static transform on top of the engine's placement.
  public package(set) var transform: Transform? {
    get { extras?.fields.transform }
    set { changeExtras { $0.transform = newValue } }
  }
  /// An animation of the transform over clip-relative time.
  public package(set) var transformAnimation: Animation<Transform>? {
    get { extras?.fields.transformAnimation }
    set { changeExtras { $0.transformAnimation = newValue } }
  }
  /// An animation of the opacity over clip-relative time.
  public package(set) var opacityAnimation: Animation<Double>? {
    get { extras?.fields.opacityAnimation }
    set { changeExtras { $0.opacityAnimation = newValue } }
  }
  /// The clip's display name, as an editor shows it; `nil` shows the file's name.
  public package(set) var name: String? {
    get { extras?.fields.name }
    set { changeExtras { $0.name = newValue } }
  }
  /// What the clip's picture and sound are, for editing and export in other editors.
  public package(set) var role: Role? {
    get { extras?.fields.role }
    set { changeExtras { $0.role = newValue } }
  }
  /// Markers on the clip, in its own time (after trim, before speed).
  public package(set) var markers: [Marker] {
    get { extras?.fields.markers ?? [] }
    set { changeExtras { $0.markers = newValue } }
  }

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
    self.urlString = url.absoluteString
    self.trimRange = trimRange
    self.isReversed = isReversed
    self.isMuted = isMuted
    self.volumeLevel = volumeLevel
    self.speedRate = speedRate
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
    self.clipID = clipID
    self.startTime = startTime
    self.opacity = opacity
    let fields = Extras(
      relativeURL: url.baseURL == nil ? nil : url, replacementAudioURL: replacementAudioURL,
      speedRatio: speedRatio, speedCurve: speedCurve,
      compositors: compositors, transform: transform, transformAnimation: transformAnimation,
      opacityAnimation: opacityAnimation, name: name, role: role, markers: markers)
    self.extras = fields.isEmpty ? nil : ExtrasBox(fields)
  }

  /// The clip's speed: ``Speed/curved(_:)`` when a curve is set, else ``Speed/flat(_:)``.
  public var speed: Speed {
    if let speedCurve { return .curved(speedCurve) }
    return .flat(speedRate)
  }
}
