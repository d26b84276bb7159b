import Foundation
import KadrInterchange
import KadrModel
import KadrPersistence

extension SequenceWriter {
  /// The element of one clip, and its local time at its start (where connected items count
  /// from); `nil` when the clip is written as a gap (a loss says why).
  ///
  /// - Parameters:
  ///   - clip: The clip.
  ///   - offset: Its offset on its spine; `nil` for a connected item (set when it is attached).
  ///   - duration: Its length on the timeline.
  ///   - sourceShift: How far its start moved into its media (half a transition).
  ///   - lane: Its lane, for a connected item.
  ///   - place: Where it is, for losses.
  mutating func clipElement(
    _ clip: any Clip, offset: Time?, duration: Time, sourceShift: Time, lane: Int?,
    place: Place
  ) -> (XMLTree, Time)? {
    visualLosses(clip, at: place)
    var head: [(name: String, value: String)] = []
    if let lane { head.append(("lane", "\(lane)")) }
    if let offset { head.append(("offset", FCPXMLTime.text(offset))) }
    switch clip {
    case let video as VideoClip:
      return videoElement(video, head: head, duration: duration, shift: sourceShift, place: place)
    case let image as ImageClip:
      return imageElement(
        image, head: head, duration: duration, origin: .zero - sourceShift, place: place)
    case let title as TitleSequence:
      return (
        titleElement(
          title, head: head, duration: duration, origin: .zero - sourceShift, place: place),
        .zero
      )
    case let placeholder as InterchangePlaceholder:
      return placeholderElement(
        placeholder, head: head, duration: duration, shift: sourceShift, lane: lane, place: place)
    default:
      lose(
        "a clip of type \(type(of: clip)), which FCPXML has no element for; written as a gap",
        at: place)
      return nil
    }
  }

  /// `ref` first, then the lane and offset, then the rest.
  private func attributes(
    ref: String, head: [(name: String, value: String)], rest: [(name: String, value: String)]
  ) -> [(name: String, value: String)] {
    [("ref", ref)] + head + rest
  }

  private mutating func videoElement(
    _ video: VideoClip, head: [(name: String, value: String)], duration: Time, shift: Time,
    place: Place
  ) -> (XMLTree, Time)? {
    guard let trim = video.trimRange else {
      lose(
        "a video clip with no trim range, whose length is unknown until its file is read; "
          + "left out", at: place)
      return nil
    }
    if video.speedCurve != nil || video.isReversed {
      return retimedElement(
        video, trim: trim, head: head, duration: duration, shift: shift, place: place)
    }
    var rate: (numerator: Int64, denominator: Int64) = (1, 1)
    if let ratio = video.speedRatio {
      // The exact speed, as it was set: never through its `Double`.
      rate = (ratio.numerator, ratio.denominator)
    } else if video.speedRate != 1 {
      if let fraction = Self.fraction(video.speedRate) {
        rate = fraction
      } else {
        lose(
          "a speed of \(video.speedRate), which is not a simple fraction; written as normal speed",
          at: place)
      }
    }
    // The clip's local time runs at 1/rate of its media's: a timeMap maps local 0 to media 0.
    guard
      let (localIn, mapEnd) = speedMap(
        trim: trim, rate: rate, shift: shift, duration: duration, at: place)
    else {
      lose("a trim or speed whose times overflow; left out", at: place)
      return nil
    }
    var children: [XMLTree] = []
    if rate.numerator != rate.denominator {
      children.append(Self.timeMap([(.zero, .zero), mapEnd]))
    }
    return videoClipElement(
      video, head: head, duration: duration, localIn: localIn, origin: localIn - shift,
      mediaEnd: Time.max(mapEnd.value, trim.end), timing: children, place: place)
  }

  /// A constant speed's local in-point and the end point of its `timeMap` (local time, media
  /// time), or `nil` when they overflow.
  ///
  /// Exact where the fractions stay within 1/1,000,000 s. A speed read from Final Cut Pro such
  /// as 9168210/4436211 over a trim on another timescale has no exact in-point that fine: the
  /// in-point is then the trim's start times the speed's inverse, rounded to a millionth of a
  /// second (a note says by how much the media in-point moves), and the map's last point states
  /// the speed exactly at 1/90000 s, past the clip's end, as Final Cut Pro writes it.
  private mutating func speedMap(
    trim: TimeRange, rate: (numerator: Int64, denominator: Int64), shift: Time, duration: Time,
    at place: Place
  ) -> (localIn: Time, end: (time: Time, value: Time))? {
    let finest = 1_000_000
    let fits = { (time: Time) in time.isValid && FCPXMLTime.reducedTimescale(time) <= finest }
    if let exact = try? trim.start.multiplied(by: rate.denominator, dividedBy: rate.numerator),
      case let localIn = exact + shift, case let localEnd = localIn + duration,
      fits(localIn), fits(localEnd),
      let mediaEnd = try? localEnd.multiplied(by: rate.numerator, dividedBy: rate.denominator),
      fits(mediaEnd)
    {
      return (localIn, (localEnd, mediaEnd))
    }
    let inverse = Double(rate.denominator) / Double(rate.numerator)
    let inPoint = Time(
      seconds: trim.start.seconds * inverse, preferredTimescale: Int32(finest))
    let moved = abs(inPoint.seconds / inverse - trim.start.seconds)
    if moved > 0 { note(.roundedInPoint(seconds: moved), at: place) }
    let localIn = inPoint + shift
    let localEnd = localIn + duration
    let scale: Int64 = 90000
    let steps = (localEnd.seconds * Double(scale) / Double(rate.denominator)).rounded(.up)
    guard localIn.isValid, localEnd.isValid, steps.isFinite, steps >= 0, steps < 1e15 else {
      return nil
    }
    let count = max(Int64(steps), 1)
    let (time, o1) = count.multipliedReportingOverflow(by: rate.denominator)
    let (value, o2) = count.multipliedReportingOverflow(by: rate.numerator)
    guard !o1, !o2 else { return nil }
    return (localIn, (Time(value: time, timescale: 90000), Time(value: value, timescale: 90000)))
  }

  /// The `asset-clip` of a video clip: its asset, name, start, duration and mute, then its
  /// timing (`timeMap`) and its look and volume adjustments, in the order FCPXML's DTD wants.
  private mutating func videoClipElement(
    _ video: VideoClip, head: [(name: String, value: String)], duration: Time, localIn: Time,
    origin: Time, mediaEnd: Time, timing: [XMLTree], place: Place
  ) -> (XMLTree, Time) {
    let fileName = xmlText(video.url.lastPathComponent, naming: "a media file's name", at: place)
    let asset = resources.asset(
      source: xmlText(video.url.absoluteString, naming: "a media file's location", at: place),
      name: fileName, kind: .movie, usedUpTo: mediaEnd)
    // The name an editor sees: the clip's name, else its id (as before names existed), else
    // its file's.
    let name =
      video.name.map { xmlText($0, naming: "a clip's name", at: place) }
      ?? video.clipID.map { xmlText($0.rawValue, naming: "a clip id", at: place) } ?? fileName
    var rest: [(name: String, value: String)] = [("name", name)]
    if localIn != .zero { rest.append(("start", FCPXMLTime.text(localIn))) }
    rest.append(("duration", FCPXMLTime.text(duration)))
    if video.isMuted { rest.append(("srcEnable", "video")) }
    rest += roleAttributes(video.role, element: "asset-clip", at: place)
    var children = timing + visualAdjustments(video, origin: origin, at: place)
    if let volume = volumeAdjustment(level: video.volumeLevel, origin: origin, at: place) {
      children.append(volume)
    }
    children += clipMarkers(video.markers, origin: origin, at: place)
    return (
      XMLTree("asset-clip", attributes(ref: asset, head: head, rest: rest), children: children),
      localIn
    )
  }

  /// A `timeMap` through `points` (local time, media time), interpolated linearly.
  static func timeMap(_ points: [(time: Time, value: Time)]) -> XMLTree {
    XMLTree(
      "timeMap",
      children: points.map { point in
        XMLTree(
          "timept",
          [
            ("time", FCPXMLTime.text(point.time)), ("value", FCPXMLTime.text(point.value)),
            ("interp", "linear"),
          ])
      })
  }

  /// A clip with a speed curve or played backwards: local time 0 is the clip's first frame in
  /// kadr, and the `timeMap` runs from there to its last (forwards through the trim along the
  /// curve, see ``SpeedCurveSampling``; or backwards from the trim's end at its constant speed).
  private mutating func retimedElement(
    _ video: VideoClip, trim: TimeRange, head: [(name: String, value: String)], duration: Time,
    shift: Time, place: Place
  ) -> (XMLTree, Time)? {
    let length = video.duration
    guard length.isValid, length > .zero else {
      lose("a speed whose clip length is not a time; left out", at: place)
      return nil
    }
    var points: [(time: Time, value: Time)]
    if let curve = video.speedCurve {
      if video.isReversed {
        lose("reversed playback with a speed curve, written forwards", at: place)
      }
      guard
        let sampled = SpeedCurveSampling.points(
          of: curve, sourceLength: trim.duration.seconds,
          tolerance: SpeedCurveSampling.tolerance(frameDuration: frame))
      else {
        lose("a speed curve with a sample that is not a number; left out", at: place)
        return nil
      }
      let scale = SpeedCurveSampling.timescale
      points = sampled.dropLast().map { point in
        (
          Time(seconds: point.timeline, preferredTimescale: scale),
          trim.start + Time(seconds: point.source, preferredTimescale: scale)
        )
      }
      points.append((length, trim.end))
      // Rounding may not leave two points at one time.
      var increasing: [(time: Time, value: Time)] = []
      for (index, point) in points.enumerated()
      where increasing.last.map({ point.time > $0.time }) ?? true
        && (index == points.count - 1 || point.time < length)
      {
        increasing.append(point)
      }
      points = increasing
    } else {
      if video.speedRate != 1, video.speedRatio == nil, Self.fraction(video.speedRate) == nil {
        lose(
          "a speed of \(video.speedRate), which is not a simple fraction; written as the "
            + "nearest time", at: place)
      }
      points = [(.zero, trim.end), (length, trim.start)]
    }
    return videoClipElement(
      video, head: head, duration: duration, localIn: shift, origin: .zero,
      mediaEnd: trim.end, timing: [Self.timeMap(points)], place: place)
  }

  private mutating func imageElement(
    _ image: ImageClip, head: [(name: String, value: String)], duration: Time, origin: Time,
    place: Place
  ) -> (XMLTree, Time)? {
    let source: String
    if let folder = stillsFolder {
      source = folder.appendingPathComponent(stillFileName(for: image)).absoluteString
    } else {
      guard let store = images else {
        lose("an image, with no image store to save it in", at: place, kind: .image)
        return nil
      }
      do {
        source = ImageSource.source(forToken: try store.token(for: image.image), in: store)
      } catch {
        lose("an image its store could not save (\(error)); written as a gap", at: place)
        return nil
      }
    }
    if image.backgroundColor != nil {
      lose("a background colour, which FCPXML stills have no field for", at: place)
    }
    if image.audioURL != nil {
      lose("audio played with a still, which FCPXML would need a separate clip for", at: place)
    }
    let fileName = xmlText(
      URL(string: source)?.lastPathComponent ?? "image", naming: "an image file's name", at: place)
    // The name the app gave the still, so that Final Cut Pro's browser (the asset) and timeline
    // (the clip) show it, never the store's content hash; without one, the file's name.
    let given = image.name.map { xmlText($0, naming: "a still's name", at: place) }
    // One asset per file: a second still of the same image keeps the first one's asset name.
    let asset = resources.asset(
      source: xmlText(source, naming: "an image's location", at: place),
      name: given ?? fileName, kind: .still, usedUpTo: .zero)
    // As a video clip's: its name, else its id (as before names existed), else its file's.
    let name =
      given ?? image.clipID.map { xmlText($0.rawValue, naming: "a still's clip id", at: place) }
      ?? fileName
    let rest: [(name: String, value: String)] = [
      ("name", name), ("duration", FCPXMLTime.text(duration)),
    ]
    return (
      XMLTree(
        "video", attributes(ref: asset, head: head, rest: rest),
        children: visualAdjustments(image, origin: origin, at: place)), .zero
    )
  }

  private mutating func placeholderElement(
    _ placeholder: InterchangePlaceholder, head: [(name: String, value: String)], duration: Time,
    shift: Time, lane: Int?, place: Place
  ) -> (XMLTree, Time)? {
    switch placeholder.role {
    case .gap:
      guard lane == nil else {
        lose("a gap on a layer of its own, which FCPXML cannot connect; left out", at: place)
        return nil
      }
      let name =
        placeholder.name.isEmpty
        ? "Gap" : xmlText(placeholder.name, naming: "a gap's name", at: place)
      return (
        XMLTree("gap", [("name", name)] + head + [("duration", FCPXMLTime.text(duration))]),
        .zero
      )
    case .offline:
      guard let url = placeholder.mediaURL else {
        lose("an offline clip with no known media, written as a gap", at: place)
        return nil
      }
      let localIn = (placeholder.sourceRange?.start ?? .zero) + shift
      let fileName = xmlText(url.lastPathComponent, naming: "a media file's name", at: place)
      let asset = resources.asset(
        source: xmlText(url.absoluteString, naming: "a media file's location", at: place),
        name: fileName, kind: .movie, usedUpTo: localIn + duration)
      var rest: [(name: String, value: String)] = [
        (
          "name",
          placeholder.name.isEmpty
            ? fileName : xmlText(placeholder.name, naming: "an offline clip's name", at: place)
        )
      ]
      if localIn != .zero { rest.append(("start", FCPXMLTime.text(localIn))) }
      rest.append(("duration", FCPXMLTime.text(duration)))
      return (XMLTree("asset-clip", attributes(ref: asset, head: head, rest: rest)), localIn)
    }
  }

  /// `value` as a fraction with a denominator up to 1000 that is exactly `value` as a double;
  /// else the first convergent of its continued fraction that is (a speed read from a
  /// `timeMap` such as 9168210/4436211, whose terms each fit 32 bits); else `nil`.
  static func fraction(_ value: Double) -> (numerator: Int64, denominator: Int64)? {
    guard value.isFinite, value > 0 else { return nil }
    for denominator in Int64(1)...1000 {
      let scaled = (value * Double(denominator)).rounded()
      guard scaled < 9e15 else { return nil }
      let numerator = Int64(scaled)
      if numerator > 0, Double(numerator) / Double(denominator) == value {
        return (numerator, denominator)
      }
    }
    // Convergents h/k: h₋₁ = 1, h₋₂ = 0, k₋₁ = 0, k₋₂ = 1; each term below 2³¹, so no
    // product overflows.
    var (h0, h1): (Int64, Int64) = (0, 1)
    var (k0, k1): (Int64, Int64) = (1, 0)
    var rest = value
    for _ in 0..<64 {
      let whole = rest.rounded(.down)
      guard whole < Double(Int32.max) else { return nil }
      let term = Int64(whole)
      (h0, h1) = (h1, term * h1 + h0)
      (k0, k1) = (k1, term * k1 + k0)
      guard h1 <= Int64(Int32.max), k1 <= Int64(Int32.max) else { return nil }
      if k1 > 0, Double(h1) / Double(k1) == value { return (h1, k1) }
      let fractional = rest - whole
      guard fractional > 0 else { return nil }
      rest = 1 / fractional
    }
    return nil
  }
}

extension SequenceWriter {
  /// The file name of `image`'s picture in ``stillsFolder``: the still's name (else `Still`)
  /// made safe for a file system, with its format's extension, distinct from every other name
  /// there; the same picture keeps the name it was first given.
  mutating func stillFileName(for image: ImageClip) -> String {
    let data = image.image.data
    if let known = stillFileNames[data] { return known }
    let name = claimedStillNames.claim(
      stem: Self.fileStem(image.name ?? ""), suffix: "." + image.image.format.fileExtension)
    stillFileNames[data] = name
    stillFiles.append((name, data))
    return name
  }

  /// `name` as a file's stem on every system: no path separators, colons or control
  /// characters, no leading dot, at most 100 characters; `Still` when nothing is left.
  static func fileStem(_ name: String) -> String {
    var stem = String(
      String.UnicodeScalarView(
        name.unicodeScalars.map { scalar in
          scalar == "/" || scalar == "\\" || scalar == ":"
            || CharacterSet.controlCharacters.contains(scalar) ? "_" : scalar
        }))
    stem = String(stem.drop { $0 == "." || $0 == " " }.prefix(100))
    while stem.hasSuffix(" ") || stem.hasSuffix(".") { stem.removeLast() }
    return stem.isEmpty ? "Still" : stem
  }
}
