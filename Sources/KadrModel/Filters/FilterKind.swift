import Foundation

/// The kind of a filter: one of the 13 built-in kinds, or a kind a plugin defines.
///
/// kadr's `FilterKind` is a closed `enum` of the 13 Core Image wrappers. Ours is an **open**
/// struct (a deliberate difference), because filters here are open: a third party adds a filter
/// kind by conforming a type to ``CustomFilter`` and giving it a kind of its own, identified by a
/// reverse-DNS raw value such as `"com.example.halftone"`. The 13 built-in kinds keep kadr's names
/// and raw values as static constants, so `FilterKind.sepia`, `kind == .mono` and
/// `FilterKind.allCases` read as they do in kadr. `allCases` lists the built-in kinds only; a
/// `switch` over a kind needs a `default` branch.
public struct FilterKind: RawRepresentable, Hashable, Sendable, CaseIterable,
  CustomStringConvertible
{
  /// The kind's stable identifier: kadr's case name for a built-in kind, a reverse-DNS name for a
  /// plugin's kind.
  public let rawValue: String

  /// Creates a kind from its identifier.
  ///
  /// Never fails: an identifier that names no built-in kind is a custom kind.
  /// - Parameter rawValue: The identifier, such as `"sepia"` or `"com.example.halftone"`.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// Brightness (Core Image `CIColorControls.inputBrightness`).
  public static let brightness = FilterKind(rawValue: "brightness")
  /// Contrast (`CIColorControls.inputContrast`).
  public static let contrast = FilterKind(rawValue: "contrast")
  /// Saturation (`CIColorControls.inputSaturation`).
  public static let saturation = FilterKind(rawValue: "saturation")
  /// Exposure in EV (`CIExposureAdjust`).
  public static let exposure = FilterKind(rawValue: "exposure")
  /// Sepia tone (`CISepiaTone`).
  public static let sepia = FilterKind(rawValue: "sepia")
  /// Black and white (`CIPhotoEffectMono`).
  public static let mono = FilterKind(rawValue: "mono")
  /// Gaussian blur (`CIGaussianBlur`).
  public static let gaussianBlur = FilterKind(rawValue: "gaussianBlur")
  /// Vignette (`CIVignetteEffect`).
  public static let vignette = FilterKind(rawValue: "vignette")
  /// Sharpening (`CISharpenLuminance`).
  public static let sharpen = FilterKind(rawValue: "sharpen")
  /// Zoom blur from the centre (`CIZoomBlur`).
  public static let zoomBlur = FilterKind(rawValue: "zoomBlur")
  /// Glow (`CIBloom`).
  public static let glow = FilterKind(rawValue: "glow")
  /// A 3-D colour lookup table from a `.cube` file (`CIColorCube`).
  public static let lut = FilterKind(rawValue: "lut")
  /// Chroma key (a generated colour cube).
  public static let chromaKey = FilterKind(rawValue: "chromaKey")

  /// The 13 built-in kinds, in kadr's declaration order. Custom kinds are not listed.
  public static let allCases: [FilterKind] = [
    .brightness, .contrast, .saturation, .exposure, .sepia, .mono, .gaussianBlur, .vignette,
    .sharpen, .zoomBlur, .glow, .lut, .chromaKey,
  ]

  /// Whether the kind is one of the 13 built-in kinds.
  public var isBuiltIn: Bool { FilterKind.allCases.contains(self) }

  /// The filter an editor inserts for this kind, with kadr's defaults.
  ///
  /// `nil` for ``lut`` and ``chromaKey`` (they need a file or a colour) and for every custom kind
  /// (the model cannot build a plugin's filter).
  public var defaultFilter: Filter? {
    switch self {
    case .brightness: .brightness(0)
    case .contrast: .contrast(1)
    case .saturation: .saturation(1)
    case .exposure: .exposure(0)
    case .sepia: .sepia(intensity: 1)
    case .mono: .mono
    case .gaussianBlur: .gaussianBlur(radius: 10)
    case .vignette: .vignette(intensity: 1)
    case .sharpen: .sharpen(amount: 0.4)
    case .zoomBlur: .zoomBlur(amount: 20)
    case .glow: .glow(intensity: 1)
    default: nil
    }
  }

  /// The built-in kinds that have a ``defaultFilter``, in ``allCases`` order.
  public static var insertable: [FilterKind] {
    allCases.filter { $0.defaultFilter != nil }
  }

  /// An English name for editors, such as "Gaussian Blur"; a custom kind's raw value.
  public var displayName: String {
    switch self {
    case .brightness: "Brightness"
    case .contrast: "Contrast"
    case .saturation: "Saturation"
    case .exposure: "Exposure"
    case .sepia: "Sepia"
    case .mono: "Mono"
    case .gaussianBlur: "Gaussian Blur"
    case .vignette: "Vignette"
    case .sharpen: "Sharpen"
    case .zoomBlur: "Zoom Blur"
    case .glow: "Glow"
    case .lut: "Colour LUT"
    case .chromaKey: "Chroma Key"
    default: rawValue
    }
  }

  /// Whether filters of this kind have an animatable scalar (an intensity an editor shows a
  /// slider for).
  ///
  /// `false` for ``mono``, ``lut`` and ``chromaKey``, and for custom kinds, whose kind alone does
  /// not say; ask the filter itself with ``Filter/primaryScalar``.
  public var hasIntensity: Bool {
    isBuiltIn && self != .mono && self != .lut && self != .chromaKey
  }

  /// The raw value.
  public var description: String { rawValue }
}
