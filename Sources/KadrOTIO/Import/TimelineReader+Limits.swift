import Foundation
import KadrModel
import KadrPersistence

extension TimelineReader {
  /// The speeds kadr imports from a time warp: 1/1000 to 1000 times normal speed. Past them a
  /// clip's trim vanishes (a scalar of 1e-300 makes a 2 s trim 0) or explodes (1e300 makes it
  /// longer than any time), so such a scalar is reported and the clip plays at normal speed.
  static let speedRange = 0.001...1000.0

  /// Counts one clip (video, image, generated or audio) and refuses the one past
  /// ``OTIOImporter/maximumClipCount``.
  ///
  /// - Throws: `PersistenceError` with `limitExceeded` at the clip.
  mutating func countClip(at pointer: JSONPointer) throws(PersistenceError) {
    clipCount += 1
    guard clipCount <= maximumClipCount else {
      throw PersistenceError(
        .limitExceeded("The timeline holds more than \(maximumClipCount) clips"), at: pointer)
    }
  }

  /// `scalar`, or 1 after reporting it when its speed is outside ``speedRange``.
  mutating func supportedScalar(_ scalar: Double, at pointer: JSONPointer) -> Double {
    guard scalar != 0, !Self.speedRange.contains(abs(scalar)) else { return scalar }
    let effect = abs(scalar) < Self.speedRange.lowerBound ? "vanish" : "explode"
    report.add(
      .unsupportedTimeWarp, at: pointer,
      "A time scalar of \(scalar) would make the clip's trim \(effect) (kadr plays speeds from "
        + "\(Self.speedRange.lowerBound) to \(Int(Self.speedRange.upperBound))); the clip plays "
        + "at normal speed.")
    return 1
  }
}
