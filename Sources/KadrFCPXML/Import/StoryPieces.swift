import Foundation
import KadrModel

/// What the story reader finds, placed in the sequence's time, before it becomes a composition.
enum StoryPieces {
  /// A speed as an exact fraction of media time per timeline time.
  struct Rate: Hashable {
    var numerator: Int64
    var denominator: Int64

    static let normal = Rate(numerator: 1, denominator: 1)

    var isNormal: Bool { numerator == denominator }
    var value: Double { Double(numerator) / Double(denominator) }

    /// The media time `time` of timeline plays: exact when the fraction fits a `Time`, else
    /// rounded to `time`'s own timescale (as kadr scales a time by a speed).
    func media(_ time: Time) -> Time {
      // A speed such as 9168210/4436211 gives exact times on timescales near 2^31, which
      // overflow as soon as the layout adds them to others: those are rounded instead.
      if let exact = try? time.multiplied(by: numerator, dividedBy: denominator),
        exact.timescale <= Self.largestExactTimescale
      {
        return exact
      }
      return time.multiplied(byFloat: value)
    }

    /// The largest timescale an exact speed result keeps (FCPXML's own are 1/90000 s at most
    /// in practice, so this only catches products of unrelated fractions).
    static let largestExactTimescale: Int32 = 1_000_000
  }

  /// One item of a layer, from `start` to `end` in the sequence's time.
  struct Piece {
    /// The kadr transition a `transition` element reads as.
    enum Transition {
      case dissolve
      case fade
      case slide(SlideDirection)
    }

    enum Kind {
      /// Video from `url`, showing `mediaStart` at the piece's start.
      case video(url: URL, mediaStart: Time, rate: Rate, muted: Bool)
      /// A still at `source` (a URL or a store token).
      case still(source: String)
      case title(text: String, style: TextStyle)
      case gap(name: String)
      /// A clip whose media is missing: its name, the location when known, the media time at
      /// its start.
      case offline(name: String, url: URL?, mediaStart: Time)
      /// A transition: the pieces before and after a dissolve or a slide share its span; a
      /// fade through black's meet at its middle.
      case transition(Transition)
      /// A compound clip shown whole inside a storyline: a nested track of the pieces of
      /// layer `layer`.
      case nested(name: String?, layer: Int)
    }

    var start: Time
    var end: Time
    var kind: Kind
    let path: String
    /// The clip's transform, opacity and volume.
    var look = Look()
    /// A time map other than a constant forward speed (a curve, a reverse), for a video piece.
    var retime: Retime?
    /// The clip's name, role and markers (at local times), for a video or a title piece.
    var facts = ClipFacts()

    var isTransition: Bool {
      if case .transition = kind { return true }
      return false
    }

    /// The piece cut to `window`, or `nil` when nothing of it is inside.
    func clipped(to window: TimeRange?) -> Piece? {
      guard let window else { return self }
      var piece = self
      let newStart = Time.max(start, window.start)
      let newEnd = Time.min(end, window.end)
      guard newStart < newEnd else { return nil }
      piece.moveStart(to: newStart)
      piece.end = newEnd
      return piece
    }

    /// Moves the start to `time` (earlier or later), keeping the media under each frame.
    mutating func moveStart(to time: Time) {
      let shift = time - start
      switch kind {
      case .video(let url, let mediaStart, let rate, let muted):
        kind = .video(
          url: url, mediaStart: mediaStart + rate.media(shift), rate: rate, muted: muted)
      case .offline(let name, let url, let mediaStart):
        kind = .offline(name: name, url: url, mediaStart: mediaStart + shift)
      default:
        break
      }
      // Local time runs with the timeline's (a time map only changes which media it shows).
      look.origin = look.origin + shift
      if var moved = retime {
        moved.origin = moved.origin + shift
        retime = moved
      }
      start = time
    }
  }

  /// What an editor sees of a clip besides its picture: its name (the `name` attribute), its
  /// role and its markers, the markers at the clip's local times (as FCPXML counts them).
  struct ClipFacts {
    var name: String?
    /// The role of its picture (its `videoRole` or `role`, else its `audioRole`).
    var role: Role?
    /// The role of its sound (its `audioRole`, else its `role`).
    var audioRole: Role?
    /// An audio role the clip's one role cannot also hold (beside a different video role).
    var otherRole: String?
    var markers: [Marker] = []
    /// Where the markers were, for a report item when they cannot be kept.
    var path = ""
    /// Where the clip starts on the timeline, to name it by its timecode in a report item.
    var start = Time.zero
  }

  /// What a clip's `adjust-transform`, `adjust-blend` and `adjust-volume` say, with keyframe
  /// times in the clip's local time; `origin` is the local time at the piece's start, so a
  /// keyframe's clip-relative time (kadr's) is its time minus `origin`.
  struct Look {
    var transform: Transform?
    var transformKeys: [Animation<Transform>.Keyframe]?
    var opacity: Double?
    var opacityKeys: [Animation<Double>.Keyframe]?
    var volume = Volume()
    var origin = Time.zero

    /// The keyframes at clip-relative times, reduced.
    func relative<Value>(_ keys: [Animation<Value>.Keyframe]?) -> Animation<Value>? {
      keys.map { keys in
        Animation.keyframes(
          keys.map {
            Animation<Value>.Keyframe(
              time: CompositionBuilder.reduced($0.time - origin), value: $0.value)
          })
      }
    }
  }

  /// An `adjust-volume`: the level, fades, and keyframes (local time, level).
  struct Volume {
    var level: Double = 1
    var fadeIn = Time.zero
    var fadeOut = Time.zero
    var keys: [(time: Time, level: Double)] = []
  }

  /// A `timeMap` that is not one constant forward speed: its points (local time, media time
  /// from the asset's start), and the local time at the piece's start.
  struct Retime {
    var points: [(time: Time, value: Time)]
    var origin: Time

    /// The media time at local `time`, interpolated linearly (held past the ends); ``invalid``
    /// when it does not fit a time.
    ///
    /// The segment is found by binary search (the points' times strictly increase): a map of
    /// 130,000 points read pair by pair with a linear search took half a minute.
    func media(at time: Time) -> Time {
      guard let first = points.first, let last = points.last else { return time }
      if time <= first.time { return first.value }
      if time >= last.time { return last.value }
      // The first point after `time`: at index 1 or later, since the first is not.
      var low = 1
      var high = points.count - 1
      while low < high {
        let middle = low + (high - low) / 2
        if points[middle].time > time { high = middle } else { low = middle + 1 }
      }
      return media(at: time, onSegment: low - 1)
    }

    /// The media time at local `time` on the line from point `index` to the next: exact when
    /// the fraction fits, else rounded to the rise's timescale; ``Time/invalid`` on overflow.
    /// Every product of values read from the file is checked.
    func media(at time: Time, onSegment index: Int) -> Time {
      let a = points[index]
      let b = points[index + 1]
      let offset = time - a.time
      let span = b.time - a.time
      let rise = b.value - a.value
      guard offset.isValid, span.isValid, rise.isValid, span.value != 0 else { return .invalid }
      // offset / span = (offset.value · span.timescale) / (span.value · offset.timescale)
      let (numerator, o1) = offset.value.multipliedReportingOverflow(by: Int64(span.timescale))
      let (denominator, o2) = span.value.multipliedReportingOverflow(by: Int64(offset.timescale))
      if !o1, !o2, denominator != 0,
        let exact = try? rise.multiplied(by: numerator, dividedBy: denominator)
      {
        return a.value + exact
      }
      return a.value + rise.multiplied(byFloat: offset.seconds / span.seconds)
    }
  }

  /// A layer: the main chain (lane 0), or one connected item or storyline.
  struct Layer {
    let lane: Int
    let name: String?
    let isStoryline: Bool
    let order: Int
    var pieces: [Piece] = []
    /// Whether the layer is a compound clip's contents, a nested track of another layer.
    var isNested = false
  }

  /// A connected audio clip.
  struct Audio {
    let url: URL
    let start: Time
    let duration: Time
    let mediaStart: Time
    let lane: Int
    let order: Int
    /// The volume, its keyframes at times from the clip's start.
    var volume = Volume()
    /// A constant speed (media time per timeline time), and whether its pitch is kept.
    var rate = Rate.normal
    var preservesPitch = true
    /// The clip's audio role.
    var role: Role?

    func clipped(to window: TimeRange?) -> Audio? {
      guard let window else { return self }
      let newStart = Time.max(start, window.start)
      let newEnd = Time.min(start + duration, window.end)
      guard newStart < newEnd else { return nil }
      var clipped = Audio(
        url: url, start: newStart, duration: newEnd - newStart,
        mediaStart: mediaStart + rate.media(newStart - start), lane: lane, order: order)
      clipped.volume = volume
      clipped.rate = rate
      clipped.preservesPitch = preservesPitch
      clipped.role = role
      clipped.volume.keys = volume.keys.map { ($0.time - (newStart - start), $0.level) }
      return clipped
    }
  }
}
