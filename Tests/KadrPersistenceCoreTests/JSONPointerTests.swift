import KadrPersistenceCore
import Testing

@Suite("JSON pointer")
struct JSONPointerTests {
  @Test(
    arguments: [
      (JSONPointer.root, ""),
      (["video", "clips", 3, "video", "_0", "trimRange"], "/video/clips/3/video/_0/trimRange"),
      (["a/b"], "/a~1b"),
      (["m~n"], "/m~0n"),
      (["~1"], "/~01"),
      (["/~"], "/~1~0"),
      ([""], "/"),
      (["", ""], "//"),
      (["日本 é", 0], "/日本 é/0"),
    ] as [(JSONPointer, String)])
  func writesRFC6901Text(pointer: JSONPointer, text: String) throws {
    #expect(pointer.description == text)
    #expect(try JSONPointer(parsing: text) == pointer)
    #expect(try JSONPointer(parsing: text).description == text)
  }

  @Test func buildsByAppendingWithoutChangingThePrefix() {
    let clips = JSONPointer.root.appending(key: "video").appending(key: "clips")
    let third = clips.appending(index: 3)
    let trim = third.appending(key: "trimRange")
    #expect(clips.description == "/video/clips")
    #expect(third.description == "/video/clips/3")
    #expect(trim.description == "/video/clips/3/trimRange")
    #expect(trim.components == [.key("video"), .key("clips"), .index(3), .key("trimRange")])
    #expect(trim.count == 4)
    #expect(trim.parent == third)
    #expect(trim.lastComponent == .key("trimRange"))
    #expect(JSONPointer.root.isRoot && !trim.isRoot)
    #expect(JSONPointer.root.parent == .root)
  }

  @Test func releasesAMillionComponentsWithoutExhaustingTheStack() {
    var pointer = JSONPointer.root
    for index in 0..<1_000_000 { pointer = pointer.appending(index: index % 10) }
    let shorter = pointer.parent.parent
    #expect(pointer.count == 1_000_000)
    pointer = .root  // Releases the last two links only: `shorter` still holds the rest.
    #expect(shorter.count == 999_998)
    #expect(shorter.lastComponent == .index(7))
  }

  @Test func comparesByTextSoAKeyOfDigitsEqualsAnIndex() {
    let byKey = JSONPointer(["clips", .key("3")])
    let byIndex: JSONPointer = ["clips", 3]
    #expect(byKey == byIndex)
    #expect(byKey.hashValue == byIndex.hashValue)
    #expect(Set([byKey, byIndex]).count == 1)
    #expect(JSONPointer(["clips", .key("03")]) != byIndex)
    #expect(JSONPointer(["clips"]) != byIndex)
    #expect(JSONPointer(["a", "b"]) != JSONPointer(["b", "a"]))
  }

  @Test(arguments: [
    ("/0", JSONPointer.Component.index(0)), ("/12", .index(12)), ("/01", .key("01")),
    ("/-", .key("-")), ("/1a", .key("1a")), ("/-1", .key("-1")),
    ("/99999999999999999999999", .key("99999999999999999999999")),
  ])
  func parsesIndexSyntaxAsAnIndex(text: String, component: JSONPointer.Component) throws {
    #expect(try JSONPointer(parsing: text).components == [component])
  }

  @Test(arguments: [
    ("video", JSONPointer.ParseError.missingLeadingSlash("video")),
    ("/a~2", .invalidEscape("/a~2", offset: 2)),
    ("/a~", .invalidEscape("/a~", offset: 2)),
    ("/~/", .invalidEscape("/~/", offset: 1)),
  ])
  func refusesMalformedText(text: String, error: JSONPointer.ParseError) {
    #expect(throws: error) { try JSONPointer(parsing: text) }
    #expect(error.errorDescription?.contains(text) == true)
  }
}
