import Foundation
import KadrModel

/// A codec for a kind of clip, written as `{"<kindID>": {"_0": payload}}` in a clip list.
///
/// The model type is the clip's dynamic type: encoding finds the codec by the clip's type,
/// decoding by the kind id. Register it with ``CodecRegistry/register(clip:)``.
public protocol ClipCodec<Model>: KindCodec where Model: Clip {}

/// A codec for a kind of overlay, written as `{"<kindID>": {"_0": payload}}` in the overlay list.
///
/// Register it with ``CodecRegistry/register(overlay:)``.
public protocol OverlayCodec<Model>: KindCodec where Model: Overlay {}

/// A codec for a model type at a fixed place in the document: the composition itself, an audio
/// track, a caption, the preset, the quality, the crop. Written as a plain object.
///
/// Register it with ``CodecRegistry/register(model:)``; other codecs write such values with
/// ``KeyedEncoder/encode(model:for:)``.
public protocol ModelCodec<Model>: KindCodec {}

/// A clip of a kind no codec is registered for, kept exactly as it was read.
///
/// Opening with `preservingUnknown` turns unknown clip kinds into `PreservedClip`s; saving writes
/// ``json`` back verbatim. Its duration is unknown and counts as zero.
public struct PreservedClip: Clip, Sendable, Hashable {
  /// The clip's kind id.
  public let kindID: KindID
  /// The whole clip as read: `{"<kindID>": {"_0": …}}`.
  public let json: JSONValue
  /// The payload version the document declared for the kind.
  public let payloadVersion: Int

  /// Creates a preserved clip.
  ///
  /// - Parameters:
  ///   - kindID: The kind id.
  ///   - json: The whole clip as read.
  ///   - payloadVersion: The declared payload version.
  public init(kindID: KindID, json: JSONValue, payloadVersion: Int) {
    self.kindID = kindID
    self.json = json
    self.payloadVersion = payloadVersion
  }

  /// Unknown; counts as zero.
  public var duration: Time { .zero }
}

/// An overlay of a kind no codec is registered for, kept exactly as it was read.
///
/// Its layout properties are unknown; they read as a full-canvas, centred, opaque overlay.
public struct PreservedOverlay: Overlay, Sendable, Hashable {
  /// The overlay's kind id.
  public let kindID: KindID
  /// The whole overlay as read: `{"<kindID>": {"_0": …}}`.
  public let json: JSONValue
  /// The payload version the document declared for the kind.
  public let payloadVersion: Int

  /// Creates a preserved overlay.
  ///
  /// - Parameters:
  ///   - kindID: The kind id.
  ///   - json: The whole overlay as read.
  ///   - payloadVersion: The declared payload version.
  public init(kindID: KindID, json: JSONValue, payloadVersion: Int) {
    self.kindID = kindID
    self.json = json
    self.payloadVersion = payloadVersion
  }

  /// Unknown; the centre.
  public var position: Position { .center }
  /// Unknown.
  public var size: Size? { nil }
  /// Unknown; the centre.
  public var anchor: Anchor { .center }
  /// Unknown; opaque.
  public var opacity: Double { 1 }
  /// Unknown.
  public var layerID: LayerID? { nil }
}

/// A codec for one filter kind over `Filter` values, written as `{"kind": "<kindID>", …}` in a
/// video clip's filter list. The built-in kinds (`sepia`, `lut`, …) are registered this way.
///
/// The codec's ``KindCodec/kindID`` must equal the `FilterKind` raw value of the filters it
/// writes; its payload keys must not include `kind`. Register it with
/// ``CodecRegistry/register(filter:)``.
public protocol FilterCodec: KindCodec where Model == Filter {}

/// A codec for a plugin's filter type, carried in a clip as `Filter.custom(_:)` and written as
/// `{"kind": "<kindID>", …}`.
///
/// The kind id must equal the type's `CustomFilter.kind`. Register it with
/// ``CodecRegistry/register(customFilter:)``.
public protocol CustomFilterCodec<Model>: KindCodec where Model: CustomFilter {}

/// A codec for a kind of text animation, written as `{"kind": "<kindID>", …}` on a text overlay.
///
/// The payload keys must not include `kind`. Register it with
/// ``CodecRegistry/register(textAnimation:)``.
public protocol TextAnimationCodec<Model>: KindCodec where Model: TextAnimation {}

/// A filter of a kind no codec is registered for, kept exactly as it was read.
public struct PreservedFilter: CustomFilter, Hashable {
  /// Not a real kind: preserved filters report their own kind through ``filterKind``.
  public static let kind = FilterKind(rawValue: "(preserved)")

  /// The filter as read: `{"kind": "<id>", …}`.
  public let json: JSONValue
  /// The kind id read from the document.
  public let kindID: KindID
  /// The payload version the document declared for the kind.
  public let payloadVersion: Int

  /// Creates a preserved filter.
  ///
  /// - Parameters:
  ///   - kindID: The kind id.
  ///   - json: The filter as read.
  ///   - payloadVersion: The declared payload version.
  public init(kindID: KindID, json: JSONValue, payloadVersion: Int) {
    self.kindID = kindID
    self.json = json
    self.payloadVersion = payloadVersion
  }

  /// The kind read from the document.
  public var filterKind: FilterKind { FilterKind(rawValue: kindID.rawValue) }
}

/// A text animation of a kind no codec is registered for, kept exactly as it was read. It
/// animates nothing.
public struct PreservedTextAnimation: TextAnimation, Hashable {
  /// The animation as read: `{"kind": "<id>", …}`.
  public let json: JSONValue
  /// The kind id read from the document.
  public let kindID: KindID
  /// The payload version the document declared for the kind.
  public let payloadVersion: Int

  /// Creates a preserved text animation.
  ///
  /// - Parameters:
  ///   - kindID: The kind id.
  ///   - json: The animation as read.
  ///   - payloadVersion: The declared payload version.
  public init(kindID: KindID, json: JSONValue, payloadVersion: Int) {
    self.kindID = kindID
    self.json = json
    self.payloadVersion = payloadVersion
  }
}
