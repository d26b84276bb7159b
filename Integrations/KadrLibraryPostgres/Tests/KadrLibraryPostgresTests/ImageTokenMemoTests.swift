import Foundation
import KadrPersistence
import Testing

@testable import KadrLibraryPostgres

/// The live session's memo of picture tokens: by picture object, and only while something
/// other than the memo holds the picture.
@Suite("Live session: the memo of picture tokens")
struct ImageTokenMemoTests {
  static func picture(_ shade: Int) -> PlatformImage {
    PlatformImage.solidColor(
      PlatformColor(red: Double(shade % 256) / 255, green: 0, blue: 0), width: 2)
  }

  @Test func aPictureIsKnownByItselfNotByItsBytes() {
    let memo = ImageTokenMemo()
    let kept = Self.picture(1)
    memo.remember(kept, as: "pg:one.png")
    #expect(memo.token(of: kept) == "pg:one.png")
    let twin = Self.picture(1)
    #expect(twin == kept, "equal bytes")
    #expect(memo.token(of: twin) == nil, "another object is not taken for it")
  }

  @Test func picturesNothingElseHoldsGoWhenTheMemoHasDoubled() {
    let memo = ImageTokenMemo()
    let kept = (0..<10).map { Self.picture($0) }
    for (index, picture) in kept.enumerated() { memo.remember(picture, as: "pg:kept\(index)") }
    // Fifty-four more that only the memo holds: the sixty-fourth entry prunes them, all but
    // itself (its caller holds it while it is remembered).
    for index in 0..<54 { memo.remember(Self.picture(100 + index), as: "pg:gone\(index)") }
    #expect(memo.count == 11, "fifty-three held by nothing else went")
    for (index, picture) in kept.enumerated() {
      #expect(memo.token(of: picture) == "pg:kept\(index)")
    }
    // The next prune waits until the memo has doubled again (at least 64 entries).
    for index in 0..<50 { memo.remember(Self.picture(200 + index), as: "pg:later\(index)") }
    #expect(memo.count == 61)
  }
}

/// An image store that counts its reads.
private final class CountingStore: ImageStore, @unchecked Sendable {
  private let lock = NSLock()
  private var reads = 0
  let picture: PlatformImage
  init(_ picture: PlatformImage) { self.picture = picture }
  var count: Int { lock.withLock { reads } }
  func token(for image: PlatformImage) throws -> String { "pg:counted.png" }
  func image(for token: String) throws -> PlatformImage {
    lock.withLock { reads += 1 }
    guard token == "pg:counted.png" else { throw PersistenceError.imageUnresolvable(token: token) }
    return picture
  }
}

@Suite("Live session: reading pictures")
struct LiveImagesTests {
  /// Reading the composition again (whole, for an edit of an overlay) does not read its
  /// pictures from the server again, nor ask again for one the store could not give.
  @Test func aPictureIsReadFromTheStoreOnce() throws {
    let store = CountingStore(ImageTokenMemoTests.picture(3))
    let images = LiveImages(store, placeholders: UnresolvedImageStore(), memo: ImageTokenMemo())
    let first = try images.image(for: "pg:counted.png")
    for _ in 0..<5 { #expect(try images.image(for: "pg:counted.png") === first) }
    #expect(store.count == 1)
    #expect(try images.token(for: first) == "pg:counted.png")
    let missing = try images.image(for: "pg:missing.png")
    #expect(try images.image(for: "pg:missing.png") === missing)
    #expect(store.count == 2, "a picture the store could not give is not asked for again")
    #expect(try images.token(for: missing) == "pg:missing.png", "it saves back as its token")
    #expect(images.unresolvedTokens == ["pg:missing.png"])
    #expect(missing.pixelWidth == 1)
  }
}
