import Foundation
import KadrModel
import KadrPersistenceCore

/// Writes and reads ``ImageClip`` clips: kind `image`.
///
/// The image itself is never written: the session's image store saves it and the payload holds
/// its token under `imageToken`. With no store (or a store that cannot save new images) the image
/// is reported as loss, and when loss is allowed the whole clip is left out rather than written
/// without its required token.
struct ImageClipCodec: ClipCodec {
  /// The payload's keys, one per stored property.
  public enum Key: String, PayloadKey {
    case imageToken, duration, backgroundColor, audioURL
    case clipID, startTime, transform, transformAnimation, opacity, opacityAnimation
    /// This project's extension, written only when set: the display name.
    case name

    /// `imageToken` holds an image store's token.
    public var holdsImageToken: Bool { self == .imageToken }

    /// The stored property each key holds: `imageToken` holds `image`.
    public var property: String {
      switch self {
      case .imageToken: "image"
      default: rawValue
      }
    }
  }

  /// Creates the codec.
  public init() {}

  /// `image`.
  public var kindID: KindID { "image" }

  public func encode(_ value: ImageClip, to payload: inout KeyedEncoder<Key>)
    throws
  {
    // In canonical key order, so the payload is written once and never reordered. Without
    // its image the clip is left out whole (the members before it are discarded).
    try payload.encodeIfPresent(value.audioURL, for: .audioURL)
    try payload.encodeIfPresent(value.backgroundColor, for: .backgroundColor)
    try payload.encodeIfPresent(value.clipID, for: .clipID)
    try payload.encode(value.duration, for: .duration)
    guard try payload.encode(requiredImage: value.image, for: .imageToken) else { return }
    if value.name != nil {
      // A member schema 1's readers would skip unseen: the document declares schema 2. Only
      // past the image, so a still left out whole asks for nothing.
      payload.requireSchema(DocumentEnvelope.newestSchema)
    }
    try payload.encodeIfPresent(value.name, for: .name)
    try payload.encodeIfPresent(value.opacity, for: .opacity)
    try payload.encodeIfPresent(value.opacityAnimation, for: .opacityAnimation)
    try payload.encodeIfPresent(value.startTime, for: .startTime)
    try payload.encodeIfPresent(value.transform, for: .transform)
    try payload.encodeIfPresent(value.transformAnimation, for: .transformAnimation)
  }

  public func decode(from payload: KeyedDecoder<Key>) throws -> ImageClip {
    let placement = try payload.decodeClipPlacement()
    return ImageClip(
      image: try payload.decodeImage(for: .imageToken),
      duration: try payload.decode(Time.self, for: .duration),
      backgroundColor: try payload.decodeIfPresent(PlatformColor.self, for: .backgroundColor),
      audioURL: try payload.decodeIfPresent(URL.self, for: .audioURL),
      clipID: placement.clipID, startTime: placement.startTime, transform: placement.transform,
      transformAnimation: placement.transformAnimation, opacity: placement.opacity,
      opacityAnimation: placement.opacityAnimation,
      name: try payload.decodeIfPresent(String.self, for: .name))
  }

  /// The still's name, `image “Beach”`, or else the image's format and pixel size, such as
  /// `image PNG 1×1`. (The token is not known until the store saves the image, so the label
  /// cannot name it.)
  public func label(for value: ImageClip) -> String? {
    if let name = value.name { return "image “\(name)”" }
    return
      "image \(value.image.format.name) \(value.image.pixelWidth)×\(value.image.pixelHeight)"
  }

  public func samples() -> CodecSamples<ImageClip> {
    CodecSamples(
      minimal: ImageClip(
        image: PlatformImage.solidColor(.black), duration: Time(value: 1, timescale: 30)),
      maximal: ImageClip(
        image: PlatformImage.solidColor(
          PlatformColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1), width: 3, height: 2),
        duration: Time(value: 60, timescale: 30),
        backgroundColor: PlatformColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.5),
        audioURL: URL(string: "file:///fixtures/voice%20over.m4a"), clipID: "photo",
        startTime: Time(value: 45, timescale: 30), transform: ClipPlacementSamples.transform,
        transformAnimation: ClipPlacementSamples.transformAnimation, opacity: 0.75,
        opacityAnimation: ClipPlacementSamples.opacityAnimation, name: "Beach at dawn"))
  }
}

extension ImageClipCodec.Key: ClipPlacementKeys {}

/// The image module: registers `ImageClipCodec`.
public enum ImageModule: RegistryModule {
  /// Registers the `image` clip kind.
  public static func register(in registry: inout CodecRegistry) throws {
    try registry.register(clip: ImageClipCodec())
  }
}
