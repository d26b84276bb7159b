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

  /// Opaque black.
  public static let black = PlatformColor(red: 0, green: 0, blue: 0)
  /// Opaque white.
  public static let white = PlatformColor(red: 1, green: 1, blue: 1)
  /// Fully transparent black.
  public static let clear = PlatformColor(red: 0, green: 0, blue: 0, alpha: 0)
  /// Opaque red.
  public static let red = PlatformColor(red: 1, green: 0, blue: 0)
  /// Opaque green.
  public static let green = PlatformColor(red: 0, green: 1, blue: 0)
  /// Opaque blue.
  public static let blue = PlatformColor(red: 0, green: 0, blue: 1)
  /// Opaque 50 % grey.
  public static let gray = PlatformColor(white: 0.5)
  /// The default colour of a ``TextShadow``: black at 50 % opacity.
  public static let platformShadowDefault = PlatformColor(red: 0, green: 0, blue: 0, alpha: 0.5)

  /// `"rgba(r, g, b, a)"` with the components as stored.
  public var description: String { "rgba(\(red), \(green), \(blue), \(alpha))" }
}
