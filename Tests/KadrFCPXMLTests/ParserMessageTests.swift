import Foundation
import KadrFCPXML
import Testing

/// A file the XML parser refuses is described in a person's words, with its line and column,
/// never as "NSXMLParserErrorDomain error 5".
@Suite("FCPXML parser messages")
struct ParserMessageTests {
  static let cases: [(String, String, String)] = [
    (
      "cut short", #"<?xml version="1.0"?>"# + "\n" + #"<fcpxml version="1.10"><resources>"#,
      "it is cut short"
    ),
    (
      "closed with the wrong name",
      #"<?xml version="1.0"?>"# + "\n"
        + #"<fcpxml version="1.10"><a></b></fcpxml>"#,
      "an element is closed with another element's name"
    ),
  ]

  @Test(arguments: cases.indices)
  func saysWhatIsWrongWithTheXML(_ index: Int) {
    let (why, text, phrase) = Self.cases[index]
    guard case .failure(let error)? = HostileDocuments.outcome(Data(text.utf8)) else {
      Issue.record("\(why): not refused")
      return
    }
    guard case .malformed(let message) = error.reason else {
      Issue.record("\(why): refused for another reason: \(error)")
      return
    }
    #expect(message.contains(phrase), "\(why): \(message)")
    #expect(message.contains("at column"), "\(why): \(message)")
    #expect(!"\(error)".contains("NSXMLParserErrorDomain"), "\(why): \(error)")
    #expect(error.line == 2)
  }
}
