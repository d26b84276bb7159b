import Foundation
import KadrModel
import KadrPersistence
import KadrPersistenceCore
import Testing

@Suite("Every error type describes itself by its sentence")
struct ErrorDescriptionTests {
  /// One value of every public error type; `print(error)` and `"\(error)"` must show the
  /// sentence, never a case name with its payload.
  static let errors: [any Error & LocalizedError] = [
    KadrError.invalidSpeed(-1),
    LUTError.missingSize(url: URL(fileURLWithPath: "/luts/a.cube"), line: 3),
    ImageDataError.zeroSize(.png),
    TimeArithmeticError.divisionByZero,
    RegistryError.invalidPayloadVersion(KindID("sepia"), 0),
    JSONPointer.ParseError.missingLeadingSlash("video"),
    ImageStoreError.unknownToken("file:x.png"),
    URLImageStoreError.notPrefetched("https://example.com/a.png"),
    ImageStoreRegistrationError.invalidScheme("1x"),
    FileImageStoreError.invalidToken("x.png", reason: .wrongScheme),
  ]

  @Test(arguments: 0..<errors.count)
  func descriptionIsTheSentence(_ index: Int) throws {
    let error = Self.errors[index]
    let sentence = try #require(error.errorDescription)
    #expect(String(describing: error) == sentence)
    #expect("\(error)" == sentence)
    if let caseName = Mirror(reflecting: error).children.first?.label {
      #expect(!sentence.hasPrefix(caseName), "the case's name, not a sentence: \(sentence)")
    }
    #expect(sentence.first?.isUppercase == true || sentence.first == "'", "\(sentence)")
  }
}

@Suite("Validating a document reports every error")
struct DocumentValidationTests {
  @Test func aFileWithMistakesInTwoClipsAndTheCompositionGetsThemAll() throws {
    let video = Video {
      VideoClip(url: URL(fileURLWithPath: "/media/a.mov")).trimmed(to: 0...2)
      TitleSequence("One", duration: 1)
      TitleSequence("Two", duration: 1)
    }
    var text = String(decoding: try KadrCoding.data(for: video), as: UTF8.self)
    text = text.replacingOccurrences(of: #""text":"One""#, with: #""text":1"#)
      .replacingOccurrences(of: #""text":"Two""#, with: #""txt":"Two""#)
      .replacingOccurrences(of: #""captions":[],"#, with: "")
    let result = KadrCoder().validate(Data(text.utf8))
    #expect(!result.isValid)
    #expect(result.opened == nil)
    #expect(
      result.errors.map { $0.pointer?.description ?? "?" } == [
        "/video", "/video/clips/1/title/_0/text", "/video/clips/2/title/_0/txt",
      ], "\(result.errors)")
    #expect(result.errors.map(\.code) == ["missingField", "wrongType", "unknownField"])
    // Opening stops at the first of them.
    #expect(throws: PersistenceError.self) { try KadrCoder().open(Data(text.utf8)) }

    let limited = KadrCoder().validate(Data(text.utf8), maximumErrors: 2)
    #expect(limited.errors.count == 2)
    #expect(limited.unreportedErrorCount == 1)
  }

  @Test func aValidDocumentIsOpenedWithWhatItKeeps() throws {
    let video = Video { TitleSequence("One", duration: 1) }
    let text = String(decoding: try KadrCoding.data(for: video), as: UTF8.self)
      .replacingOccurrences(of: #""title":{"_0""#, with: #""com.example.countdown":{"_0""#)
    let coder = KadrCoder(options: CodingOptions(preservingUnknown: true))
    let result = coder.validate(Data(text.utf8))
    #expect(result.isValid)
    #expect(result.schema == 1)
    #expect(result.opened?.preserved.map(\.kindID.rawValue) == ["com.example.countdown"])
    let opened = try #require(result.opened)
    #expect(
      String(reflecting: opened.root) == String(reflecting: try coder.open(Data(text.utf8)).root))
  }

  @Test func malformedJSONEndsTheCheckAtOnceWithItsPosition() {
    let result = KadrCoder().validate(Data("{\"schema\":1,\n \"video\": [,]}".utf8))
    #expect(result.errors.count == 1)
    #expect(result.errors.first?.lineAndColumn?.line == 2)
    #expect(result.schema == nil)
  }
}
