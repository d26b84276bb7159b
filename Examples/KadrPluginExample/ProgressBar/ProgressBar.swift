import Foundation
import KadrPersistence

/// A plugin's overlay kind: a bar that fills as the composition plays.
///
/// Besides the placement every overlay has, it has fields of its own: the colours of the filled
/// and unfilled parts, its thickness, and an optional animation of its progress.
public struct ProgressBar: Overlay, Sendable {
  /// The colour of the filled part.
  public let fill: PlatformColor
  /// The colour of the unfilled part.
  public let track: PlatformColor
  /// The bar's thickness in render pixels.
  public let thickness: Double
  /// The progress (0…1) over composition time; `nil` fills linearly over the visibility range.
  public let progress: Animation<Double>?
  /// Where the bar's ``anchor`` lands.
  public let position: Position
  /// The bar's size; `nil` spans the render width at ``thickness``.
  public let size: Size?
  /// Which point of the bar lands on ``position``.
  public let anchor: Anchor
  /// Opacity, 0…1.
  public let opacity: Double
  /// The overlay's identity, if it was given one.
  public let layerID: LayerID?
  /// When the bar is visible; `nil` is the whole composition.
  public let visibilityRange: TimeRange?

  /// Creates a progress bar from all of its stored properties, as a decoder does.
  ///
  /// - Parameters:
  ///   - fill: The colour of the filled part; white by default.
  ///   - track: The colour of the unfilled part; translucent black by default.
  ///   - thickness: The thickness in render pixels; 8 by default. Stored as given.
  ///   - progress: The progress over composition time; `nil` (linear) by default.
  ///   - position: Where the anchor lands; the bottom edge by default.
  ///   - size: The bar's size; `nil` (full width) by default.
  ///   - anchor: Which point of the bar lands on `position`; its bottom by default.
  ///   - opacity: Opacity, 0…1; 1 by default. Stored as given.
  ///   - layerID: The overlay's identity; none by default.
  ///   - visibilityRange: When it is visible; `nil` (always) by default.
  public init(
    fill: PlatformColor = .white,
    track: PlatformColor = PlatformColor(red: 0, green: 0, blue: 0, alpha: 0.4),
    thickness: Double = 8, progress: Animation<Double>? = nil, position: Position = .bottom,
    size: Size? = nil, anchor: Anchor = .bottom, opacity: Double = 1, layerID: LayerID? = nil,
    visibilityRange: TimeRange? = nil
  ) {
    self.fill = fill
    self.track = track
    self.thickness = thickness
    self.progress = progress
    self.position = position
    self.size = size
    self.anchor = anchor
    self.opacity = opacity
    self.layerID = layerID
    self.visibilityRange = visibilityRange
  }
}
