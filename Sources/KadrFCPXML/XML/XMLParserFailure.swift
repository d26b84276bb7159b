import Foundation

/// The XML parser's refusal in a person's words: "an element is closed with another element's
/// name", not "NSXMLParserErrorDomain error 76".
///
/// The codes are libxml2's, which Apple's `XMLParser.ErrorCode` numbers the same way; they are
/// matched as numbers because swift-corelibs-foundation passes libxml2's through while its own
/// `ErrorCode` cases carry other values.
enum XMLParserFailure {
  /// What went wrong, as a phrase that completes "The file is not well-formed XML: …", with
  /// the column where the parser stopped.
  static func phrase(for error: (any Error)?, column: Int) -> String {
    guard let error else { return "it has no root element" }
    let code = (error as NSError).code
    let what =
      switch code {
      case 4: "the document is empty"
      case 5: "the document does not end with its root element (it is cut short, or more follows)"
      case 9: "it holds a character XML does not allow"
      case 23, 26: "it refers to an entity that is not one of XML's own"
      case 32: "its encoding is not UTF-8"
      case 38: "an attribute's value holds a '<'"
      case 39, 40, 41, 75: "an attribute is not written name=\"value\""
      case 42: "an element gives one attribute twice"
      case 68: "a tag has no name"
      case 73, 77: "a tag is not finished with '>'"
      case 74, 76: "an element is closed with another element's name"
      case 85: "its elements are not closed in the order they were opened"
      case 86: "content follows the document's root element"
      default: "the XML parser stopped there (its error \(code))"
      }
    return column > 0 ? "\(what), at column \(column)" : what
  }
}
