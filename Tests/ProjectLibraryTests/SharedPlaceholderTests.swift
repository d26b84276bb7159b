import Foundation
import KadrPersistence
import KadrProjectLibrary
import Testing

/// Placeholders for missing images: one per missing token, whatever the number of opens.
@Suite("Shared placeholders of missing images")
struct SharedPlaceholderTests {
  @Test func tenThousandOpensWithPlaceholdersKeepOnePlaceholder() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library()
    let video = Pictures.video("t", photos: [Pictures.red, Pictures.blue])
    let project = try library.create(name: "p", video: video, metadata: .init())
    let redToken = try library.images.token(for: Pictures.red)
    let original = try Data(contentsOf: project.documentFile)
    try EditorImagesTests.removeImage(redToken, from: library)

    var last: OpenedProject<EditorState>?
    for _ in 0..<10_000 {
      last = try library.open(project.id, missingImages: .placeholder)
      #expect(last?.unresolvedImageTokens == [redToken])
    }
    // One placeholder per missing token, however many opens handed it out (each open kept its
    // own store for the library's lifetime: 10,000 of them).
    #expect(library.keptPlaceholderCount == 1)
    // Any open's placeholder still saves back as its token.
    let opened = try #require(last)
    try library.save(opened.video, metadata: opened.metadata, for: project.id)
    #expect(try Data(contentsOf: project.documentFile) == original)
  }

  @Test func storesSharingATableEachListOnlyTheirOwnTokens() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let files = try FileImageStore(directory: directory.url)
    let table = UnresolvedImageStore()
    let first = FallbackImageStore(files, sharing: table)
    let second = FallbackImageStore(files, sharing: table)
    let a = try first.image(for: "file:a.png")
    _ = try second.image(for: "file:b.png")
    // The same token gives the same placeholder to every store over the table.
    #expect(try second.image(for: "file:a.png") === a)
    #expect(first.unresolvedTokens == ["file:a.png"])
    #expect(second.unresolvedTokens == ["file:a.png", "file:b.png"])
    #expect(table.unresolvedTokens == ["file:a.png", "file:b.png"])
    // Either store, or the table itself, saves a placeholder back under its token.
    #expect(try second.token(for: a) == "file:a.png")
    #expect(table.token(ofPlaceholder: a) == "file:a.png")
  }
}
