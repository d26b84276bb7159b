import Foundation

/// Where every clip of a composition really plays: each clip's start and end in composition time,
/// layer by layer, honouring transitions, `at(time:)` clips, tracks and nested tracks.
///
/// kadr's `Video.duration` is a plain sum of the top-level durations (kept for compatibility, and
/// here as ``naiveDuration``); the layout follows the engine's semantics instead (MODEL.md section
/// 12), so ``duration`` is the real output length. For example, A (5 s), a 0.5 s dissolve and
/// B (5 s) give a ``duration`` of 9.5 s (B starts at 4.5 s) against a naive 10.5 s.
///
/// The layers, lowest first:
/// 1. The **main chain**: the top-level clips that have no start time and are not tracks,
///    chained from zero. It is always the first layer, even when empty (then it starts and ends
///    at zero).
/// 2. Then, in declaration order, one layer for each top-level clip with a start time (a timed
///    layer at that time) and one for each top-level ``Track`` (from `Track.startTime`, its clips
///    chained from there).
///
/// A chain places each clip at a cursor; after a clip the cursor moves to the clip's end minus the
/// overlap of the transition that follows (the duration for a dissolve or a slide, zero for a
/// fade). Inner clips' own start times are not consulted. A track nested in a track is inserted
/// into its parent's chain as one piece, as kadr's engine pre-renders it: it starts at the
/// parent's cursor, lasts its own laid-out length (not its naive ``Track/duration``), and its
/// inner clips are laid out from where it lands; it appears as one of its parent's
/// ``Layer/children``.
///
/// Building a layout never throws and never traps. Invalid transition chains, unusable durations
/// or start times, overflowing times and nesting deeper than ``maximumTrackDepth`` are reported in
/// ``issues``; the layout is still complete: a rejected transition is laid out with no overlap, a
/// bad duration as zero, a bad start time as zero, and a time that cannot be represented as
/// ``Time/invalid``. Nesting of any depth is walked iteratively, so it cannot exhaust the stack.
///
/// The engine's three render paths (simple, transition, multi-track; MODEL.md section 12.2) and
/// its pre-rendering of chains with transitions give the same timing, so the layout does not
/// distinguish them.
public struct TimelineLayout: Sendable, Hashable {
  /// The layers, lowest first: the main chain, then timed clips and tracks in declaration order.
  public let layers: [Layer]
  /// The real output length: the latest end among all layers; zero when nothing plays;
  /// ``Time/invalid`` when a layer's end could not be represented (an issue says where).
  public let duration: Time
  /// kadr's `Video.duration`: the plain sum of every top-level clip's duration (transitions,
  /// tracks and timed clips included, start times and overlaps ignored); ``Time/invalid`` when
  /// the sum overflows or a duration is invalid.
  public let naiveDuration: Time
  /// Everything that made the layout depart from what the clips ask for, in document order
  /// (ordered by index path).
  public let issues: [Issue]

  /// How many levels of tracks are laid out: a top-level track is level 1, a track inside it
  /// level 2, and so on. A track nested deeper still counts with its full length in its parent's
  /// chain, but it gets no layer, its contents are not checked, and a `nestingTooDeep` issue
  /// names it. The limit keeps the index paths (which grow with depth) and the nested layer
  /// values small.
  public static let maximumTrackDepth = 128

  /// Lays out a composition's top-level clips.
  ///
  /// - Parameter clips: The top-level clips (a `Video`'s `clips`), including transitions, tracks
  ///   and clips with a start time.
  public init(clips: [any Clip]) {
    self = LayoutBuilder(clips: clips, maximumTrackDepth: Self.maximumTrackDepth).build()
  }

  /// Creates a layout from all of its stored properties, as a decoder does.
  ///
  /// No check is made that the values agree with each other.
  /// - Parameters:
  ///   - layers: The layers, lowest first.
  ///   - duration: The real output length.
  ///   - naiveDuration: The plain sum of the top-level durations.
  ///   - issues: The problems found.
  public init(layers: [Layer], duration: Time, naiveDuration: Time, issues: [Issue] = []) {
    self.layers = layers
    self.duration = duration
    self.naiveDuration = naiveDuration
    self.issues = issues
  }

  /// The main chain's layer, or `nil` for a layout built by hand without one.
  public var mainChain: Layer? {
    layers.first { $0.kind == .mainChain }
  }

  /// Every layer, nested ones included, in layering order (a parent before its children).
  public var allLayers: [Layer] {
    var result: [Layer] = []
    var pending = Array(layers.reversed())
    while let layer = pending.popLast() {
      result.append(layer)
      pending.append(contentsOf: layer.children.reversed())
    }
    return result
  }
}
