import Foundation
import KadrModel
import Testing

private struct DiskFull: Error, LocalizedError {
  var errorDescription: String? { "The disk is full." }
}

/// A media file deep in an app's sandbox, as `invalidURL` gets it on a device.
private let sandboxMovie = URL(
  fileURLWithPath: "/private/var/mobile/Containers/Data/Application/0B1D/Documents/clip-04.mov")
/// A LUT in a temporary folder.
private let temporaryLUT = URL(fileURLWithPath: "/tmp/looks/teal-orange/grade.cube")

@Suite("Kadr error")
struct KadrErrorTests {
  /// Every case, with whether kadr gives it a recovery suggestion.
  static let cases: [(KadrError, hasSuggestion: Bool)] = [
    (.invalidURL(sandboxMovie), true),
    (.unsupportedFormat("ProRes RAW"), true),
    (.noClipsProvided, true),
    (.exportFailed(underlying: DiskFull()), false),  // nothing the user can fix
    (.cancelled, false),  // the user asked for it
    (.notYetImplemented("Spatial audio"), false),  // nothing the user can fix
    (.invalidTransition("A transition cannot start the timeline."), true),
    (.invalidSpeed(9), true),
    (.invalidDuckingLevel(1.5), true),
    (.invalidLUT(temporaryLUT, reason: "Line 3 has two numbers."), true),
  ]

  @Test(arguments: cases)
  func saysWhatIsWrongAndHowToFixItWhereKadrDoes(error: KadrError, hasSuggestion: Bool) throws {
    let description = try #require(error.errorDescription)
    #expect(description.hasSuffix(".") && !description.hasSuffix(".."))
    #expect(error.localizedDescription == description)
    #expect((error.recoverySuggestion != nil) == hasSuggestion)
    #expect(error.recoverySuggestion?.isEmpty != true)
  }

  @Test(arguments: [
    KadrError.cancelled, .exportFailed(underlying: DiskFull()), .notYetImplemented("HDR"),
  ])
  func hasNoRecoverySuggestionWhereKadrHasNone(error: KadrError) {
    #expect(error.recoverySuggestion == nil)
  }

  @Test(arguments: [
    KadrError.invalidURL(sandboxMovie), .invalidLUT(sandboxMovie, reason: "Line 12 is malformed."),
  ])
  func namesTheFileNotItsPath(error: KadrError) throws {
    let texts = [error.errorDescription, error.failureReason, error.recoverySuggestion]
      .compactMap { $0 }
    #expect(try #require(error.errorDescription).contains("clip-04.mov"))
    for text in texts {
      #expect(!text.contains("/private"), "\(text)")
      #expect(!text.contains("Containers"), "\(text)")
      #expect(!text.contains("Documents/"), "\(text)")
    }
  }

  @Test func invalidLUTGivesTheParsersReasonAsItsFailureReason() {
    let error = KadrError.invalidLUT(temporaryLUT, reason: "Line 12 is malformed.")
    #expect(error.failureReason == "Line 12 is malformed.")
    #expect(
      error.errorDescription == "The LUT file 'grade.cube' cannot be used: Line 12 is malformed.")
    #expect(KadrError.invalidURL(temporaryLUT).failureReason == nil)
  }

  @Test func invalidTransitionIsTheAuthorsSentenceUnchanged() {
    let sentence = "A transition cannot be longer than the clips it joins."
    #expect(KadrError.invalidTransition(sentence).errorDescription == sentence)
    #expect(KadrError.invalidTransition(sentence).localizedDescription == sentence)
  }

  @Test func namesTheOffendingValue() {
    #expect(KadrError.invalidSpeed(9).errorDescription?.contains("9.0") == true)
    #expect(KadrError.invalidDuckingLevel(1.5).errorDescription?.contains("1.5") == true)
    #expect(
      KadrError.exportFailed(underlying: DiskFull()).errorDescription
        == "The export failed: The disk is full.")
    let lut = KadrError.invalidLUT(URL(fileURLWithPath: "/grade.cube"), reason: "line 3")
    #expect(lut.errorDescription == "The LUT file 'grade.cube' cannot be used: line 3.")
  }

  @Test(arguments: [
    // (URL, the name a message shows)
    ("https://cdn.example.com/looks/grade.cube?token=secret", "grade.cube"),  // no query
    ("https://cdn.example.com/", "cdn.example.com"),  // no file name: the host
    ("file:///", "file:///"),  // neither: the URL
  ])
  func namesAURLWithoutAFileNameByWhatItHas(text: String, name: String) throws {
    let url = try #require(URL(string: text))
    #expect(
      KadrError.invalidURL(url).errorDescription
        == "The file '\(name)' is not a readable media file.")
  }
}
