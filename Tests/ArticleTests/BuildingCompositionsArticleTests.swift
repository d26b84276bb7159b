import Foundation
import KadrPersistence
import Testing

/// "Building compositions", sample by sample.
@Suite("Article: Building compositions")
struct BuildingCompositionsArticleTests {
  @Test func imagesAreEncodedBytes() throws {
    let photoURL = FileManager.default.temporaryDirectory
      .appendingPathComponent("article-\(UUID().uuidString).png")
    try PlatformImage.solidColor(.white, width: 2, height: 2).data.write(to: photoURL)
    defer { try? FileManager.default.removeItem(at: photoURL) }

    let photo = try PlatformImage(data: Data(contentsOf: photoURL))
    let swatch = PlatformImage.solidColor(
      PlatformColor(red: 0.1, green: 0.4, blue: 0.9), width: 4, height: 4)

    let video = Video {
      ImageClip(photo, duration: 3)
      ImageClip(swatch, duration: 1)
    }
    let store = InMemoryImageStore()
    let data = try KadrCoding.data(for: video, images: store)

    let tokens = try KadrCoding.imageTokens(in: data)
    #expect(tokens.count == 2)
    let reopened = try KadrCoding.video(from: data, images: store)
    #expect(String(reflecting: reopened) == String(reflecting: video))
    #expect(throws: (any Error).self) { try PlatformImage(data: Data("not an image".utf8)) }
  }

  @Test func keyframesSaveCodeDoesNot() throws {
    let fadeIn = Animation<Double>.keyframes(
      [.at(0, value: 0), .at(1, value: 1)], timing: .easeInOut)
    let bounce = Animation<Double>.keyframes(
      [.at(0, value: 0), .at(1, value: 1)], timing: .custom { t in 1 - pow(1 - t, 3) })

    let animated = Video {
      TitleSequence("Saved whole", duration: 2).opacity(1, animation: fadeIn)
      TitleSequence("Loses its curve", duration: 2).opacity(1, animation: bounce)
    }
    let losses = KadrCoding.lossyContent(in: animated)

    #expect(losses.map(\.kind) == [.customTimingFunction])
    #expect(losses.first?.describedForUser.contains("Loses its curve") == true)
    #expect(throws: PersistenceError.self) { try KadrCoding.data(for: animated) }
    // With loss allowed, that animation is left out and the title keeps its base opacity; the
    // first title's animation is saved whole.
    let saved = try KadrCoding.data(for: animated, allowingLoss: true)
    let reopened = try KadrCoding.video(from: saved)
    let first = try #require(reopened.clips.first as? TitleSequence)
    let second = try #require(reopened.clips.last as? TitleSequence)
    #expect(first.opacityAnimation?.keyframes.count == 2)
    #expect(second.opacityAnimation == nil)
    #expect(second.opacity == 1)
  }

  @Test func stableFilterIdentitiesGiveReproducibleBytes() throws {
    let clip = VideoClip(url: URL(fileURLWithPath: "/media/a.mov"))
      .filter(.sepia(intensity: 0.4), id: "grade")
      .filter(.vignette(intensity: 0.6), id: "vignette")
    let first = try KadrCoding.data(for: Video { clip })
    let second = try KadrCoding.data(for: Video { clip })

    #expect(first == second)
    // The same code with drawn identities writes different bytes each time it runs.
    func drawn() throws -> Data {
      try KadrCoding.data(
        for: Video {
          VideoClip(url: URL(fileURLWithPath: "/media/a.mov")).filter(.sepia(intensity: 0.4))
        })
    }
    #expect(try drawn() != drawn())
    let rebuilt = VideoClip(url: URL(fileURLWithPath: "/media/a.mov"))
      .filter(.sepia(intensity: 0.4), id: "grade")
      .filter(.vignette(intensity: 0.6), id: "vignette")
    #expect(try KadrCoding.data(for: Video { rebuilt }) == first)
  }
}
