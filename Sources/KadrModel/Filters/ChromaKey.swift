import Foundation

/// An opaque RGB colour with components from 0 to 1, as a chroma key stores its key colour.
public struct ColorComponents: Sendable, Hashable {
  /// Red, 0…1.
  public let r: Double
  /// Green, 0…1.
  public let g: Double
  /// Blue, 0…1.
  public let b: Double

  /// Creates a colour from its components, stored as given.
  ///
  /// - Parameters:
  ///   - r: Red, 0…1.
  ///   - g: Green, 0…1.
  ///   - b: Blue, 0…1.
  public init(r: Double, g: Double, b: Double) {
    self.r = r
    self.g = g
    self.b = b
  }

  /// Creates the RGB part of a platform colour; its alpha is dropped.
  ///
  /// - Parameter platformColor: The colour.
  public init(platformColor: PlatformColor) {
    self.init(r: platformColor.red, g: platformColor.green, b: platformColor.blue)
  }
}

/// Keys out a colour: pixels whose chroma is near the key colour's become transparent.
///
/// Chroma is the BT.601 (Cb, Cr) pair; a pixel is keyed out when its distance to the key
/// colour's (Cb, Cr) is below ``threshold`` (see ``keyAlpha(red:green:blue:)``). kadr also stores
/// the 64³ colour cube it generates for Core Image; that cube is derived from the colour and the
/// threshold, so it is not stored here and equality is by colour and threshold alone.
public struct ChromaKey: Sendable, Hashable {
  /// The key colour.
  public let color: ColorComponents
  /// The chroma distance below which a pixel is keyed out, about 0…1; 0.35 is typical.
  public let threshold: Double

  /// Creates a chroma key from all of its stored properties, as a decoder does.
  ///
  /// - Parameters:
  ///   - color: The key colour.
  ///   - threshold: The chroma distance, stored as given.
  public init(color: ColorComponents, threshold: Double) {
    self.color = color
    self.threshold = threshold
  }

  /// Creates a chroma key for a platform colour (its alpha is ignored).
  ///
  /// - Parameters:
  ///   - color: The key colour.
  ///   - threshold: The chroma distance, stored as given.
  public init(color: PlatformColor, threshold: Double) {
    self.init(color: ColorComponents(platformColor: color), threshold: threshold)
  }

  /// The alpha the key gives a pixel: 0 when its chroma is within ``threshold`` of the key
  /// colour's, else 1.
  ///
  /// Uses BT.601 chroma: Cb = −0.168736 R − 0.331264 G + 0.5 B, Cr = 0.5 R − 0.418688 G −
  /// 0.081312 B, and the Euclidean distance between the pixel's and the key's (Cb, Cr). A NaN
  /// threshold or component keys nothing out (alpha 1).
  /// - Parameters:
  ///   - red: The pixel's red, 0…1.
  ///   - green: The pixel's green, 0…1.
  ///   - blue: The pixel's blue, 0…1.
  /// - Returns: 0 (keyed out) or 1 (kept).
  public func keyAlpha(red: Double, green: Double, blue: Double) -> Double {
    let pixel = ChromaKey.chroma(red, green, blue)
    let key = ChromaKey.chroma(color.r, color.g, color.b)
    let distance =
      ((pixel.cb - key.cb) * (pixel.cb - key.cb)
      + (pixel.cr - key.cr) * (pixel.cr - key.cr)).squareRoot()
    return distance < threshold ? 0 : 1
  }

  private static func chroma(_ r: Double, _ g: Double, _ b: Double) -> (cb: Double, cr: Double) {
    (
      cb: -0.168_736 * r - 0.331_264 * g + 0.5 * b,
      cr: 0.5 * r - 0.418_688 * g - 0.081_312 * b
    )
  }
}
