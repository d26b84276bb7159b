import Foundation

extension TimelineLayout {
  /// One layer of the composition: the main chain, a clip placed with `at(time:)`, or a track.
  ///
  /// Later layers play on top of earlier ones. A layer's entries are its own chain's media clips
  /// and transitions; tracks nested in it are its ``children``, each placed where it lands in
  /// this layer's chain.
  public struct Layer: Sendable, Hashable {
    /// Where a layer comes from.
    public enum Kind: Sendable, Hashable {
      /// The top-level clips with no start time that are not tracks, chained from zero.
      case mainChain
      /// A top-level clip with a start time; `clipIndex` is its index in the top-level clips.
      case timed(clipIndex: Int)
      /// A ``Track`` (top-level or nested), with its label.
      case track(name: String?)
    }

    /// Where the layer comes from.
    public let kind: Kind
    /// Index path of the layer's source in the nested clip arrays: `[]` for the main chain,
    /// `[i]` for a top-level clip or track, `[i, j]` for the `j`th clip of top-level track `i`.
    public let path: [Int]
    /// Where the layer starts in composition time.
    public let start: Time
    /// Where the layer's last clip ends in composition time (``Time/invalid`` on overflow).
    public let end: Time
    /// The layer's media clips and transitions, in chain order.
    public let entries: [Entry]
    /// The tracks nested in this one, in chain order.
    public let children: [Layer]
    /// The product of the opacity factors of this track and every track around it, each clamped
    /// to 0…1 (a NaN factor counts as 1); 1 for the main chain and timed clips. It multiplies
    /// every clip opacity in the layer, animated ones included.
    public let opacityFactor: Double

    /// Creates a layer from all of its stored properties, as a decoder does.
    ///
    /// - Parameters:
    ///   - kind: Where the layer comes from.
    ///   - path: Index path of its source.
    ///   - start: Where it starts.
    ///   - end: Where it ends.
    ///   - entries: Its clips and transitions.
    ///   - children: The tracks nested in it.
    ///   - opacityFactor: The effective opacity factor.
    public init(
      kind: Kind, path: [Int], start: Time, end: Time, entries: [Entry], children: [Layer] = [],
      opacityFactor: Double = 1
    ) {
      self.kind = kind
      self.path = path
      self.start = start
      self.end = end
      self.entries = entries
      self.children = children
      self.opacityFactor = opacityFactor
    }

    /// The span from ``start`` to ``end``.
    public var range: TimeRange { TimeRange(start: start, end: end) }

    /// How long the layer lasts: `end - start` (``Time/invalid`` on overflow).
    public var duration: Time { end - start }
  }
}
