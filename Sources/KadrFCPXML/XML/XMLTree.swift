import Foundation

/// One element of an XML document: its name, attributes in the order written, children and
/// text. The exporter builds these and writes them with ``XMLTree/data(root:doctype:)``; the
/// importer's reader produces them.
struct XMLTree: Sendable, Hashable {
  /// The element's name.
  var name: String
  /// Its attributes, in document order (the writer keeps this order, so output is stable).
  var attributes: [(name: String, value: String)]
  /// Its child elements, in order.
  var children: [XMLTree]
  /// The text directly inside it (concatenated; only text-bearing elements keep it).
  var text: String
  /// The line it starts on in the file it was read from (0 for built elements).
  var line: Int

  init(
    _ name: String, _ attributes: [(name: String, value: String)] = [],
    children: [XMLTree] = [], text: String = "", line: Int = 0
  ) {
    self.name = name
    self.attributes = attributes
    self.children = children
    self.text = text
    self.line = line
  }

  /// The value of attribute `name`, if present.
  subscript(_ name: String) -> String? {
    attributes.first { $0.name == name }?.value
  }

  /// The children named `name`.
  func children(named name: String) -> [XMLTree] { children.filter { $0.name == name } }

  /// The first child named `name`.
  func child(named name: String) -> XMLTree? { children.first { $0.name == name } }

  static func == (lhs: XMLTree, rhs: XMLTree) -> Bool {
    lhs.name == rhs.name && lhs.children == rhs.children && lhs.text == rhs.text
      && lhs.attributes.map(\.name) == rhs.attributes.map(\.name)
      && lhs.attributes.map(\.value) == rhs.attributes.map(\.value)
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(children)
    hasher.combine(text)
    for attribute in attributes {
      hasher.combine(attribute.name)
      hasher.combine(attribute.value)
    }
  }

  // MARK: Writing

  /// The UTF-8 bytes of a document with `root` as its element: an XML declaration, the
  /// document type declaration `doctype` names (no internal subset), and the elements indented
  /// by four spaces, one per line; an element with text keeps it on its line.
  static func data(root: XMLTree, doctype: String) -> Data {
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE \(doctype)>\n\n"
    root.write(into: &out, depth: 0)
    return Data(out.utf8)
  }

  private func write(into out: inout String, depth: Int) {
    let indent = String(repeating: "    ", count: depth)
    out += indent + "<" + name
    for attribute in attributes {
      out += " " + attribute.name + "=\"" + Self.escaped(attribute.value, inAttribute: true) + "\""
    }
    if children.isEmpty && text.isEmpty {
      out += "/>\n"
      return
    }
    out += ">"
    if children.isEmpty {
      out += Self.escaped(text, inAttribute: false) + "</" + name + ">\n"
      return
    }
    // Mixed content (text and elements) is written on one line, so no whitespace is added to
    // the text.
    if !text.isEmpty {
      out += Self.escaped(text, inAttribute: false)
      for child in children { child.writeInline(into: &out) }
      out += "</" + name + ">\n"
      return
    }
    out += "\n"
    for child in children { child.write(into: &out, depth: depth + 1) }
    out += indent + "</" + name + ">\n"
  }

  private func writeInline(into out: inout String) {
    out += "<" + name
    for attribute in attributes {
      out += " " + attribute.name + "=\"" + Self.escaped(attribute.value, inAttribute: true) + "\""
    }
    if children.isEmpty && text.isEmpty {
      out += "/>"
      return
    }
    out += ">" + Self.escaped(text, inAttribute: false)
    for child in children { child.writeInline(into: &out) }
    out += "</" + name + ">"
  }

  /// `text` with the characters XML gives meaning escaped; in an attribute, also quotes and the
  /// whitespace a parser would otherwise normalise (tab, line feed, carriage return).
  static func escaped(_ text: String, inAttribute: Bool) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"" where inAttribute: out += "&quot;"
      case "\t" where inAttribute: out += "&#9;"
      case "\n" where inAttribute: out += "&#10;"
      case "\r": out += "&#13;"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// Whether every character of `text` may appear in an XML 1.0 document.
  static func isRepresentable(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy { scalar in
      switch scalar.value {
      case 0x9, 0xA, 0xD: true
      case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
      default: false
      }
    }
  }
}
