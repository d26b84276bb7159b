import Foundation
import KadrModel
import Testing

private struct DiskFull: Error, LocalizedError {
  var errorDescription: String? { "The disk is full." }
}

@Suite("Kadr error")
struct KadrErrorTests {
  static let cases: [KadrError] = [
    .invalidURL(URL(fileURLWithPath: "/missing.mov")), .unsupportedFormat("ProRes RAW"),
    .noClipsProvided, .exportFailed(underlying: DiskFull()), .cancelled,
    .notYetImplemented("Spatial audio"), .invalidTransition("it starts the chain"),
    .invalidSpeed(9), .invalidDuckingLevel(1.5),
    .invalidLUT(URL(fileURLWithPath: "/grade.cube"), reason: "line 3 has two numbers"),
  ]

  @Test(arguments: cases)
  func saysWhatIsWrongAndHowToFixIt(error: KadrError) throws {
    let description = try #require(error.errorDescription)
    let suggestion = try #require(error.recoverySuggestion)
    #expect(description.hasSuffix(".") && !suggestion.isEmpty)
    #expect(error.localizedDescription == description)
  }

  @Test func namesTheOffendingValue() {
    #expect(KadrError.invalidSpeed(9).errorDescription?.contains("9.0") == true)
    #expect(KadrError.invalidDuckingLevel(1.5).errorDescription?.contains("1.5") == true)
    #expect(
      KadrError.exportFailed(underlying: DiskFull()).errorDescription?.contains("disk is full")
        == true)
    let lut = KadrError.invalidLUT(URL(fileURLWithPath: "/grade.cube"), reason: "line 3")
    #expect(lut.errorDescription?.contains("grade.cube") == true)
    #expect(lut.errorDescription?.contains("line 3") == true)
  }
}
