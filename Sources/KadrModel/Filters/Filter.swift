import Foundation

/// A colour or image effect applied to a ``VideoClip``'s frames, in the clip's filter order.
///
/// The 13 built-in cases are kadr's, with the same names, payloads and defaults; in kadr each
/// wraps a Core Image filter. Unlike kadr, filters are **open**: ``custom(_:)`` carries a filter
/// kind defined outside this module (see ``CustomFilter``), whose codec a plugin registers.
///
/// Each filter except ``mono``, ``lut(_:)`` and ``chromaKey(_:)`` has one *primary scalar*
/// (``primaryScalar``) that ``VideoClip/filterAnimations`` drive through ``withScalar(_:)``.
/// Payloads are stored as given; ranges in the case docs are the meaningful ones (a renderer
/// clamps).
public enum Filter: Sendable, Equatable {
  /// Brightness offset, −1…1; 0 leaves the frame unchanged.
  case brightness(Double)
  /// Contrast factor, 0…~4; 1 leaves the frame unchanged.
  case contrast(Double)
  /// Saturation factor, 0…~2; 1 leaves the frame unchanged, 0 is grey.
  case saturation(Double)
  /// Exposure adjustment in EV, about −2…2; 0 leaves the frame unchanged.
  case exposure(Double)
  /// Sepia tone of the given intensity, 0…1.
  case sepia(intensity: Double = 1.0)
  /// Black and white.
  case mono
  /// A 3-D colour lookup table read from a `.cube` file.
  case lut(LUT)
  /// Makes pixels near a key colour transparent.
  case chromaKey(ChromaKey)
  /// Gaussian blur of the given radius in pixels.
  case gaussianBlur(radius: Double = 10)
  /// Darkened edges of the given intensity, 0…1 (radius fixed at 1.5).
  case vignette(intensity: Double = 1.0)
  /// Luminance sharpening of the given amount, 0…2.
  case sharpen(amount: Double = 0.4)
  /// Zoom blur from the frame's centre, the given amount in pixels.
  case zoomBlur(amount: Double = 20)
  /// Bloom of the given intensity, 0…1 (radius fixed at 10).
  case glow(intensity: Double = 1.0)
  /// A filter kind defined outside this module.
  case custom(any CustomFilter)
}

extension Filter {
  /// A colour lookup table identified by the `.cube` file at `url`.
  ///
  /// kadr's version `throws` because it reads the file at once. Here a ``LUT`` is identified by
  /// its URL and reads the file only when it is first needed (``LUT/load()``), so that a document
  /// opens without its LUT files at hand; this factory therefore never fails. (`try` in front of
  /// it, as kadr code writes, still compiles, with a warning.) Use ``lut(loading:)`` to read and
  /// check the file now.
  /// - Parameter url: The `.cube` file's URL.
  public static func lut(url: URL) -> Filter {
    .lut(LUT(url: url))
  }

  /// A colour lookup table read and checked now, as kadr's throwing `lut(url:)` does.
  ///
  /// The parsed table is cached in the returned filter's ``LUT``.
  /// - Parameter url: The `.cube` file's URL.
  /// - Throws: ``LUTError`` when the file cannot be read or is not a valid 3-D `.cube` file.
  public static func lut(loading url: URL) throws -> Filter {
    let table = LUT(url: url)
    _ = try table.load()
    return .lut(table)
  }

  /// A chroma key that removes `color` within `threshold` chroma distance.
  ///
  /// - Parameters:
  ///   - color: The key colour (alpha is ignored).
  ///   - threshold: The chroma distance, about 0…1; 0.35 is typical.
  public static func chromaKey(color: PlatformColor, threshold: Double) -> Filter {
    .chromaKey(ChromaKey(color: color, threshold: threshold))
  }

  /// The filter's kind; a custom filter's is its type's ``CustomFilter/kind``.
  public var kind: FilterKind {
    switch self {
    case .brightness: .brightness
    case .contrast: .contrast
    case .saturation: .saturation
    case .exposure: .exposure
    case .sepia: .sepia
    case .mono: .mono
    case .lut: .lut
    case .chromaKey: .chromaKey
    case .gaussianBlur: .gaussianBlur
    case .vignette: .vignette
    case .sharpen: .sharpen
    case .zoomBlur: .zoomBlur
    case .glow: .glow
    case .custom(let filter): filter.filterKind
    }
  }

  /// The scalar an animation drives, or `nil` for ``mono``, ``lut(_:)``, ``chromaKey(_:)`` and
  /// custom filters without one.
  public var primaryScalar: Double? {
    switch self {
    case .brightness(let value), .contrast(let value), .saturation(let value),
      .exposure(let value), .sepia(let value), .gaussianBlur(let value), .vignette(let value),
      .sharpen(let value), .zoomBlur(let value), .glow(let value):
      value
    case .mono, .lut, .chromaKey:
      nil
    case .custom(let filter):
      filter.primaryScalar
    }
  }

  /// Returns the same filter with its primary scalar set to `scalar`.
  ///
  /// ``mono``, ``lut(_:)`` and ``chromaKey(_:)`` return `self`; a custom filter delegates to its
  /// ``CustomFilter/withScalar(_:)``.
  /// - Parameter scalar: The new value, stored as given.
  public func withScalar(_ scalar: Double) -> Filter {
    switch self {
    case .brightness: .brightness(scalar)
    case .contrast: .contrast(scalar)
    case .saturation: .saturation(scalar)
    case .exposure: .exposure(scalar)
    case .sepia: .sepia(intensity: scalar)
    case .gaussianBlur: .gaussianBlur(radius: scalar)
    case .vignette: .vignette(intensity: scalar)
    case .sharpen: .sharpen(amount: scalar)
    case .zoomBlur: .zoomBlur(amount: scalar)
    case .glow: .glow(intensity: scalar)
    case .mono, .lut, .chromaKey: self
    case .custom(let filter): .custom(filter.withScalar(scalar))
    }
  }

  /// Whether two filters are the same kind with equal parameters.
  ///
  /// Custom filters compare with their own type's `==` (``CustomFilter/isEqual(to:)``); filters
  /// of different custom types are never equal. LUTs compare by URL.
  public static func == (lhs: Filter, rhs: Filter) -> Bool {
    switch (lhs, rhs) {
    case (.brightness(let a), .brightness(let b)), (.contrast(let a), .contrast(let b)),
      (.saturation(let a), .saturation(let b)), (.exposure(let a), .exposure(let b)),
      (.sepia(let a), .sepia(let b)), (.gaussianBlur(let a), .gaussianBlur(let b)),
      (.vignette(let a), .vignette(let b)), (.sharpen(let a), .sharpen(let b)),
      (.zoomBlur(let a), .zoomBlur(let b)), (.glow(let a), .glow(let b)):
      return a == b
    case (.mono, .mono):
      return true
    case (.lut(let a), .lut(let b)):
      return a == b
    case (.chromaKey(let a), .chromaKey(let b)):
      return a == b
    case (.custom(let a), .custom(let b)):
      return a.isEqual(to: b)
    default:
      return false
    }
  }
}
