import Foundation
import KadrPersistence
import Testing

/// Error handling written the way apps write it (and the original kadr-persistence's README
/// shows): this target imports only the public products and builds with warnings as errors.
@Suite("Errors, as apps handle them")
struct ErrorHandlingTests {
  private let clip = VideoClip(url: URL(fileURLWithPath: "/media/hero.mov"))
  private let curve = Animation<Double>.keyframes(
    [.at(0, value: 0), .at(1, value: 1)], timing: .custom { $0 * $0 })

  @Test func lossyContentIsMatchedOnTheErrorItself() throws {
    let video = Video { clip.id("hero").compositor { frame, _ in frame } }
    do {
      _ = try KadrCoding.data(for: video)
      Issue.record("saving a compositor was not refused")
    } catch let error as PersistenceError {
      guard case .lossyContent(let items) = error else {
        Issue.record("expected lossyContent, got \(error)")
        return
      }
      #expect(items.count == 1)
      #expect(items[0].kind == .compositor)
      #expect(items[0].location.contains("hero"))
      #expect(error.recoverySuggestion != nil)
    }
  }

  /// The package page's example: `localizedDescription` is the person's sentence, with no
  /// pointer and no package or type name; the developer's detail is in `failureReason`.
  @Test func theLocalizedDescriptionIsThePersonsSentence() throws {
    let video = Video { clip.id("hero").compositor { frame, _ in frame } }
    let error = try #require(throws: PersistenceError.self) { try KadrCoding.data(for: video) }
    // The original package's page, word for word.
    #expect(
      error.localizedDescription
        == "A custom compositor on clip “hero” can't be saved — it's code, not data.")
    for jargon in ["/video", "kadr", "Kadr", "PersistenceError", "model kind", "codec"] {
      #expect(!error.localizedDescription.contains(jargon), "\(jargon)")
    }
    let developer = try #require(error.failureReason)
    #expect(developer.contains("/video/clips/0"))
    // print(error) gives each pointer once.
    let printed = String(describing: error)
    #expect(printed.components(separatedBy: "/video/clips/0").count == 2, "\(printed)")
  }

  @Test func theOriginalsLossKindsAreTheNamesToMatch() {
    let video = Video {
      clip.id("fader").opacity(1, animation: curve)
      ImageClip(PlatformImage.solidColor(.red), duration: 2).id("photo")
    }
    let lost: [Lossy] = KadrCoding.lossyContent(in: video)
    #expect(lost.map(\.kind) == [.customTimingFunction, .image])
    #expect(lost.first { $0.kind == .image }?.location.contains("photo") == true)
  }

  @Test func lossesHaveASentenceForTheUser() throws {
    let video = Video {
      VideoClip(url: URL(fileURLWithPath: "/media/a.mov"))
      clip.compositor { frame, _ in frame }
    }
    let error = #expect(throws: PersistenceError.self) { try KadrCoding.data(for: video) }
    let sentences = (error?.losses ?? []).map(\.describedForUser)
    #expect(sentences.count == 1)
    let sentence = try #require(sentences.first)
    // The second clip, as an ordinal, named by its file; no JSON pointer, no 0-based index.
    #expect(sentence.contains("the 2nd clip (video hero.mov)"), "\(sentence)")
    #expect(sentence.contains("hero.mov"))
    #expect(!sentence.contains("/video"))
    #expect(!sentence.contains("clips[1]"))
    #expect(sentence.hasSuffix("."))
  }

  @Test func savingWithLossAllowedWritesTheRest() throws {
    let video = Video { clip.id("hero").opacity(0.5).compositor { frame, _ in frame } }
    let data = try KadrCoding.data(for: video, allowingLoss: true)
    let reopened = try KadrCoding.video(from: data)
    let first = try #require(reopened.clips.first as? VideoClip)
    #expect(first.opacity == 0.5)
    #expect(first.compositors.isEmpty)
  }

  @Test func aReasonIsMatchedInOneLine() throws {
    let data = Data(#"{"schema":1,"video":{"clips":[]}}"#.utf8)
    let error = #expect(throws: PersistenceError.self) { try KadrCoding.video(from: data) }
    if case .missingField(let name) = error?.reason {
      #expect(["audioTracks", "captions", "overlays", "preset", "quality"].contains(name))
    } else {
      Issue.record("expected a missing field, got \(String(describing: error))")
    }
    #expect(error?.pointer?.description == "/video")
  }

  @Test func errorsAreEquatable() throws {
    let data = Data(#"{"schema":3,"video":{}}"#.utf8)
    #expect(throws: PersistenceError.unsupportedSchema(found: 3, supported: 2)) {
      try KadrCoding.video(from: data)
    }
    #expect(PersistenceError.malformed("x") != PersistenceError.malformed("y"))
  }

  @Test func aDocumentWithImagesAndNoStoreIsRefused() throws {
    let store = FrameStore()
    let video = Video { ImageClip(PlatformImage.solidColor(.blue), duration: 1) }
    let data = try KadrCoding.data(for: video, images: store)
    do {
      _ = try KadrCoding.video(from: data)
      Issue.record("opened without a store")
    } catch let error as PersistenceError {
      guard case .missingImageStore(let token) = error else {
        Issue.record("expected missingImageStore, got \(error)")
        return
      }
      #expect(token == "frames:1")
      // The original package's test: the person is told the project has images.
      #expect(error.errorDescription?.contains("images") == true, "\(error)")
    }
    // Carrying the tokens through is a choice made by name.
    let carried = try KadrCoding.video(from: data, images: UnresolvedImageStore())
    #expect(carried.clips.count == 1)
  }
}

/// An app's own image store with an error of its own, as apps write them.
final class FrameStore: ImageStore, @unchecked Sendable {
  // @unchecked Sendable: `images` is read and written only while `lock` is held.
  private let lock = NSLock()
  private var images: [String: PlatformImage] = [:]

  struct Failure: Error, TokenNamingError, CustomStringConvertible {
    var failedToken: String?
    var description: String { "the frame server has no frame \(failedToken ?? "?")" }
  }

  func token(for image: PlatformImage) throws -> String {
    lock.withLock {
      let token = "frames:\(images.count + 1)"
      images[token] = image
      return token
    }
  }

  func image(for token: String) throws -> PlatformImage {
    if token == "frames:broken" { throw PersistenceError.malformed("The frame list is damaged.") }
    guard let image = lock.withLock({ images[token] }) else { throw Failure(failedToken: token) }
    return image
  }
}

@Suite("Sentences for the end user")
struct UserSentenceTests {
  @Test func theErrorThatListsLossesHasASentenceForTheUser() {
    let clip = VideoClip(url: URL(fileURLWithPath: "/private/var/mobile/Containers/a.mov"))
    let video = Video {
      clip.id("intro").compositor { frame, _ in frame }
      clip.compositor { frame, _ in frame }
    }
    let error = #expect(throws: PersistenceError.self) { try KadrCoding.data(for: video) }
    let sentence = error?.describedForUser ?? ""
    #expect(sentence.contains("clip “intro”"))
    #expect(sentence.contains("One more part cannot be saved either."))
    #expect(!sentence.contains("/video"))
    #expect(!sentence.contains("/private/var"))
  }

  @Test func everyOtherErrorHasOneToo() throws {
    let errors: [PersistenceError] = [
      .unsupportedSchema(found: 2, supported: 1), .migrationUnavailable(from: 0, to: 1),
      .missingImageStore(token: "file:a.png"), .imageUnresolvable(token: "file:a.png"),
      .imageNotEncodable, .malformed("x"), .unsupportedClip("C"),
      PersistenceError(.missingField("preset"), at: try JSONPointer(parsing: "/video")),
    ]
    for error in errors {
      let sentence = error.describedForUser
      #expect(sentence.hasSuffix("."), "\(error)")
      #expect(!sentence.contains("/video"), "\(error)")
      #expect(!sentence.contains("file:a.png"), "\(error)")
    }
  }
}

@Suite("Messages for the reader")
struct AudienceMessageTests {
  private let sepiaa = Data(
    (#"{"schema":1,"video":{"audioTracks":[],"captions":[],"clips":[{"video":{"_0":{"#
      + #""filterAnimations":[null],"filterIDs":["f"],"filters":[{"kind":"sepiaa","scalar":1}],"#
      + #""isMuted":false,"isReversed":false,"speedRate":1,"url":"file:\/\/\/a.mov","#
      + #""volumeLevel":1}}}],"overlays":[],"preset":{"kind":"auto"},"quality":{"kind":"automatic"}}}"#)
      .utf8)

  @Test func aMistypedKindGetsADidYouMean() throws {
    let error = #expect(throws: PersistenceError.self) { try KadrCoding.video(from: sepiaa) }
    #expect(error?.code == "unknownKind")
    #expect(error?.failureReason?.contains("Did you mean 'sepia'?") == true)
  }

  @Test func theCommandLineIsToldItsFlagsAndTheLibraryItsAPI() throws {
    let error = try #require(
      #expect(throws: PersistenceError.self) { try KadrCoding.video(from: sepiaa) })
    #expect(error.fix(for: .developer)?.contains("preservingUnknown") == true)
    #expect(error.fix(for: .commandLine)?.contains("--preserving-unknown") == true)
    // The sentence without the place, for a caller that prints the pointer itself.
    #expect(!error.sentence(for: .commandLine).contains("/video/clips"))
    #expect(error.failureReason?.contains("/video/clips/0/video/_0/filters/0") == true)
  }
}
