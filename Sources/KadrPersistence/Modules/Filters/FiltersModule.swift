import Foundation
import KadrModel
import KadrPersistenceCore

/// The filters module: registers one codec for each of the 13 built-in filter kinds, each under
/// the kind's raw value (`sepia`, `lut`, …).
public enum FiltersModule: RegistryModule {
  /// Registers the 13 built-in filter kinds.
  public static func register(in registry: inout CodecRegistry) throws {
    try registry.register(filter: ScalarFilterCodec.brightness)
    try registry.register(filter: ScalarFilterCodec.contrast)
    try registry.register(filter: ScalarFilterCodec.saturation)
    try registry.register(filter: ScalarFilterCodec.exposure)
    try registry.register(filter: ScalarFilterCodec.sepia)
    try registry.register(filter: MonoFilterCodec())
    try registry.register(filter: LUTFilterCodec())
    try registry.register(filter: ChromaKeyFilterCodec())
    try registry.register(filter: ScalarFilterCodec.gaussianBlur)
    try registry.register(filter: ScalarFilterCodec.vignette)
    try registry.register(filter: ScalarFilterCodec.sharpen)
    try registry.register(filter: ScalarFilterCodec.zoomBlur)
    try registry.register(filter: ScalarFilterCodec.glow)
  }
}

/// The codecs of the built-in scalar kinds whose case payload is unlabelled.
extension ScalarFilterCodec where Key == UnlabelledScalarKey {
  /// `brightness`: `.brightness(Double)`.
  static var brightness: Self {
    Self(
      kind: .brightness, key: Key.self, make: { .brightness($0) },
      scalar: { if case .brightness(let value) = $0 { value } else { nil } })
  }

  /// `contrast`: `.contrast(Double)`.
  static var contrast: Self {
    Self(
      kind: .contrast, key: Key.self, make: { .contrast($0) },
      scalar: { if case .contrast(let value) = $0 { value } else { nil } })
  }

  /// `saturation`: `.saturation(Double)`.
  static var saturation: Self {
    Self(
      kind: .saturation, key: Key.self, make: { .saturation($0) },
      scalar: { if case .saturation(let value) = $0 { value } else { nil } })
  }

  /// `exposure`: `.exposure(Double)`.
  static var exposure: Self {
    Self(
      kind: .exposure, key: Key.self, make: { .exposure($0) },
      scalar: { if case .exposure(let value) = $0 { value } else { nil } })
  }
}

/// The codecs of the built-in scalar kinds whose case payload is labelled `intensity`.
extension ScalarFilterCodec where Key == IntensityScalarKey {
  /// `sepia`: `.sepia(intensity:)`.
  static var sepia: Self {
    Self(
      kind: .sepia, key: Key.self, make: { .sepia(intensity: $0) },
      scalar: { if case .sepia(let value) = $0 { value } else { nil } })
  }

  /// `vignette`: `.vignette(intensity:)`.
  static var vignette: Self {
    Self(
      kind: .vignette, key: Key.self, make: { .vignette(intensity: $0) },
      scalar: { if case .vignette(let value) = $0 { value } else { nil } })
  }

  /// `glow`: `.glow(intensity:)`.
  static var glow: Self {
    Self(
      kind: .glow, key: Key.self, make: { .glow(intensity: $0) },
      scalar: { if case .glow(let value) = $0 { value } else { nil } })
  }
}

/// The codecs of the built-in scalar kinds whose case payload is labelled `radius`.
extension ScalarFilterCodec where Key == RadiusScalarKey {
  /// `gaussianBlur`: `.gaussianBlur(radius:)`.
  static var gaussianBlur: Self {
    Self(
      kind: .gaussianBlur, key: Key.self, make: { .gaussianBlur(radius: $0) },
      scalar: { if case .gaussianBlur(let value) = $0 { value } else { nil } })
  }
}

/// The codecs of the built-in scalar kinds whose case payload is labelled `amount`.
extension ScalarFilterCodec where Key == AmountScalarKey {
  /// `sharpen`: `.sharpen(amount:)`.
  static var sharpen: Self {
    Self(
      kind: .sharpen, key: Key.self, make: { .sharpen(amount: $0) },
      scalar: { if case .sharpen(let value) = $0 { value } else { nil } })
  }

  /// `zoomBlur`: `.zoomBlur(amount:)`.
  static var zoomBlur: Self {
    Self(
      kind: .zoomBlur, key: Key.self, make: { .zoomBlur(amount: $0) },
      scalar: { if case .zoomBlur(let value) = $0 { value } else { nil } })
  }
}
