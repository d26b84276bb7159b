import Foundation
import KadrFCPXML
import LoopbackHTTP
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Untrusted XML: each attack is refused in bounded time, before a parser builds it, and no
/// file or network location it names is ever read.
@Suite("FCPXML hostile input", .timeLimit(.minutes(1)))
struct HostileXMLTests {
  /// A minimal valid document body after `prolog`.
  static func document(prolog: String, body: String = "") -> Data {
    Data(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      \(prolog)
      <fcpxml version="1.10"><library><event><project name="p"><sequence format="r1" \
      duration="1s"><spine>\(body)</spine></sequence></project></event></library></fcpxml>
      """.utf8)
  }

  /// The reason `data` is refused with, and how long refusing took.
  static func refusal(_ data: Data, limits: FCPXMLReadingLimits = .init()) -> (
    FCPXMLError.Reason?, Duration
  ) {
    let clock = ContinuousClock()
    let start = clock.now
    do {
      _ = try FCPXMLImporter(limits: limits).importProject(from: data)
      return (nil, clock.now - start)
    } catch let error as FCPXMLError {
      return (error.reason, clock.now - start)
    } catch {
      return (nil, clock.now - start)
    }
  }

  @Test func refusesAnEntityBomb() {
    var entities = "<!ENTITY lol \"lol\">"
    for level in 1...9 {
      let previous = level == 1 ? "lol" : "lol\(level - 1)"
      entities += "<!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">"
    }
    let data = Self.document(
      prolog: "<!DOCTYPE fcpxml [\(entities)]>", body: "<gap name=\"&lol9;\" duration=\"1s\"/>")
    let (reason, elapsed) = Self.refusal(data)
    guard case .unsafeDeclaration? = reason else {
      Issue.record("not refused as unsafe: \(String(describing: reason))")
      return
    }
    #expect(elapsed < .seconds(2))
  }

  @Test func refusesAnEntityBombInAnotherEncoding() {
    // In UTF-16 the bytes of "<!DOCTYPE" are not ASCII: the document is refused as not UTF-8
    // before a parser could decode it and expand its entities.
    var entities = "<!ENTITY a \"aaaaaaaaaa\">"
    for level in 1...9 {
      entities +=
        "<!ENTITY a\(level) \""
        + String(repeating: "&a\(level == 1 ? "" : "\(level - 1)");", count: 10) + "\">"
    }
    let text = String(
      decoding: Self.document(
        prolog: "<!DOCTYPE fcpxml [\(entities)]>", body: "<gap name=\"&a9;\" duration=\"1s\"/>"),
      as: UTF8.self
    ).replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding=\"UTF-16\"")
    for data in [
      Data([0xFF, 0xFE]) + (text.data(using: .utf16LittleEndian) ?? Data()),
      Data(text.utf8),
    ] {
      let (reason, elapsed) = Self.refusal(data)
      switch reason {
      case .malformed?, .unsafeDeclaration?: break
      default: Issue.record("not refused: \(String(describing: reason))")
      }
      #expect(elapsed < .seconds(2))
    }
  }

  @Test func refusesAnExternalEntityNamingALocalFileWithoutOpeningIt() throws {
    // A FIFO with no writer: anything that opens it for reading blocks, so the test finishing
    // proves it was never opened.
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "kadr-fcpxml-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let fifo = directory.appendingPathComponent("secret")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    for prolog in [
      "<!DOCTYPE fcpxml [<!ENTITY xxe SYSTEM \"\(fifo.absoluteString)\">]>",
      "<!DOCTYPE fcpxml SYSTEM \"\(fifo.absoluteString)\">",
      "<!DOCTYPE fcpxml PUBLIC \"-//x//y\" \"\(fifo.path)\">",
    ] {
      let (reason, _) = Self.refusal(
        Self.document(prolog: prolog, body: "<gap name=\"&xxe;\" duration=\"1s\"/>"))
      guard case .unsafeDeclaration? = reason else {
        Issue.record("\(prolog): not refused as unsafe: \(String(describing: reason))")
        continue
      }
    }
  }

  @Test func refusesAnExternalEntityNamingAURLWithoutFetchingIt() throws {
    let server = try LoopbackHTTPServer { _ in
      .bytes(status: 200, headers: [:], body: Data("<!ENTITY x \"pwned\">".utf8))
    }
    defer { server.stop() }
    for prolog in [
      "<!DOCTYPE fcpxml [<!ENTITY xxe SYSTEM \"\(server.baseURL)/entity\">]>",
      "<!DOCTYPE fcpxml SYSTEM \"\(server.baseURL)/fcpxml.dtd\">",
      "<!DOCTYPE fcpxml [<!ENTITY % remote SYSTEM \"\(server.baseURL)/p\"> %remote;]>",
    ] {
      let (reason, _) = Self.refusal(
        Self.document(prolog: prolog, body: "<gap name=\"&xxe;\" duration=\"1s\"/>"))
      guard case .unsafeDeclaration? = reason else {
        Issue.record("\(prolog): not refused as unsafe: \(String(describing: reason))")
        continue
      }
    }
    #expect(server.paths.isEmpty, "requested: \(server.paths)")
  }

  @Test func refusesAnUndeclaredEntity() {
    // FoundationXML asks its delegate to resolve an undeclared entity; the reader refuses.
    let (reason, _) = Self.refusal(
      Self.document(prolog: "<!DOCTYPE fcpxml>", body: "<gap name=\"&xxe;\" duration=\"1s\"/>"))
    switch reason {
    case .unsafeDeclaration?, .malformed?: break
    default: Issue.record("not refused: \(String(describing: reason))")
    }
  }

  @Test func refusesAHundredThousandNestedElements() {
    let depth = 100_000
    let body =
      String(repeating: "<spine>", count: depth) + String(repeating: "</spine>", count: depth)
    let (reason, elapsed) = Self.refusal(Self.document(prolog: "", body: body))
    #expect(reason == .limitExceeded(limit: "nesting depth", value: 128))
    #expect(elapsed < .seconds(2))
  }

  @Test func refusesASixtyFourMegabyteAttribute() {
    let value = String(repeating: "A", count: 64 << 20)
    let (reason, elapsed) = Self.refusal(
      Self.document(prolog: "", body: "<gap name=\"\(value)\" duration=\"1s\"/>"))
    #expect(reason == .limitExceeded(limit: "attribute length (bytes)", value: 1 << 20))
    #expect(elapsed < .seconds(5))
  }

  @Test func refusesCompoundClipsThatMultiplyLikeAnEntityBomb() {
    // Media m0 uses m1 ten times, m1 uses m2 ten times, … : 10^11 clips from 150 elements,
    // every one of them inside the part of its compound that plays (connected at its start).
    var resources = "<format id=\"r1\" frameDuration=\"1/25s\" width=\"1\" height=\"1\"/>"
    for level in 0..<12 {
      let copies = (1...10).map {
        "<ref-clip ref=\"m\(level + 1)\" lane=\"\($0)\" offset=\"0s\" duration=\"1s\"/>"
      }
      let inner =
        level == 11
        ? "<gap duration=\"1s\"/>"
        : "<gap duration=\"1s\">" + copies.joined() + "</gap>"
      resources +=
        "<media id=\"m\(level)\"><sequence format=\"r1\"><spine>\(inner)</spine></sequence></media>"
    }
    let data = Data(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <fcpxml version="1.10"><resources>\(resources)</resources><library><event><project \
      name="p"><sequence format="r1" duration="1s"><spine><ref-clip ref="m0" duration="1s"/>\
      </spine></sequence></project></event></library></fcpxml>
      """.utf8)
    let (reason, elapsed) = Self.refusal(data)
    guard case .limitExceeded(let limit, _)? = reason else {
      Issue.record("not refused: \(String(describing: reason))")
      return
    }
    #expect(limit.contains("compound"))
    #expect(elapsed < .seconds(20))
  }

  @Test func refusesTooManyElements() {
    let body = String(repeating: "<gap duration=\"1s\"/>", count: 1_000)
    let (reason, _) = Self.refusal(
      Self.document(prolog: "", body: body), limits: FCPXMLReadingLimits(maximumElements: 500))
    #expect(reason == .limitExceeded(limit: "element count", value: 500))
  }

  @Test func refusesALargeFile() {
    let (reason, _) = Self.refusal(
      Self.document(prolog: ""), limits: FCPXMLReadingLimits(maximumBytes: 100))
    #expect(reason == .limitExceeded(limit: "file size (bytes)", value: 100))
  }

  @Test func acceptsFinalCutProsOwnDocumentType() throws {
    let data = Data(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE fcpxml>
      <fcpxml version="1.9"><resources><format id="r1" frameDuration="1/25s" width="1920" \
      height="1080"/></resources><library><event><project name="p"><sequence format="r1" \
      duration="1s"><spine><gap name="Gap" offset="0s" duration="1s"/></spine></sequence>\
      </project></event></library></fcpxml>
      """.utf8)
    let imported = try FCPXMLImporter().importProject(from: data)
    #expect(imported.video.clips.count == 1)
  }

  @Test func saysWhatIsWrongAndHowToFixIt() {
    let error = FCPXMLError(.unsafeDeclaration("an internal subset ([...])"), line: 2)
    let text = error.errorDescription ?? ""
    #expect(text.contains("line 2"))
    #expect(text.contains("Refused a document type declaration with an internal subset"))
    #expect(text.contains("export it again from Final Cut Pro"))
  }
}
