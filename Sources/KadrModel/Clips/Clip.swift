import Foundation

/// Anything that occupies time on a composition's timeline: media clips, transitions and tracks.
///
/// `Clip` is open: a package can add its own kinds of clip, and register a codec for them with the
/// persistence registry. Only ``duration`` is required; the other requirements default to `nil`.
public protocol Clip: Sendable {
  /// How long the clip lasts on the timeline (kadr's naive duration; see ``Video/duration``).
  var duration: Time { get }
  /// The clip's identity, if it was given one with `id(_:)`.
  var clipID: ClipID? { get }
  /// An explicit composition time set with `at(time:)`; `nil` joins the main chain.
  var startTime: Time? { get }
  /// A static transform applied on top of the engine's placement.
  var transform: Transform? { get }
  /// An animation of the transform over clip-relative time.
  var transformAnimation: Animation<Transform>? { get }
  /// A static opacity, 0…1; `nil` is fully opaque.
  var opacity: Double? { get }
  /// An animation of the opacity over clip-relative time.
  var opacityAnimation: Animation<Double>? { get }
}

extension Clip {
  /// No identity by default.
  public var clipID: ClipID? { nil }
  /// Joins the main chain by default.
  public var startTime: Time? { nil }
  /// No transform by default.
  public var transform: Transform? { nil }
  /// No transform animation by default.
  public var transformAnimation: Animation<Transform>? { nil }
  /// Fully opaque by default.
  public var opacity: Double? { nil }
  /// No opacity animation by default.
  public var opacityAnimation: Animation<Double>? { nil }
}
