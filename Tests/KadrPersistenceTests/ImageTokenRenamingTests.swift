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
}
