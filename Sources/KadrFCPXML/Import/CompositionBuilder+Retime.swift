import Foundation
import KadrModel

extension CompositionBuilder {
  /// A video clip whose time map is not one constant forward speed: played backwards at the
  /// constant speed of a decreasing two-point map, or along a speed curve of a map through
  /// several points — one constant speed between each two points, as FCPXML's linear map plays
  /// it (kadr's curve holds each speed between two keyframes at the same source times).
  mutating func retimedClip(
    url: URL, retime: StoryPieces.Retime, length: Time, muted: Bool, clipID: ClipID?,
    startTime: Time?, look: StoryPieces.Look, piece: Piece
  ) throws(FCPXMLError) -> VideoClip {
    let path = piece.path
    let localStart = retime.origin
    let localEnd = retime.origin + length
    let mediaAtStart = retime.media(at: localStart)
    let mediaAtEnd = retime.media(at: localEnd)
    var trim: TimeRange
    var isReversed = false
    var speedRate = 1.0
    var curve: Animation<Double>?
    if mediaAtEnd < mediaAtStart, retime.points.count == 2 {
      // Backwards at one speed: kadr plays the trim from its end.
      isReversed = true
      let first = retime.points[0]
      let last = retime.points[1]
      let rate = StoryReader.rate(media: first.value - last.value, over: last.time - first.time)
      let normal = StoryPieces.Rate.normal
      let mediaLength = mediaLength(playing: length, at: rate ?? normal, piece: piece)
      speedRate = (rate ?? normal).isNormal ? 1 : (rate ?? normal).value
      trim = TimeRange(start: Self.reduced(mediaAtStart - mediaLength), duration: mediaLength)
    } else {
      trim = TimeRange(
        start: Self.reduced(mediaAtStart), duration: Self.reduced(mediaAtEnd - mediaAtStart))
      var keys: [Animation<Double>.Keyframe] = []
      // Each segment's own ends: linear in the number of points.
      for index in retime.points.indices.dropLast() {
        let a = retime.points[index]
        let b = retime.points[index + 1]
        let from = Time.max(a.time, localStart)
        let to = Time.min(b.time, localEnd)
        guard to > from, b.time > a.time else { continue }
        let speed = (b.value - a.value).seconds / (b.time - a.time).seconds
        if !VideoClip.speedCurveRange.contains(speed) {
          items.append(
            FCPXMLImportReport.Item(
              kind: .timeMap, path: path,
              detail: "A speed of \(speed)× is played at kadr's nearest (0.25× to 4×).",
              subject: subject(of: piece)))
        }
        let sourceFrom = Self.reduced(retime.media(at: from, onSegment: index) - mediaAtStart)
        let sourceTo = Self.reduced(retime.media(at: to, onSegment: index) - mediaAtStart)
        guard sourceFrom.isValid, sourceTo.isValid else {
          throw FCPXMLError(
            .invalidValue(attribute: "timeMap", value: "(a media time overflows)"), path: path)
        }
        keys.append(.init(time: sourceFrom, value: speed))
        keys.append(.init(time: sourceTo, value: speed))
      }
      curve = Animation.keyframes(keys)
    }
    guard trim.start.isValid, trim.duration.isValid else {
      throw FCPXMLError(.invalidValue(attribute: "timeMap", value: "(overflows)"), path: path)
    }
    return VideoClip(
      url: url, trimRange: trim, isReversed: isReversed, isMuted: muted,
      volumeLevel: look.volume.level, speedRate: speedRate, speedCurve: curve, clipID: clipID,
      startTime: startTime, transform: look.transform,
      transformAnimation: look.relative(look.transformKeys), opacity: look.opacity,
      opacityAnimation: look.relative(look.opacityKeys))
  }
}
