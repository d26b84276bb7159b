import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Reads untrusted XML into an ``XMLTree`` with the platform's parser, after
/// ``XMLPreflight`` has refused DTDs and entities and checked the limits.
///
/// External entities stay off (`shouldResolveExternalEntities = false`); the limits are checked
/// again as elements arrive, so nothing past them is ever built.
struct XMLTreeReader {
  let limits: FCPXMLReadingLimits

  /// The document's root element.
  ///
  /// - Throws: `FCPXMLError` for unsafe declarations, limits and malformed XML.
  func read(_ data: Data) throws(FCPXMLError) -> XMLTree {
    try XMLPreflight(limits: limits).check(data)
    // Fed from a stream, the parser reads the document in chunks. Given the bytes whole,
    // FoundationXML's parser fails every document over 10,000,000 bytes (libxml2's own input
    // limit), whatever it holds; the package's limits (``FCPXMLReadingLimits``, checked above)
    // are meant to be the only ones.
    let parser = XMLParser(stream: InputStream(data: data))
    parser.shouldResolveExternalEntities = false
    parser.shouldProcessNamespaces = false
    parser.shouldReportNamespacePrefixes = false
    let builder = TreeBuilder(limits: limits)
    parser.delegate = builder
    let parsed = parser.parse()
    if let failure = builder.failure { throw failure }
    guard parsed, let root = builder.root else {
      let message = XMLParserFailure.phrase(for: parser.parserError, column: parser.columnNumber)
      throw FCPXMLError(.malformed(message), line: parser.lineNumber)
    }
    return root
  }
}

/// The parser's delegate: a stack of open elements. Only used on the thread that parses.
private final class TreeBuilder: NSObject, XMLParserDelegate {
  let limits: FCPXMLReadingLimits
  var stack: [XMLTree] = []
  var root: XMLTree?
  var failure: FCPXMLError?
  var elements = 0

  init(limits: FCPXMLReadingLimits) {
    self.limits = limits
  }

  func fail(_ error: FCPXMLError, _ parser: XMLParser) {
    if failure == nil { failure = error }
    parser.abortParsing()
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
  ) {
    guard failure == nil else { return }
    elements += 1
    if elements > limits.maximumElements {
      fail(
        FCPXMLError(
          .limitExceeded(limit: "element count", value: limits.maximumElements),
          line: parser.lineNumber), parser)
      return
    }
    if stack.count >= limits.maximumDepth {
      fail(
        FCPXMLError(
          .limitExceeded(limit: "nesting depth", value: limits.maximumDepth),
          line: parser.lineNumber), parser)
      return
    }
    // Attributes arrive as a dictionary: sorted, so the tree is the same on every platform.
    let attributes = attributeDict.sorted { $0.key < $1.key }.map {
      (name: $0.key, value: $0.value)
    }
    stack.append(XMLTree(elementName, attributes, line: parser.lineNumber))
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
    qualifiedName qName: String?
  ) {
    guard failure == nil, let element = stack.popLast() else { return }
    if stack.isEmpty {
      root = element
    } else {
      stack[stack.count - 1].children.append(element)
    }
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    guard failure == nil, !stack.isEmpty else { return }
    // Whitespace between elements is not kept; text-bearing elements keep all of theirs.
    if stack[stack.count - 1].text.isEmpty
      && string.allSatisfy({ $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r\n" })
    {
      return
    }
    stack[stack.count - 1].text += string
    if stack[stack.count - 1].text.utf8.count > limits.maximumValueBytes {
      fail(
        FCPXMLError(
          .limitExceeded(limit: "text length (bytes)", value: limits.maximumValueBytes),
          line: parser.lineNumber), parser)
    }
  }

  func parser(_ parser: XMLParser, foundCDATA cdataBlock: Data) {
    self.parser(parser, foundCharacters: String(decoding: cdataBlock, as: UTF8.self))
  }

  func parser(
    _ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?
  ) {
    fail(FCPXMLError(.unsafeDeclaration("an entity declaration"), line: parser.lineNumber), parser)
  }

  func parser(
    _ parser: XMLParser, foundExternalEntityDeclarationWithName name: String, publicID: String?,
    systemID: String?
  ) {
    fail(FCPXMLError(.unsafeDeclaration("an external entity"), line: parser.lineNumber), parser)
  }

  func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?)
    -> Data?
  {
    fail(FCPXMLError(.unsafeDeclaration("an external entity"), line: parser.lineNumber), parser)
    return nil
  }
}
