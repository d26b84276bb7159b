import Foundation
import KadrModel

extension StoryReader {
  /// An `asset-clip`, `video` or `audio`: video, a still, audio, or an offline placeholder when
  /// its media is missing.
  mutating func media(
    _ element: XMLTree, at start: Time, length: Time, localStart: Time,
    look: StoryPieces.Look, facts: StoryPieces.ClipFacts, layer: Int, window: TimeRange?,
    path: String, holdsPlace: Bool
  ) throws(FCPXMLError) {
    let name = element["name"] ?? ""
    let resource = element["ref"].flatMap { document.resources[$0] }
    guard let asset = resource, asset.name == "asset" else {
      if resource?.name == "effect" {
        note(
          .unknownElement, path,
          "A generator ('\(resource?["name"] ?? "effect")') is kept as a gap.")
        leaveOut(facts, of: "a generator")
        add(
          Piece(start: start, end: start + length, kind: .gap(name: name), path: path), to: layer,
          window: window)
      } else {
        note(
          .missingMedia, path,
          "The clip '\(name)' names no asset ('\(element["ref"] ?? "")'); it is kept as an "
            + "offline placeholder.")
        leaveOut(facts, of: "an offline clip")
        add(
          Piece(
            start: start, end: start + length,
            kind: .offline(name: name, url: nil, mediaStart: localStart), path: path),
          to: layer, window: window)
      }
      return
    }
    let assetStart = try time(asset, "start", path: path) ?? .zero
    let source = asset.child(named: "media-rep")?["src"] ?? asset["src"]
    let url = source.flatMap { URL(string: $0) }.flatMap { $0.scheme == nil ? nil : $0 }
    let assetName = asset["name"] ?? url?.lastPathComponent ?? ""
    let isAudio =
      angleUse == .audioOnly || element.name == "audio" || element["srcEnable"] == "audio"
      || (asset["hasVideo"] != "1" && asset["hasAudio"] == "1")
    if isAudio && angleUse == .videoOnly { return }
    let isStill =
      !isAudio
      && (asset["duration"] == "0s"
        || ["png", "jpg", "jpeg", "heic", "tif", "tiff", "gif", "webp", "psd"].contains(
          url?.pathExtension.lowercased() ?? ""))
    guard let url else {
      note(
        .missingMedia, path,
        "The asset '\(assetName)' has no usable media location; the clip is kept as an offline "
          + "placeholder.")
      leaveOut(facts, of: "an offline clip")
      add(
        Piece(
          start: start, end: start + length,
          kind: .offline(name: name.isEmpty ? assetName : name, url: nil, mediaStart: localStart),
          path: path), to: layer, window: window)
      return
    }
    let rate = try speed(of: element, path: path)
    // The media time at the clip's start: through the time map when there is one.
    let mediaStart = rate.mediaAt(localStart) - assetStart
    if isAudio {
      var piece = StoryPieces.Audio(
        url: url, start: start, duration: length, mediaStart: mediaStart,
        lane: layer == 0 ? 0 : layers[layer].lane, order: audio.count)
      piece.volume = look.volume
      piece.volume.keys = look.volume.keys.map { ($0.time - localStart, $0.level) }
      guard piece.volume.keys.allSatisfy({ $0.time.isValid }) else {
        throw FCPXMLError(
          .invalidValue(
            attribute: "time", value: "(a keyframe's time from the clip's start overflows)"),
          path: path + "/adjust-volume", line: element.line)
      }
      piece.rate = rate.rate
      piece.preservesPitch = element.child(named: "timeMap")?["preservesPitch"] != "0"
      piece.role = facts.audioRole
      leaveOut(facts, of: "an audio clip", keepsRole: true)
      // An audio track shows its file's name: a name of its own is reported.
      if let given = facts.name,
        ![assetName, url.lastPathComponent, url.deletingPathExtension().lastPathComponent]
          .contains(given)
      {
        note(
          .metadata, path, "The audio clip's name “\(given)” is left out: kadr shows its file's.")
      }
      if rate.retime != nil {
        note(.timeMap, path, "An audio clip's varying speed is played at normal speed.")
      }
      if let piece = piece.clipped(to: window) {
        audio.append(piece)
      }
      if holdsPlace && angleUse != .audioOnly && (layer == 0 || layers[layer].isStoryline) {
        add(
          Piece(start: start, end: start + length, kind: .gap(name: ""), path: path), to: layer,
          window: window)
      }
      return
    }
    if isStill {
      leaveOut(facts, of: "a still")
      var stillFacts = StoryPieces.ClipFacts(path: path)
      // The clip's name, else its asset's (what Final Cut Pro's browser shows); the builder
      // keeps it as the still's name unless it is only the file's.
      stillFacts.name = facts.name ?? (assetName.isEmpty ? nil : assetName)
      add(
        Piece(
          start: start, end: start + length, kind: .still(source: source ?? ""),
          path: path, look: look, facts: stillFacts), to: layer, window: window)
      return
    }
    add(
      Piece(
        start: start, end: start + length,
        kind: .video(
          url: url, mediaStart: mediaStart, rate: rate.rate,
          muted: element["srcEnable"] == "video" || angleUse == .videoOnly), path: path,
        look: look,
        retime: rate.retime.map { points in
          StoryPieces.Retime(
            points: points.map { ($0.time, $0.value - assetStart) }, origin: localStart)
        }, facts: facts), to: layer, window: window)
    if element["videoRole"] == nil, element["role"] == nil, let role = facts.role,
      !FCPXMLVocabulary.audioMainRoles.contains(role.mainRole)
    {
      note(
        .role, path,
        "The clip's audio role '\(role.rawValue)' is kept as its role; an export writes it "
          + "back as its video role (kadr's clips have one role).")
    }
    if let other = facts.otherRole {
      note(
        .role, path,
        "The clip's audio role '\(other)' is left out: it keeps its video role "
          + "'\(facts.role?.rawValue ?? "")'.")
    }
  }

  /// A clip's speed from its `timeMap`: the constant rate from its first point to its last
  /// (anything else is reported), and the media time of each local time.
  struct Speed {
    let rate: StoryPieces.Rate
    let firstTime: Time
    let firstValue: Time
    /// The points of a map that is not one constant forward speed (a curve, a reverse).
    var retime: [(time: Time, value: Time)]? = nil

    func mediaAt(_ local: Time) -> Time { firstValue + rate.media(local - firstTime) }
  }

  mutating func speed(of element: XMLTree, path: String) throws(FCPXMLError) -> Speed {
    let normal = Speed(rate: .normal, firstTime: .zero, firstValue: .zero)
    guard let map = element.child(named: "timeMap") else { return normal }
    var points: [(time: Time, value: Time)] = []
    for point in map.children(named: "timept") {
      guard let time = try time(point, "time", path: path + "/timeMap"),
        let value = try self.time(point, "value", path: path + "/timeMap")
      else { continue }
      points.append((time, value))
    }
    let increasing = zip(points, points.dropFirst()).allSatisfy {
      $1.time > $0.time && $1.value > $0.value
    }
    let reversed =
      points.count == 2 && points[1].time > points[0].time && points[1].value < points[0].value
    if points.count > 2, increasing || reversed {
      if map.children(named: "timept").contains(where: { ($0["interp"] ?? "smooth2") != "linear" })
      {
        note(
          .timeMap, path,
          "A speed change over \(points.count) points is imported as constant speeds between "
            + "its points (FCPXML smooths them).")
      }
      return Speed(rate: .normal, firstTime: .zero, firstValue: .zero, retime: points)
    }
    if reversed {
      return Speed(rate: .normal, firstTime: .zero, firstValue: .zero, retime: points)
    }
    guard let first = points.first, let last = points.last, last.time > first.time,
      let rate = Self.rate(media: last.value - first.value, over: last.time - first.time)
    else {
      note(
        .timeMap, path,
        "A speed change kadr cannot play (a freeze, a reverse over several points, or too few "
          + "points) is played at normal speed.")
      return normal
    }
    return Speed(rate: rate, firstTime: first.time, firstValue: first.value)
  }

  /// `media / timeline` as a reduced fraction, or `nil` when it is not positive or overflows.
  static func rate(media: Time, over timeline: Time) -> StoryPieces.Rate? {
    guard media.isValid, timeline.isValid, media.value > 0, timeline.value > 0 else { return nil }
    let (numerator, o1) = media.value.multipliedReportingOverflow(by: Int64(timeline.timescale))
    let (denominator, o2) = timeline.value.multipliedReportingOverflow(by: Int64(media.timescale))
    guard !o1, !o2 else { return nil }
    var (a, b) = (numerator, denominator)
    while b != 0 { (a, b) = (b, a % b) }
    return StoryPieces.Rate(numerator: numerator / a, denominator: denominator / a)
  }
}
