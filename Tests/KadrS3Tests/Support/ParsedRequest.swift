import Foundation

@testable import KadrS3

/// A request of the suite's `request.txt`: `METHOD target HTTP/1.1`, header lines (a line
/// starting with whitespace continues the one before), then a blank line and the body.
///
/// The target is what lies between the first and the last space of the request line, since the
/// suite's targets may hold spaces (`/example space/`) and raw UTF-8.
struct ParsedRequest {
  /// The request, for the signer.
  let request: SignableRequest
  /// The version at the end of the request line.
  let version: String

  /// Parses the bytes of a `request.txt`.
  init(_ data: Data) throws {
    let text = String(decoding: data, as: UTF8.self)
    let (head, body): (Substring, Substring)
    if let blank = text.range(of: "\n\n") {
      (head, body) = (text[..<blank.lowerBound], text[blank.upperBound...])
    } else {
      (head, body) = (text[...], "")
    }
    var lines = head.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last == "" { lines.removeLast() }
    guard let line = lines.first, let first = line.firstIndex(of: " "),
      let last = line.lastIndex(of: " "), first < last
    else { throw CocoaError(.coderReadCorrupt) }
    let target = line[line.index(after: first)..<last]
    version = String(line[line.index(after: last)...])
    var headers: [SignableRequest.Header] = []
    for line in lines.dropFirst() {
      if line.first == " " || line.first == "\t", let previous = headers.popLast() {
        headers.append(.init(previous.name, previous.value + "\n" + line))
      } else if let colon = line.firstIndex(of: ":") {
        headers.append(
          .init(String(line[..<colon]), String(line[line.index(after: colon)...])))
      } else {
        throw CocoaError(.coderReadCorrupt)
      }
    }
    let (path, query) =
      target.firstIndex(of: "?").map {
        (String(target[..<$0]), String(target[target.index(after: $0)...]))
      } ?? (String(target), "")
    request = SignableRequest(
      method: String(line[..<first]), path: path, query: query, headers: headers,
      body: Data(body.utf8))
  }

  /// The text of a signed request, as the suite writes it: the request line, `Name:value`
  /// lines, a blank line, the body.
  static func text(of request: SignableRequest, version: String) -> Data {
    var text = request.method + " " + request.path
    if !request.query.isEmpty { text += "?" + request.query }
    text += " " + version + "\n"
    for header in request.headers { text += header.name + ":" + header.value + "\n" }
    return Data((text + "\n").utf8) + request.body
  }
}
