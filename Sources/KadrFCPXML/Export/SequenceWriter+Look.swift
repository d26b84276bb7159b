import Foundation
import KadrModel

extension SequenceWriter {
  /// The sequence's frame, FCPXML's unit of position.
  var lookFrame: LookMapping.Frame {
    LookMapping.Frame(
      width: max(Double(video.preset.resolution.width), 1),
      height: max(Double(video.preset.resolution.height), 1))
  }

  /// A clip's `adjust-conform` (a video clip's), `adjust-transform` and `adjust-blend` (see
  /// ``LookMapping`` for the units).
  ///
  /// - Parameters:
  ///   - clip: The clip.
  ///   - origin: The clip's local time (FCPXML's) at its first frame in kadr, where its
  ///     clip-relative keyframe times count from.
  ///   - place: Where it is, for losses.
  mutating func visualAdjustments(_ clip: any Clip, origin: Time, at place: Place) -> [XMLTree] {
    // kadr fills the frame with a video clip's picture (cropping one of another shape); Final
    // Cut Pro fits it unless told otherwise.
    var adjustments: [XMLTree] =
      clip is VideoClip ? [XMLTree("adjust-conform", [("type", "fill")])] : []
    let transformNumbers =
      (clip.transform.map { [$0] } ?? []) + (clip.transformAnimation?.keyframes.map(\.value) ?? [])
    let opacityNumbers =
      (clip.opacity.map { [$0] } ?? []) + (clip.opacityAnimation?.keyframes.map(\.value) ?? [])
    guard transformNumbers.allSatisfy(Self.isFinite), opacityNumbers.allSatisfy(\.isFinite) else {
      lose("a transform or opacity that is not a finite number; left out", at: place)
      return adjustments
    }
    if clip.transform != nil || clip.transformAnimation != nil {
      let attributes = clip.transform.map { transformAttributes($0, at: place) } ?? []
      var params: [XMLTree] = []
      if let animation = clip.transformAnimation {
        params = transformParams(animation, origin: origin, at: place)
      }
      adjustments.append(XMLTree("adjust-transform", attributes, children: params))
    }
    if clip.opacity != nil || clip.opacityAnimation != nil {
      var attributes: [(name: String, value: String)] = []
      if let opacity = clip.opacity { attributes.append(("amount", LookMapping.number(opacity))) }
      var params: [XMLTree] = []
      if let animation = clip.opacityAnimation {
        checkTiming(animation.timing, of: "opacity", at: place)
        if animation.keyframes.isEmpty {
          lose("an opacity animation with no keyframes, which reads back as none", at: place)
        } else {
          let keys = animation.keyframes.map {
            keyframe(at: origin + $0.time, value: LookMapping.number($0.value))
          }
          params = [Self.param("amount", keys)]
        }
      }
      adjustments.append(XMLTree("adjust-blend", attributes, children: params))
    }
    return adjustments
  }

  /// Whether every number of `transform` is finite (FCPXML has no NaN or infinity).
  static func isFinite(_ transform: Transform) -> Bool {
    let center: [Double] =
      switch transform.center {
      case .normalized(let x, let y), .pixels(let x, let y), .percent(let x, let y): [x, y]
      }
    return (center + [transform.rotation, transform.scale]).allSatisfy(\.isFinite)
  }

  /// `param name="…"` holding a `keyframeAnimation` of `keys`.
  static func param(_ name: String, _ keys: [XMLTree], fades: [XMLTree] = []) -> XMLTree {
    XMLTree(
      "param", [("name", name)],
      children: fades + (keys.isEmpty ? [] : [XMLTree("keyframeAnimation", children: keys)]))
  }

  /// A `keyframe` with linear interpolation (FCPXML's default curve is smooth).
  ///
  /// A position keyframe has no `curve`: Final Cut Pro moves a position along its own spatial
  /// path and ignores (with a warning) a position `param` whose keyframes name a curve.
  func keyframe(at time: Time, value: String, curved: Bool = true) -> XMLTree {
    var attributes = [("time", FCPXMLTime.text(time)), ("value", value)]
    if curved { attributes.append(("curve", "linear")) }
    return XMLTree("keyframe", attributes)
  }

  /// What of an easing FCPXML's linear keyframes cannot hold.
  mutating func checkTiming(_ timing: TimingFunction, of what: String, at place: Place) {
    let name: String
    switch timing {
    case .linear: return
    case .custom:
      lose(
        "a custom \(what) easing (code), written as linear", at: place,
        kind: .customTimingFunction)
      return
    case .easeIn: name = "easeIn"
    case .easeOut: name = "easeOut"
    case .easeInOut: name = "easeInOut"
    case .cubicBezier: name = "a cubic Bézier"
    }
    lose(
      "the \(name) easing of an \(what) animation, which FCPXML's keyframes cannot reproduce "
        + "exactly; written as linear", at: place)
  }

  private mutating func transformAttributes(_ transform: Transform, at place: Place)
    -> [(name: String, value: String)]
  {
    [
      ("position", position(transform.center, at: place)),
      ("scale", LookMapping.pair(transform.scale, transform.scale)),
      ("rotation", rotation(transform.rotation, at: place)),
      ("anchor", anchor(transform.anchor, at: place)),
    ]
  }

  private mutating func transformParams(
    _ animation: Animation<Transform>, origin: Time, at place: Place
  ) -> [XMLTree] {
    checkTiming(animation.timing, of: "transform", at: place)
    guard let first = animation.keyframes.first else {
      lose("a transform animation with no keyframes, which reads back as none", at: place)
      return []
    }
    if animation.keyframes.contains(where: { $0.value.anchor != first.value.anchor }) {
      lose(
        "a transform anchor that changes between keyframes (kadr switches it halfway, FCPXML "
          + "moves it smoothly)", at: place)
    }
    let times = animation.keyframes.map { origin + $0.time }
    func param(_ name: String, _ value: (Transform) -> String) -> XMLTree {
      Self.param(
        name,
        zip(times, animation.keyframes).map { time, key in
          keyframe(at: time, value: value(key.value))
        })
    }
    var positions: [String] = []
    var rotations: [String] = []
    var anchors: [String] = []
    for key in animation.keyframes {
      positions.append(position(key.value.center, at: place))
      rotations.append(rotation(key.value.rotation, at: place))
      anchors.append(anchor(key.value.anchor, at: place))
    }
    func listed(_ name: String, _ values: [String]) -> XMLTree {
      Self.param(
        name, zip(times, values).map { keyframe(at: $0, value: $1, curved: name != "position") })
    }
    return [
      listed("position", positions),
      param("scale") { LookMapping.pair($0.scale, $0.scale) },
      listed("rotation", rotations),
      listed("anchor", anchors),
    ]
  }

  private mutating func position(_ position: Position, at place: Place) -> String {
    let frame = lookFrame
    let (x, y): (Double, Double)
    switch position {
    case .normalized(let nx, let ny):
      (x, y) = (nx, ny)
    case .pixels(let px, let py):
      lose(
        "a position in pixels, written in FCPXML's units (it reads back as a fraction of the "
          + "frame)", at: place)
      (x, y) = (px / frame.width, py / frame.height)
    case .percent(let px, let py):
      lose(
        "a position in percent, written in FCPXML's units (it reads back as a fraction of the "
          + "frame)", at: place)
      (x, y) = (px / 100, py / 100)
    }
    if let exact = LookMapping.point(x: x, y: y, in: frame) { return exact }
    lose("a position FCPXML's numbers cannot hold exactly, written rounded", at: place)
    return LookMapping.pair(LookMapping.horizontal(x, in: frame), LookMapping.vertical(y))
  }

  private mutating func rotation(_ radians: Double, at place: Place) -> String {
    if let degrees = LookMapping.exact(
      radians, LookMapping.degrees, back: LookMapping.radians)
    {
      return LookMapping.number(degrees)
    }
    lose("a rotation FCPXML's degrees cannot hold exactly, written rounded", at: place)
    let degrees = LookMapping.degrees(radians)
    return LookMapping.number(degrees.isFinite ? degrees : 0)
  }

  private mutating func anchor(_ anchor: Anchor, at place: Place) -> String {
    if let written = LookMapping.anchor(anchor, in: lookFrame) { return written }
    lose("an anchor FCPXML's numbers cannot hold exactly, written rounded", at: place)
    let offset = anchor.unitOffset
    return LookMapping.pair(
      LookMapping.horizontal(Double(offset.x), in: lookFrame),
      LookMapping.vertical(Double(offset.y)))
  }

  /// An `adjust-volume` for a level, fades and ramps, or `nil` when there is nothing to say
  /// (level 1, no fades, no ramps).
  ///
  /// Fades are `fadeIn`/`fadeOut` of `param name="amount"` (linear, as kadr fades); ramps are
  /// its keyframes, two per ramp (a ramp's end shared with the next one's start once). kadr
  /// holds a ramp's end level until the next ramp and plays the track's level before the first;
  /// FCPXML glides between keyframes and holds the first before it: ramps that would jump (a
  /// first ramp starting later at another level than the track's, a ramp starting at another
  /// level than the previous one ended at) are losses, and so are ramps that overlap (kadr's
  /// engine drops them) or hold one level (they read back as none).
  ///
  /// - Parameters:
  ///   - origin: The clip's local time at kadr's time 0 of the ramps.
  mutating func volumeAdjustment(
    level: Double, fadeIn: Time = .zero, fadeOut: Time = .zero,
    ramps: [AudioTrack.VolumeRamp] = [], origin: Time, at place: Place
  ) -> XMLTree? {
    guard level != 1 || fadeIn > .zero || fadeOut > .zero || !ramps.isEmpty else { return nil }
    var attributes: [(name: String, value: String)] = []
    if level != 1 { attributes.append(("amount", decibels(level, at: place))) }
    var fades: [XMLTree] = []
    if fadeIn > .zero {
      fades.append(
        XMLTree("fadeIn", [("type", "linear"), ("duration", FCPXMLTime.text(fadeIn))]))
    }
    if fadeOut > .zero {
      fades.append(
        XMLTree("fadeOut", [("type", "linear"), ("duration", FCPXMLTime.text(fadeOut))]))
    }
    let keys = rampKeyframes(ramps, level: level, origin: origin, at: place)
    let params = fades.isEmpty && keys.isEmpty ? [] : [Self.param("amount", keys, fades: fades)]
    return XMLTree("adjust-volume", attributes, children: params)
  }

  private mutating func decibels(_ level: Double, at place: Place) -> String {
    if let amount = LookMapping.volume(level) { return amount }
    let decibels = LookMapping.decibels(level)
    if level.isFinite, decibels.isFinite, decibels > LookMapping.silenceDecibels {
      let written = LookMapping.number(decibels) + "dB"
      let back = LookMapping.level(from: written) ?? .nan
      // A change of a thousandth of a decibel is far below the smallest anyone hears (about
      // a tenth to a whole decibel): say by how much it is rounded, not that it is lost.
      let heard = abs(LookMapping.decibels(back) - decibels)
      if back.isFinite, back > 0, heard < 0.001 {
        note(.roundedVolume(level: level, readBack: back), at: place)
      } else {
        lose("a volume of \(level), which FCPXML's decibels cannot hold exactly", at: place)
      }
      return written
    }
    lose(
      "a volume of \(level), which FCPXML's decibels cannot hold (at most "
        + "\(Int(LookMapping.silenceDecibels)) dB down, finite); written as silence", at: place)
    return LookMapping.number(LookMapping.silenceDecibels) + "dB"
  }

  private mutating func rampKeyframes(
    _ ramps: [AudioTrack.VolumeRamp], level: Double, origin: Time, at place: Place
  ) -> [XMLTree] {
    let sorted = ramps.sorted { $0.range.start < $1.range.start }
    var keys: [XMLTree] = []
    var last: (time: Time, level: Double)?
    for (index, ramp) in sorted.enumerated() {
      if index > 0, ramp.range.start < sorted[index - 1].range.end {
        lose("volume ramps that overlap, which kadr's engine drops; left out", at: place)
        return []
      }
      if ramp.startVolume == ramp.endVolume {
        lose("a volume ramp that holds one level, which reads back as none", at: place)
      }
      let previous = last?.level ?? level
      if ramp.startVolume != previous, last != nil || ramp.range.start > .zero {
        lose(
          "a volume ramp that starts at another level than the one before it (kadr jumps, "
            + "FCPXML's keyframes glide)", at: place)
      }
      if last?.time != ramp.range.start || last?.level != ramp.startVolume {
        keys.append(
          keyframe(
            at: origin + ramp.range.start, value: decibels(ramp.startVolume, at: place)))
      }
      keys.append(
        keyframe(at: origin + ramp.range.end, value: decibels(ramp.endVolume, at: place)))
      last = (ramp.range.end, ramp.endVolume)
    }
    return keys
  }
}
