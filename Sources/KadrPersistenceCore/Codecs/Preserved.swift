import Foundation
import KadrModel

/// Content of a kind no codec is registered for, kept exactly as it was read.
///
/// Opening with `preservingUnknown` turns each unknown clip, overlay, filter or text animation
/// into the preserved value of its extension point (``PreservedClip``, ``PreservedOverlay``,
/// ``PreservedFilter``, ``PreservedTextAnimation``); saving writes ``json`` back verbatim. `Base`
/// is the extension point's model protocol (`any Clip`, `any Overlay`, `any CustomFilter`,
/// `any TextAnimation`): it only chooses which of the model's protocols the value conforms to,
/// so the four kinds of preserved content are one type.
public struct Preserved<Base>: Sendable, Hashable {
  /// The content's kind id, as the document names it.
  public let kindID: KindID
  /// The content as read: `{"<kindID>": {"_0": …}}` for a clip or an overlay, `{"kind": "<id>",
  /// …}` for a filter or a text animation.
  public let json: JSONValue
  /// The payload version the document declared for the kind.
  public let payloadVersion: Int

  /// Creates preserved content.
  ///
  /// - Parameters:
  ///   - kindID: The kind id.
  ///   - json: The content as read.
  ///   - payloadVersion: The declared payload version.
  public init(kindID: KindID, json: JSONValue, payloadVersion: Int) {
    self.kindID = kindID
    self.json = json
    self.payloadVersion = payloadVersion
  }
}

/// A clip of a kind no codec is registered for, kept exactly as it was read. Its duration is
/// unknown and counts as zero.
public typealias PreservedClip = Preserved<any Clip>

/// An overlay of a kind no codec is registered for, kept exactly as it was read. Its layout
/// properties are unknown; they read as a full-canvas, centred, opaque overlay.
public typealias PreservedOverlay = Preserved<any Overlay>

/// A filter of a kind no codec is registered for, kept exactly as it was read; carried in a clip
/// as `Filter.custom(_:)`.
public typealias PreservedFilter = Preserved<any CustomFilter>

/// A text animation of a kind no codec is registered for, kept exactly as it was read. It
/// animates nothing.
public typealias PreservedTextAnimation = Preserved<any TextAnimation>

extension Preserved: Clip where Base == any Clip {
  /// Unknown; counts as zero.
  public var duration: Time { .zero }
}

extension Preserved: Overlay where Base == any Overlay {
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

extension Preserved: CustomFilter where Base == any CustomFilter {
  /// Not a real kind: a preserved filter reports the kind it was read with through
  /// ``filterKind``.
  public static var kind: FilterKind { FilterKind(rawValue: "(preserved)") }

  /// The kind read from the document.
  public var filterKind: FilterKind { FilterKind(rawValue: kindID.rawValue) }
}

extension Preserved: TextAnimation where Base == any TextAnimation {}
