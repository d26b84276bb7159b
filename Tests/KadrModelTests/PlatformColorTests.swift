import KadrModel
import Testing

@Suite("Platform colour")
struct PlatformColorTests {
  @Test(arguments: [
    // (colour, name, UIKit's sRGB components red, green, blue, alpha)
    (PlatformColor.black, "black", [0, 0, 0, 1]),
    (.white, "white", [1, 1, 1, 1]),
    (.gray, "gray", [0.5, 0.5, 0.5, 1]),
    (.lightGray, "lightGray", [2.0 / 3.0, 2.0 / 3.0, 2.0 / 3.0, 1]),
    (.darkGray, "darkGray", [1.0 / 3.0, 1.0 / 3.0, 1.0 / 3.0, 1]),
    (.red, "red", [1, 0, 0, 1]),
    (.green, "green", [0, 1, 0, 1]),
    (.blue, "blue", [0, 0, 1, 1]),
    (.yellow, "yellow", [1, 1, 0, 1]),
    (.orange, "orange", [1, 0.5, 0, 1]),
    (.purple, "purple", [0.5, 0, 0.5, 1]),
    (.cyan, "cyan", [0, 1, 1, 1]),
    (.magenta, "magenta", [1, 0, 1, 1]),
    (.brown, "brown", [0.6, 0.4, 0.2, 1]),
    (.clear, "clear", [0, 0, 0, 0]),  // transparent black
  ])
  func namedColourHasUIKitsComponents(color: PlatformColor, name: String, rgba: [Double]) {
    #expect([color.red, color.green, color.blue, color.alpha] == rgba, "\(name)")
  }

  @Test func kadrsShadowDefaultIsHalfTransparentBlack() {
    #expect(PlatformColor.platformShadowDefault == PlatformColor(white: 0, alpha: 0.5))
  }
}
