import Foundation
import KadrPersistence

/// A plugin's clip kind: a number counting down to zero, one step a second by default.
///
/// It has fields of its own (``from``, ``face``, ``color``), the placement fields a plugin clip
/// chooses to support (``clipID``, ``startTime``), and ``onTick``, a closure that exists only as
/// code: a file cannot hold it, so its codec reports it as loss.
///
/// Its properties are settable inside this module only (`internal(set)`), so that its codec,
/// which sets each field it reads, can reach them while apps see read-only values.
public struct Countdown: Clip, Sendable {
  /// How the number is drawn.
  public enum Face: String, Sendable, CaseIterable {
    /// Large digits.
    case digits
    /// A ring that empties as the count goes down, with the digits inside.
    case ring
  }

  /// The number the countdown starts from; never negative.
  public internal(set) var from: Int
  /// How the number is drawn.
  public internal(set) var face: Face
  /// The colour the number (and ring) is drawn in.
  public internal(set) var color: PlatformColor
  /// How long the clip lasts on the timeline.
  public internal(set) var duration: Time
  /// The clip's identity, if it was given one with ``id(_:)``.
  public internal(set) var clipID: ClipID?
  /// An explicit composition time set with ``at(time:)``; `nil` joins the main chain.
  public internal(set) var startTime: Time?
  /// Code run at every step with the number shown; it cannot be saved to a file.
  public internal(set) var onTick: (@Sendable (Int) -> Void)?

  /// Creates a countdown from `from` to zero, one step a second, drawn as white digits.
  ///
  /// - Parameters:
  ///   - from: The starting number; a negative number is clamped to 0.
  ///   - face: How the number is drawn; digits by default.
  ///   - color: The colour; white by default.
  public init(from: Int, face: Face = .digits, color: PlatformColor = .white) {
    let start = max(from, 0)
    self.init(
      from: start, face: face, color: color, duration: Time(value: Int64(start), timescale: 1))
  }

  /// Creates a countdown from all of its stored properties, as a decoder does.
  ///
  /// - Parameters:
  ///   - from: The starting number; a negative number is clamped to 0.
  ///   - face: How the number is drawn.
  ///   - color: The colour.
  ///   - duration: How long the clip lasts.
  ///   - clipID: The clip's identity; none by default.
  ///   - startTime: An explicit composition time; `nil` (joins the chain) by default.
  ///   - onTick: Code run at every step; none by default.
  public init(
    from: Int, face: Face = .digits, color: PlatformColor = .white, duration: Time,
    clipID: ClipID? = nil, startTime: Time? = nil, onTick: (@Sendable (Int) -> Void)? = nil
  ) {
    self.from = max(from, 0)
    self.face = face
    self.color = color
    self.duration = duration
    self.clipID = clipID
    self.startTime = startTime
    self.onTick = onTick
  }

  /// Returns a copy with the identity `id`.
  ///
  /// - Parameter id: The clip's identity.
  public func id(_ id: ClipID) -> Countdown {
    Countdown(
      from: from, face: face, color: color, duration: duration, clipID: id, startTime: startTime,
      onTick: onTick)
  }

  /// Returns a copy placed at composition time `time` instead of joining the main chain.
  ///
  /// - Parameter time: The composition time.
  public func at(time: Time) -> Countdown {
    Countdown(
      from: from, face: face, color: color, duration: duration, clipID: clipID, startTime: time,
      onTick: onTick)
  }

  /// Returns a copy that runs `action` at every step (code: saving reports it as loss).
  ///
  /// - Parameter action: Called with the number shown.
  public func onTick(_ action: @escaping @Sendable (Int) -> Void) -> Countdown {
    Countdown(
      from: from, face: face, color: color, duration: duration, clipID: clipID,
      startTime: startTime, onTick: action)
  }
}
