import Foundation

extension TimelineLayout {
  /// One clip or transition of a layer, placed in composition time.
  public struct Entry: Sendable, Hashable {
    /// What an entry places.
    public enum Kind: Sendable, Hashable {
      /// A clip that shows something (any clip that is neither a transition nor a track).
      case media
      /// A transition, with the span its two neighbours share: as long as the transition for a
      /// dissolve or a slide, empty (at the boundary) for a fade or a rejected transition.
      case transition(Transition, overlap: TimeRange)
    }

    /// Index path of the clip in the nested clip arrays (`[2]` for the third top-level clip,
    /// `[1, 0]` for the first clip of the track at top-level index 1).
    public let path: [Int]
    /// The clip's identity, if it has one.
    public let clipID: ClipID?
    /// Where the entry starts in composition time.
    ///
    /// For a dissolve or a slide this is where the incoming clip starts; for a fade it is half
    /// the duration before the boundary (where the outgoing clip starts fading to black).
    public let start: Time
    /// Where the entry ends in composition time.
    ///
    /// For a dissolve or a slide this is where the outgoing clip ends; for a fade it is half the
    /// duration after the boundary (where the incoming clip has faded in from black).
    public let end: Time
    /// What the entry places.
    public let kind: Kind
    /// The clip's static opacity (`nil` counts as 1) times the layer's
    /// ``Layer/opacityFactor``, clamped to 0…1 (a NaN opacity counts as 1). Opacity animations
    /// are not folded in; they are multiplied by the layer's factor in the same way.
    public let opacity: Double

    /// Creates an entry from all of its stored properties, as a decoder does.
    ///
    /// - Parameters:
    ///   - path: Index path of the clip.
    ///   - clipID: The clip's identity.
    ///   - start: Where the entry starts.
    ///   - end: Where it ends.
    ///   - kind: What it places.
    ///   - opacity: The effective static opacity.
    public init(
      path: [Int], clipID: ClipID? = nil, start: Time, end: Time, kind: Kind = .media,
      opacity: Double = 1
    ) {
      self.path = path
      self.clipID = clipID
      self.start = start
      self.end = end
      self.kind = kind
      self.opacity = opacity
    }

    /// The span from ``start`` to ``end``.
    public var range: TimeRange { TimeRange(start: start, end: end) }

    /// Whether the entry is a transition.
    public var isTransition: Bool {
      if case .transition = kind { return true }
      return false
    }
  }
}
