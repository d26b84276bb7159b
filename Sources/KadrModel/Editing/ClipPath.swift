/// A clip's place in a timeline: its index among the top-level clips, then, for a clip inside a
/// ``Track``, its index among that track's clips, and so on to any depth.
///
/// `[2]` is the third top-level clip; `[2, 0]` is the first clip of the track that is the third
/// top-level clip. A path is a place, not an identity: an edit before it moves what it names.
/// Use ``ClipID`` to find a clip again after other edits.
public struct ClipPath: Hashable, Sendable, ExpressibleByArrayLiteral, CustomStringConvertible {
  /// The indices from the top level down; never empty for a place that can hold a clip.
  public let indices: [Int]

  /// Creates a path from its indices, top level first.
  ///
  /// - Parameter indices: The index at each level.
  public init(_ indices: [Int]) { self.indices = indices }

  /// Creates a path from an array literal of indices, top level first: `[2, 0]`.
  public init(arrayLiteral indices: Int...) { self.indices = indices }

  /// The path as the package's reports write places: `clips[2].clips[0]`.
  public var description: String {
    indices.isEmpty ? "the timeline" : indices.map { "clips[\($0)]" }.joined(separator: ".")
  }
}
