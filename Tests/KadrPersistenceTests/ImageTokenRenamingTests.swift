import Foundation
import KadrPersistence
import Testing

/// Renaming a document's image tokens in its tree gives what decoding it and saving it again
/// with the renamed tokens gives, byte for byte.
@Suite("Renaming image tokens")
struct ImageTokenRenamingTests {
  static let red = PlatformImage.solidColor(PlatformColor(red: 1, green: 0, blue: 0), width: 2)
  static let blue = PlatformImage.solidColor(PlatformColor(red: 0, green: 0, blue: 1), width: 2)

  @Test func renamingInTheTreeEqualsSavingAgain() throws {
    let store = InMemoryImageStore()
    let video = Video {
      ImageClip(Self.red, duration: 1)
      Track { ImageClip(Self.blue, duration: 1) }
      TitleSequence("no image", duration: 1)
    }
    .overlay(ImageOverlay(Self.blue))
    let data = try KadrCoding.data(for: video, images: store)
    let coder = KadrCoder()
    let document = try coder.readJSON(data)
    let tokens = coder.imageTokens(in: document)
    #expect(tokens.count == 2)
    let renames = Dictionary(
      uniqueKeysWithValues: tokens.enumerated().map { ($1, "file:\($0).png") })

    let renamed = try coder.replacingImageTokens(in: document, renames).data()

    // The same composition saved with a store that hands out the new names.
    let opened = try coder.video(from: data, images: store)
    let renaming = InMemoryImageStore()
    for (old, new) in renames { renaming.insert(try store.image(for: old), token: new) }
    let saved = try coder.data(for: opened, images: renaming)
    #expect(renamed == saved)
    #expect(try coder.imageTokens(in: renamed) == tokens.map { renames[$0] ?? "" })
    // A token it does not name, and every other value, stay.
    let partial = try coder.replacingImageTokens(in: document, [tokens[0]: "file:x.png"]).data()
    #expect(try coder.imageTokens(in: partial) == ["file:x.png", tokens[1]])
    #expect(try coder.replacingImageTokens(in: document, [:]).data() == data)
  }

  /// The rename a package import and export make: the tokens found on the reader's tape (as
  /// in a tree), renamed in the document's bytes, give the tree's bytes.
  @Test func renamingInTheBytesEqualsRenamingInTheTree() throws {
    let store = InMemoryImageStore()
    let video = Video {
      ImageClip(Self.red, duration: 1)
      Track {
        ImageClip(Self.blue, duration: 1)
        ImageClip(Self.red, duration: 2)
      }
      TitleSequence("a \"quoted\" \\ title", duration: 1)
    }
    .overlay(ImageOverlay(Self.blue))
    let data = try KadrCoding.data(for: video, images: store)
    let coder = KadrCoder()
    let tokens = try coder.imageTokens(in: data)
    #expect(tokens == coder.imageTokens(in: try coder.readJSON(data)))
    #expect(tokens.count == 2)
    let tree = { (renames: [String: String]) in
      try coder.replacingImageTokens(in: coder.readJSON(data), renames).data()
    }
    for renames in [
      [tokens[0]: "file:0.png", tokens[1]: "file:1.png"],
      // Escaped in the document (`\/`, `\"`), and longer than the token they replace.
      [tokens[0]: "https://example.com/a b/é.png", tokens[1]: "s3://bucket/x\"y\\z.png"],
      [tokens[0]: tokens[0], tokens[1]: "file:1.png"],
    ] {
      let bytes = try #require(try coder.renamingImageTokens(inBytes: data, renames))
      #expect(bytes == (try tree(renames)))
      #expect(try coder.imageTokens(in: bytes) == tokens.map { renames[$0] ?? "" })
    }
    // Written by another tool, with whitespace: the bytes are kept as they are, tokens renamed.
    let pretty = try JSONSerialization.data(
      withJSONObject: JSONSerialization.jsonObject(with: data), options: [.prettyPrinted])
    let renames = [tokens[0]: "file:0.png", tokens[1]: "file:1.png"]
    let prettyRenamed = try #require(try coder.renamingImageTokens(inBytes: pretty, renames))
    #expect(prettyRenamed.count > data.count)
    #expect(
      try coder.readJSON(prettyRenamed)
        == coder.replacingImageTokens(in: coder.readJSON(pretty), renames))
    let unchanged = Dictionary(uniqueKeysWithValues: tokens.map { ($0, $0) })
    #expect(try coder.renamingImageTokens(inBytes: data, unchanged) == data)
    #expect(throws: PersistenceError.self) {
      _ = try coder.renamingImageTokens(inBytes: data, [tokens[0]: "file:0.png"])
    }
  }

  /// A title that reads exactly like an image's token: its bytes are the same string, so only
  /// the tree can tell the two apart, and the byte rename says so rather than rename the title.
  @Test func aTitleThatReadsLikeATokenIsLeftToTheTree() throws {
    let store = InMemoryImageStore()
    let first = try KadrCoding.data(for: Video { ImageClip(Self.red, duration: 1) }, images: store)
    let token = try #require(try KadrCoding.imageTokens(in: first).first)
    let video = Video {
      ImageClip(Self.red, duration: 1)
      TitleSequence(token, duration: 1)
    }
    let data = try KadrCoding.data(for: video, images: store)
    let coder = KadrCoder()
    #expect(try coder.renamingImageTokens(inBytes: data, [token: "file:new.png"]) == nil)
    let renamed = try coder.replacingImageTokens(in: coder.readJSON(data), [token: "file:new.png"])
    let text = String(decoding: try renamed.data(), as: UTF8.self)
    #expect(text.contains("\"file:new.png\"") && text.contains("\"\(token)\""))
  }
}
