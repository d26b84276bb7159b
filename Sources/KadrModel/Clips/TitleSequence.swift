import Foundation

/// A full-frame title card: text centred on a solid background, for a fixed duration.
///
/// A renderer draws it to one image at the preset's resolution (background fill, text centred and
/// wrapped to 90 % of the width) and treats it like an image clip of the same duration; it has no
/// audio. Only the style's font, size, weight, colour and alignment are used (not its stroke or
/// shadow). There are no modifiers for the text, style, background or duration: build a new
/// title instead.
public struct TitleSequence: Clip, Sendable {
  /// The text; lines are separated by `\n`.
  public package(set) var text: String
  /// How the text is drawn.
  public package(set) var style: TextStyle
  /// The fill behind the text.
  public package(set) var backgroundColor: PlatformColor
  /// How long the title lasts, stored behind ``duration`` under kadr's name.
  var _duration: Time
  /// The title's identity, if it was given one.
  public package(set) var clipID: ClipID?
  /// An explicit composition time set with `at(time:)`; `nil` joins the main chain.
  public package(set) var startTime: Time?
  /// A static transform applied on top of the engine's placement.
  public package(set) var transform: Transform?
  /// An animation of the transform over clip-relative time.
  public package(set) var transformAnimation: Animation<Transform>?
  /// A static opacity, 0…1, stored as given; `nil` is fully opaque.
  public package(set) var opacity: Double?
  /// An animation of the opacity over clip-relative time.
  public package(set) var opacityAnimation: Animation<Double>?
  /// The title's display name, as an editor shows it; `nil` shows its text.
  public package(set) var name: String?
  /// What the title is (``Role/titles`` in most editors), for editing and export elsewhere.
  public package(set) var role: Role?
  /// Markers on the title, in its own time.
  public package(set) var markers: [Marker]

  /// How long the title lasts.
  ///
  /// As in kadr, it is stored in an internal `_duration` behind this read-only property, so that
  /// reflection (`Mirror`) over a title sees what it sees over kadr's. The initialisers set it.
  public package(set) var duration: Time {
    get { _duration }
    set { _duration = newValue }
  }

  /// Creates a title lasting `duration` seconds (timescale 600).
  ///
  /// - Parameters:
  ///   - text: The text; lines are separated by `\n`.
  ///   - duration: Seconds, 3 by default; a non-finite value gives an ``Time/invalid`` duration.
  ///   - style: How the text is drawn; ``TextStyle/default`` by default.
  ///   - background: The fill behind the text; black by default.
  public init(
    _ text: String, duration: TimeInterval = 3.0, style: TextStyle = .default,
    background: PlatformColor = .black
  ) {
    self.init(text, duration: Time(seconds: duration), style: style, background: background)
  }

  /// Creates a title lasting `duration`.
  ///
  /// - Parameters:
  ///   - text: The text; lines are separated by `\n`.
  ///   - duration: How long the title lasts.
  ///   - style: How the text is drawn; ``TextStyle/default`` by default.
  ///   - background: The fill behind the text; black by default.
  public init(
    _ text: String, duration: Time, style: TextStyle = .default,
    background: PlatformColor = .black
  ) {
    self.init(text: text, style: style, backgroundColor: background, duration: duration)
  }

  /// Creates a title from all of its stored properties, as a decoder does.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - style: How the text is drawn; ``TextStyle/default`` by default.
  ///   - backgroundColor: The fill behind the text; black by default.
  ///   - duration: How long the title lasts; 3 s (1800/600) by default.
  ///   - clipID: The title's identity; none by default.
  ///   - startTime: An explicit composition time; `nil` (joins the chain) by default.
  ///   - transform: A static transform; none by default.
  ///   - transformAnimation: A transform animation; none by default.
  ///   - opacity: A static opacity; `nil` (opaque) by default. Stored as given.
  ///   - opacityAnimation: An opacity animation; none by default.
  ///   - name: The display name; none by default.
  ///   - role: The role; none by default.
  ///   - markers: Markers in the title's time; none by default.
  public init(
    text: String, style: TextStyle = .default, backgroundColor: PlatformColor = .black,
    duration: Time = Time(value: 1800, timescale: 600), clipID: ClipID? = nil,
    startTime: Time? = nil, transform: Transform? = nil,
    transformAnimation: Animation<Transform>? = nil, opacity: Double? = nil,
    opacityAnimation: Animation<Double>? = nil, name: String? = nil, role: Role? = nil,
    markers: [Marker] = []
  ) {
    self.text = text
    self.style = style
    self.backgroundColor = backgroundColor
    self._duration = duration
    self.clipID = clipID
    self.startTime = startTime
    self.transform = transform
    self.transformAnimation = transformAnimation
    self.opacity = opacity
    self.opacityAnimation = opacityAnimation
    self.name = name
    self.role = role
    self.markers = markers
  }
}
