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
