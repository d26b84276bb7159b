import Foundation

/// An RGBA colour with components from 0 to 1, standing in for `UIColor`/`NSColor`.
///
/// Components are stored as given. Values outside 0…1 are kept (a renderer clamps them), so a
/// saved project reopens with exactly what was set.
public struct PlatformColor: Sendable, Hashable, CustomStringConvertible {
  /// The red component, 0…1.
  public var red: Double
  /// The green component, 0…1.
  public var green: Double
  /// The blue component, 0…1.
  public var blue: Double
  /// The opacity, 0 (transparent) … 1 (opaque).
  public var alpha: Double

  /// Creates a colour from its components.
  ///
  /// - Parameters:
  ///   - red: Red, 0…1.
  ///   - green: Green, 0…1.
  ///   - blue: Blue, 0…1.
  ///   - alpha: Opacity, 0…1; opaque by default.
  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// Creates a grey of the given brightness.
  ///
  /// - Parameters:
  ///   - white: Brightness, 0 (black) … 1 (white).
  ///   - alpha: Opacity, 0…1.
  public init(white: Double, alpha: Double = 1) {
    self.init(red: white, green: white, blue: white, alpha: alpha)
  }

  // The named colours of UIKit and AppKit, with UIKit's sRGB component values.

  /// Opaque black (0, 0, 0).
  public static let black = PlatformColor(red: 0, green: 0, blue: 0)
  /// Opaque white (1, 1, 1).
  public static let white = PlatformColor(red: 1, green: 1, blue: 1)
  /// Fully transparent black (0, 0, 0, alpha 0).
  public static let clear = PlatformColor(red: 0, green: 0, blue: 0, alpha: 0)
  /// Opaque 50 % grey, UIKit's `gray` (white 0.5).
  public static let gray = PlatformColor(white: 0.5)
  /// Opaque light grey, UIKit's `lightGray` (white 2/3).
  public static let lightGray = PlatformColor(white: 2.0 / 3.0)
  /// Opaque dark grey, UIKit's `darkGray` (white 1/3).
  public static let darkGray = PlatformColor(white: 1.0 / 3.0)
  /// Opaque red (1, 0, 0).
  public static let red = PlatformColor(red: 1, green: 0, blue: 0)
  /// Opaque green (0, 1, 0).
  public static let green = PlatformColor(red: 0, green: 1, blue: 0)
  /// Opaque blue (0, 0, 1).
  public static let blue = PlatformColor(red: 0, green: 0, blue: 1)
  /// Opaque yellow (1, 1, 0).
  public static let yellow = PlatformColor(red: 1, green: 1, blue: 0)
  /// Opaque orange (1, 0.5, 0).
  public static let orange = PlatformColor(red: 1, green: 0.5, blue: 0)
  /// Opaque purple (0.5, 0, 0.5).
  public static let purple = PlatformColor(red: 0.5, green: 0, blue: 0.5)
  /// Opaque cyan (0, 1, 1).
  public static let cyan = PlatformColor(red: 0, green: 1, blue: 1)
  /// Opaque magenta (1, 0, 1).
  public static let magenta = PlatformColor(red: 1, green: 0, blue: 1)
  /// Opaque brown (0.6, 0.4, 0.2).
  public static let brown = PlatformColor(red: 0.6, green: 0.4, blue: 0.2)
  /// The default colour of a ``TextShadow``: black at 50 % opacity.
  public static let platformShadowDefault = PlatformColor(red: 0, green: 0, blue: 0, alpha: 0.5)

  /// `"rgba(r, g, b, a)"` with the components as stored.
  public var description: String { "rgba(\(red), \(green), \(blue), \(alpha))" }
}
