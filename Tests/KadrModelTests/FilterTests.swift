import Foundation
import KadrModel
import Testing

/// A plugin's filter with an animatable scalar, defined outside the model module.
private struct Halftone: CustomFilter {
  static let kind = FilterKind(rawValue: "com.example.halftone")
  var dotSize: Double
  var primaryScalar: Double? { dotSize }
  func withScalar(_ scalar: Double) -> Halftone { Halftone(dotSize: scalar) }
}

/// A plugin's filter that relies on every protocol default.
private struct Posterize: CustomFilter {
  static let kind = FilterKind(rawValue: "com.example.posterize")
  var levels: Int
}

@Suite("Filters and filter kinds")
struct FilterTests {
  @Test func builtInKindsKeepKadrRawValuesAndOrder() {
    #expect(
      FilterKind.allCases.map(\.rawValue) == [
        "brightness", "contrast", "saturation", "exposure", "sepia", "mono", "gaussianBlur",
        "vignette", "sharpen", "zoomBlur", "glow", "lut", "chromaKey",
      ])
    #expect(FilterKind.allCases.allSatisfy { $0.isBuiltIn })
    #expect(FilterKind(rawValue: "sepia") == .sepia)
    #expect(FilterKind.glow.description == "glow")
  }

  @Test(arguments: [
    (FilterKind.brightness, "Brightness"), (.contrast, "Contrast"), (.saturation, "Saturation"),
    (.exposure, "Exposure"), (.sepia, "Sepia"), (.mono, "Mono"), (.gaussianBlur, "Gaussian Blur"),
    (.vignette, "Vignette"), (.sharpen, "Sharpen"), (.zoomBlur, "Zoom Blur"), (.glow, "Glow"),
    (.lut, "Colour LUT"), (.chromaKey, "Chroma Key"),
  ])
  func displayNameIsEnglish(kind: FilterKind, name: String) {
    #expect(kind.displayName == name)
  }

  @Test(arguments: [
    (FilterKind.brightness, Filter.brightness(0)), (.contrast, .contrast(1)),
    (.saturation, .saturation(1)), (.exposure, .exposure(0)), (.sepia, .sepia(intensity: 1)),
    (.mono, .mono), (.gaussianBlur, .gaussianBlur(radius: 10)),
    (.vignette, .vignette(intensity: 1)),
    (.sharpen, .sharpen(amount: 0.4)), (.zoomBlur, .zoomBlur(amount: 20)),
    (.glow, .glow(intensity: 1)),
  ])
  func defaultFilterMatchesKadr(kind: FilterKind, filter: Filter) {
    #expect(kind.defaultFilter == filter)
    #expect(filter.kind == kind)
  }

  @Test func lutAndChromaKeyAreNotInsertable() {
    #expect(FilterKind.lut.defaultFilter == nil)
    #expect(FilterKind.chromaKey.defaultFilter == nil)
    #expect(FilterKind.insertable.count == 11)
    #expect(!FilterKind.insertable.contains(.lut))
    #expect(!FilterKind.insertable.contains(.chromaKey))
    #expect(FilterKind.insertable.first == .brightness)
  }

  @Test func intensityIsMissingOnlyForMonoLUTAndChromaKey() {
    let without = FilterKind.allCases.filter { !$0.hasIntensity }
    #expect(without == [.mono, .lut, .chromaKey])
  }

  @Test func caseDefaultsMatchKadr() {
    #expect(Filter.sepia() == .sepia(intensity: 1.0))
    #expect(Filter.gaussianBlur() == .gaussianBlur(radius: 10))
    #expect(Filter.vignette() == .vignette(intensity: 1.0))
    #expect(Filter.sharpen() == .sharpen(amount: 0.4))
    #expect(Filter.zoomBlur() == .zoomBlur(amount: 20))
    #expect(Filter.glow() == .glow(intensity: 1.0))
  }

  @Test(arguments: [
    (Filter.brightness(0.2), Filter.brightness(0.7)), (.contrast(1), .contrast(0.7)),
    (.saturation(1), .saturation(0.7)), (.exposure(0), .exposure(0.7)),
    (.sepia(intensity: 1), .sepia(intensity: 0.7)),
    (.gaussianBlur(radius: 10), .gaussianBlur(radius: 0.7)),
    (.vignette(intensity: 1), .vignette(intensity: 0.7)),
    (.sharpen(amount: 0.4), .sharpen(amount: 0.7)), (.zoomBlur(amount: 20), .zoomBlur(amount: 0.7)),
    (.glow(intensity: 1), .glow(intensity: 0.7)),
  ])
  func withScalarSetsThePrimaryScalar(filter: Filter, expected: Filter) {
    let changed = filter.withScalar(0.7)
    #expect(changed == expected)
    #expect(changed.primaryScalar == 0.7)
    #expect(changed.kind == filter.kind)
  }

  @Test func withScalarLeavesScalarlessFiltersAlone() {
    let lut = Filter.lut(url: URL(fileURLWithPath: "/tmp/none.cube"))
    let key = Filter.chromaKey(color: .green, threshold: 0.35)
    for filter in [Filter.mono, lut, key] {
      #expect(filter.withScalar(0.5) == filter)
      #expect(filter.primaryScalar == nil)
    }
    #expect(lut.kind == .lut)
    #expect(key.kind == .chromaKey)
  }

  @Test func customFilterCarriesItsOwnKind() {
    let filter = Filter.custom(Halftone(dotSize: 4))
    let kind = FilterKind(rawValue: "com.example.halftone")
    #expect(filter.kind == kind)
    #expect(!kind.isBuiltIn)
    #expect(kind.displayName == "com.example.halftone")
    #expect(kind.defaultFilter == nil)
    #expect(!kind.hasIntensity)
    #expect(!FilterKind.allCases.contains(kind))
    #expect(Halftone(dotSize: 1).displayName == "com.example.halftone")
  }

  @Test func customWithScalarDelegatesToThePlugin() {
    let filter = Filter.custom(Halftone(dotSize: 4))
    #expect(filter.primaryScalar == 4)
    #expect(filter.withScalar(9) == .custom(Halftone(dotSize: 9)))
    let plain = Filter.custom(Posterize(levels: 3))
    #expect(plain.primaryScalar == nil)
    #expect(plain.withScalar(9) == plain)
  }

  @Test func customFiltersCompareByTypeAndValue() {
    #expect(Filter.custom(Halftone(dotSize: 4)) == .custom(Halftone(dotSize: 4)))
    #expect(Filter.custom(Halftone(dotSize: 4)) != .custom(Halftone(dotSize: 5)))
    #expect(Filter.custom(Halftone(dotSize: 4)) != .custom(Posterize(levels: 4)))
    #expect(Filter.custom(Halftone(dotSize: 0)) != .brightness(0))
    #expect(Halftone(dotSize: 2).isEqual(to: Halftone(dotSize: 2)))
    #expect(!Halftone(dotSize: 2).isEqual(to: Posterize(levels: 2)))
  }

  @Test func builtInEqualityComparesKindAndPayload() {
    #expect(Filter.brightness(0.5) != .contrast(0.5))
    #expect(Filter.mono == .mono)
    let url = URL(fileURLWithPath: "/tmp/a.cube")
    #expect(Filter.lut(url: url) == .lut(LUT(url: url)))
    #expect(Filter.lut(url: url) != .lut(LUT(url: URL(fileURLWithPath: "/tmp/b.cube"))))
    #expect(
      Filter.chromaKey(color: .green, threshold: 0.3)
        == .chromaKey(ChromaKey(color: ColorComponents(r: 0, g: 1, b: 0), threshold: 0.3)))
    #expect(
      Filter.chromaKey(color: .green, threshold: 0.3)
        != .chromaKey(color: .green, threshold: 0.4))
  }

  @Test func chromaKeyRemovesColoursNearTheKey() {
    let key = ChromaKey(color: .green, threshold: 0.35)
    #expect(key.keyAlpha(red: 0, green: 1, blue: 0) == 0)
    #expect(key.keyAlpha(red: 0.1, green: 0.9, blue: 0.1) == 0)
    #expect(key.keyAlpha(red: 1, green: 0, blue: 0) == 1)
    #expect(key.keyAlpha(red: 0.5, green: 0.5, blue: 0.5) == 1)
    #expect(ChromaKey(color: .green, threshold: .nan).keyAlpha(red: 0, green: 1, blue: 0) == 1)
  }

  @Test func colorComponentsDropAlpha() {
    let color = PlatformColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.1)
    #expect(ColorComponents(platformColor: color) == ColorComponents(r: 0.2, g: 0.4, b: 0.6))
    #expect(ChromaKey(color: color, threshold: 0.3).color.g == 0.4)
  }
}
