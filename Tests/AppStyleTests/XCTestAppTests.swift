import Foundation
import KadrPersistence
import XCTest

/// An app's XCTest target, as most apps still write theirs: saving, opening and editing from
/// `XCTestCase`, with nothing but the public products. (`swift test` also runs XCTest, which
/// printed "Executed 0 tests" twice when the package had none.)
final class XCTestAppTests: XCTestCase {
  func testASavedProjectOpensAsItWas() throws {
    let video = Video {
      TitleSequence("Opening", duration: 2).id("title")
      Transition.dissolve(duration: 0.5)
      VideoClip(url: URL(fileURLWithPath: "/media/hero.mov")).id("hero").trimmed(to: 1...4)
    }
    let data = try KadrCoding.data(for: video)
    let reopened = try KadrCoding.video(from: data)
    XCTAssertEqual(String(reflecting: reopened), String(reflecting: video))
    XCTAssertEqual(try KadrCoding.data(for: reopened), data)
  }

  func testAnEditOfAMissingClipThrowsAndChangesNothing() throws {
    let video = Video { TitleSequence("Only", duration: 1).id("only") }
    XCTAssertThrowsError(try video.removingClip(id: "gone")) { error in
      XCTAssertEqual((error as? TimelineEditError)?.code, .clipNotFound)
    }
    let edited = try video.updatingClip(id: "only", as: TitleSequence.self) { _ in
      TitleSequence("Renamed", duration: 3).id("only")
    }
    XCTAssertEqual(edited.duration, Time(seconds: 3))
    XCTAssertEqual(video.duration, Time(seconds: 1))
  }
}
