import Foundation

/// A still image shown for a fixed duration, optionally with its own audio.
///
/// As in kadr, the duration is stored in an internal `_duration` behind the public, read-only
/// ``duration``, so that reflection (`Mirror`) over an image clip sees what it sees over kadr's.
public struct ImageClip: Clip, Sendable {
  /// The image shown.
  public package(set) var image: PlatformImage
  /// How long the image is shown, stored behind ``duration`` under kadr's name.
  var _duration: Time
  /// A fill outside the image (stored, as kadr stores it; kadr's engine does not read it).
  public package(set) var backgroundColor: PlatformColor?
  /// Audio played for the clip's duration, truncated to it.
  public package(set) var audioURL: URL?
  /// The clip's identity, set with ``id(_:)``.
  public package(set) var clipID: ClipID?
  /// An explicit composition time set with `at(time:)`; `nil` joins the main chain.
  public package(set) var startTime: Time?
  /// A static transform applied on top of the engine's placement.
  public package(set) var transform: Transform?
  /// An animation of the transform over clip-relative time.
  public package(set) var transformAnimation: Animation<Transform>?
  /// A static opacity, 0…1; `nil` is fully opaque.
  public package(set) var opacity: Double?
  /// An animation of the opacity over clip-relative time.
  public package(set) var opacityAnimation: Animation<Double>?
  /// The still's display name, as an editor shows it (the name the app gave the picture);
  /// `nil` shows the image's file.
  public package(set) var name: String?

  /// How long the image is shown. Kept as given: a negative or ``Time/invalid`` duration is not
  /// corrected here.
  public package(set) var duration: Time {
    get { _duration }
    set { _duration = newValue }
  }

  /// Creates a clip that shows `image` for `duration`.
  ///
  /// - Parameters:
  ///   - image: The image.
  ///   - duration: How long it is shown.
  public init(_ image: PlatformImage, duration: Time) {
    self.init(image: image, duration: duration)
  }

  /// Creates a clip that shows `image` for `duration` seconds (timescale 600).
  ///
  /// - Parameters:
  ///   - image: The image.
  ///   - duration: Seconds; 3 by default. A non-finite value gives ``Time/invalid``.
  public init(_ image: PlatformImage, duration: TimeInterval = 3.0) {
    self.init(image: image, duration: Time(seconds: duration))
  }

  /// Creates an image clip from all of its stored properties, as a decoder does.
  ///
  /// - Parameters:
  ///   - image: The image shown.
  ///   - duration: How long it is shown.
  ///   - backgroundColor: A fill outside the image.
  ///   - audioURL: Audio played for the clip's duration.
  ///   - clipID: The clip's identity.
  ///   - startTime: An explicit composition time; `nil` joins the main chain.
  ///   - transform: A static transform.
  ///   - transformAnimation: An animation of the transform.
  ///   - opacity: A static opacity.
  ///   - opacityAnimation: An animation of the opacity.
  ///   - name: The display name; none by default.
  public init(
    image: PlatformImage, duration: Time, backgroundColor: PlatformColor? = nil,
    audioURL: URL? = nil, clipID: ClipID? = nil, startTime: Time? = nil,
    transform: Transform? = nil, transformAnimation: Animation<Transform>? = nil,
    opacity: Double? = nil, opacityAnimation: Animation<Double>? = nil, name: String? = nil
  ) {
    self.image = image
    self._duration = duration
    self.backgroundColor = backgroundColor
    self.audioURL = audioURL
    self.clipID = clipID
    self.startTime = startTime
    self.transform = transform
    self.transformAnimation = transformAnimation
    self.opacity = opacity
    self.opacityAnimation = opacityAnimation
    self.name = name
  }

  /// Returns a clip that shows a 1×1 image of `color` (a real PNG), stretched by the engine.
  ///
  /// - Parameters:
  ///   - color: The colour.
  ///   - duration: How long it is shown.
  public static func color(_ color: PlatformColor, duration: Time) -> ImageClip {
    ImageClip(PlatformImage.solidColor(color), duration: duration)
  }

  /// Returns a clip that shows a 1×1 image of `color` for `duration` seconds (timescale 600).
  ///
  /// - Parameters:
  ///   - color: The colour.
  ///   - duration: Seconds; 3 by default. A non-finite value gives ``Time/invalid``.
  public static func color(_ color: PlatformColor, duration: TimeInterval = 3.0) -> ImageClip {
    ImageClip(PlatformImage.solidColor(color), duration: duration)
  }
}
