import Foundation
import KadrModel

extension StoryReader {
  /// Whether a compound clip becomes a nested track: it is in a storyline (kadr nests tracks
  /// only in tracks), and it shows its whole sequence from its start, as kadr plays a nested
  /// track.
  private func nestsWhole(
    _ element: XMLTree, sequence: XMLTree, length: Time, layer: Int, path: String
  ) throws(FCPXMLError) -> Bool {
    guard layer != 0, layers[layer].isStoryline || layers[layer].isNested else { return false }
    let start = try time(element, "start", path: path) ?? .zero
    let origin = try time(sequence, "tcStart", path: path + "/sequence") ?? .zero
    let whole = try time(sequence, "duration", path: path + "/sequence")
    return start == .zero && origin == .zero && whole == length
  }

  /// A compound clip (`ref-clip` over a `media` sequence) or a multicam clip (`mc-clip` over a
  /// `media` multicam, its active video angle): the contents placed where the clip plays and
  /// cut to the part it shows.
  ///
  /// - Returns: Whether the clip became a nested track, which takes its `adjust-blend` as its
  ///   opacity factor.
  @discardableResult
  mutating func compound(
    _ element: XMLTree, at start: Time, length: Time, localStart: Time, layer: Int,
    window: TimeRange?, path: String
  ) throws(FCPXMLError) -> Bool {
    let ref = element["ref"] ?? ""
    guard let media = document.resources[ref], media.name == "media" else {
      note(
        .missingMedia, path,
        "The \(Self.personName(element: element.name, name: nil)) names no media ('\(ref)'); "
          + "it is kept as an offline placeholder.")
      add(
        Piece(
          start: start, end: start + length,
          kind: .offline(name: element["name"] ?? "", url: nil, mediaStart: localStart),
          path: path), to: layer, window: window)
      return false
    }
    guard !mediaStack.contains(ref), mediaStack.count < 16 else {
      keepAsGap(
        element, "'\(ref)' contains itself (or nests deeper than 16)", start: start,
        length: length, layer: layer, window: window, path: path)
      return false
    }
    mediaStack.append(ref)
    defer { mediaStack.removeLast() }
    let mediaPath = "/fcpxml/resources/media[@id='\(ref)']"
    if element.name == "ref-clip", let sequence = media.child(named: "sequence"),
      let spine = sequence.child(named: "spine"),
      try nestsWhole(element, sequence: sequence, length: length, layer: layer, path: mediaPath)
    {
      // Shown whole inside a storyline: a nested track, as kadr plays one.
      let index = layers.count
      var nested = Layer(lane: 0, name: nil, isStoryline: true, order: index)
      nested.isNested = true
      layers.append(nested)
      let name = element["name"] ?? media["name"]
      try readSequential(
        spine.children, map: TimeMap(base: start, origin: .zero), window: nil, layer: index,
        path: mediaPath + "/sequence/spine", holdsPlace: true)
      var piece = Piece(
        start: start, end: start + length,
        kind: .nested(name: name == FCPXMLVocabulary.compoundName ? nil : name, layer: index),
        path: path)
      // The compound clip's opacity is the nested track's opacity factor.
      if let amount = element.child(named: "adjust-blend")?["amount"] {
        guard let factor = LookMapping.number(from: Substring(amount)) else {
          throw FCPXMLError(
            .invalidValue(attribute: "amount", value: amount), path: path + "/adjust-blend")
        }
        piece.look.opacity = factor
      }
      add(piece, to: layer, window: window)
      return true
    } else if element.name == "ref-clip", let sequence = media.child(named: "sequence"),
      let spine = sequence.child(named: "spine")
    {
      note(
        .compoundFlattened, path,
        "The compound clip '\(element["name"] ?? media["name"] ?? ref)' is placed as its "
          + "contents.")
      // Without a start, the clip shows its media from the media sequence's own start.
      let origin =
        element["start"] == nil
        ? (try time(sequence, "tcStart", path: mediaPath + "/sequence") ?? .zero) : localStart
      try readSequential(
        spine.children, map: TimeMap(base: start, origin: origin), window: window,
        layer: layer, path: mediaPath + "/sequence/spine", holdsPlace: true)
    } else if element.name == "mc-clip", let multicam = media.child(named: "multicam") {
      let angles = multicam.children(named: "mc-angle")
      let sources = element.children(named: "mc-source")
      let videoID =
        sources.first { $0["srcEnable"] == "video" || $0["srcEnable"] == "all" }?["angleID"]
      let audioID =
        sources.first { $0["srcEnable"] == "audio" || $0["srcEnable"] == "all" }?["angleID"]
      guard let angle = angles.first(where: { $0["angleID"] == videoID }) ?? angles.first else {
        note(.missingMedia, path, "The multicam clip has no angles; it is kept as a gap.")
        add(
          Piece(start: start, end: start + length, kind: .gap(name: ""), path: path), to: layer,
          window: window)
        return false
      }
      let audioAngle =
        audioID == angle["angleID"] ? nil : angles.first { $0["angleID"] == audioID }
      let audioNote =
        audioAngle.map { " (its audio comes from the angle '\($0["name"] ?? "")')" } ?? ""
      let used = audioAngle == nil ? 1 : 2
      note(
        .multicamAngle, path,
        "The multicam clip plays its active angle '\(angle["name"] ?? "")'\(audioNote); "
          + "\(angles.count - used) other angle\(angles.count - used == 1 ? " is" : "s are") "
          + "left out.")
      let origin =
        element["start"] == nil
        ? (try time(multicam, "tcStart", path: mediaPath + "/multicam") ?? .zero) : localStart
      let outer = angleUse
      defer { angleUse = outer }
      if let audioAngle {
        angleUse = outer == .audioOnly ? .audioOnly : .videoOnly
        if outer != .audioOnly {
          try readSequential(
            angle.children, map: TimeMap(base: start, origin: origin), window: window,
            layer: layer, path: mediaPath + "/multicam/mc-angle", holdsPlace: true)
        }
        angleUse = outer == .videoOnly ? .videoOnly : .audioOnly
        if outer != .videoOnly {
          try readSequential(
            audioAngle.children, map: TimeMap(base: start, origin: origin), window: window,
            layer: layer, path: mediaPath + "/multicam/mc-angle", holdsPlace: false)
        }
      } else {
        try readSequential(
          angle.children, map: TimeMap(base: start, origin: origin), window: window,
          layer: layer, path: mediaPath + "/multicam/mc-angle", holdsPlace: true)
      }
    } else {
      keepAsGap(
        element, "holds no timeline in its media", start: start, length: length, layer: layer,
        window: window, path: path)
    }
    return false
  }

  /// Reports a compound element this importer cannot place as its contents (`why`), and keeps
  /// its place with a gap.
  private mutating func keepAsGap(
    _ element: XMLTree, _ why: String, start: Time, length: Time, layer: Int,
    window: TimeRange?, path: String
  ) {
    note(
      .unknownElement, path,
      "The \(Self.personName(element: element.name, name: nil)) \(why); it is kept as a gap.")
    add(
      Piece(start: start, end: start + length, kind: .gap(name: ""), path: path), to: layer,
      window: window)
  }
}
