import Foundation
import KadrModel

extension StoryReader {
  /// The adjustments a clip's look is read from; any other `adjust-…` is reported.
  static let readAdjustments: Set<String> = [
    "adjust-conform", "adjust-transform", "adjust-blend", "adjust-volume",
  ]

  /// The elements whose adjustments become kadr's transform, opacity and volume.
  static let elementsWithLook: Set<String> = ["asset-clip", "video", "title", "audio"]

  /// The look of `element` from its `adjust-transform`, `adjust-blend` and `adjust-volume`
  /// (see ``LookMapping`` for the units); what kadr cannot hold is reported.
  ///
  /// - Parameters:
  ///   - localStart: The element's local time at its start (its `start`).
  mutating func look(of element: XMLTree, localStart: Time, path: String) throws(FCPXMLError)
    -> StoryPieces.Look
  {
    var look = StoryPieces.Look()
    look.origin = localStart
    guard Self.elementsWithLook.contains(element.name) else { return look }
    if element.name == "asset-clip" || element.name == "video" {
      readConform(of: element, path: path)
    }
    if let adjust = element.child(named: "adjust-transform") {
      try readTransform(adjust, into: &look, path: path + "/adjust-transform")
    }
    if let adjust = element.child(named: "adjust-blend") {
      let blendPath = path + "/adjust-blend"
      if let amount = adjust["amount"] {
        look.opacity = try Self.number(amount, "amount", adjust, path: blendPath)
      }
      if let mode = adjust["mode"] {
        note(.effect, blendPath, "The blend mode '\(mode)' is left out: kadr blends normally.")
      }
      for param in adjust.children(named: "param") {
        guard param["name"] == "amount" else {
          note(.effect, blendPath, "The parameter '\(param["name"] ?? "")' is left out.")
          continue
        }
        look.opacityKeys = try keyframes(param, path: blendPath) { text throws(FCPXMLError) in
          try Self.number(text, "value", param, path: blendPath)
        }?.map { Animation<Double>.Keyframe(time: $0.time, value: $0.value) }
      }
    }
    if let adjust = element.child(named: "adjust-volume") {
      look.volume = try volume(adjust, path: path + "/adjust-volume")
    }
    return look
  }

  /// Final Cut Pro fits a clip's picture into the frame unless its `adjust-conform` says
  /// `fill`; kadr always fills it (cropping). Where the media's frame has another shape than
  /// the sequence's, the two place it differently: reported.
  private mutating func readConform(of element: XMLTree, path: String) {
    let type = element.child(named: "adjust-conform")?["type"] ?? "fit"
    let asset = element["ref"].flatMap { document.resources[$0] }
    guard type != "fill", let asset, asset.name == "asset", asset["hasVideo"] != "0",
      asset["duration"] != "0s",
      let format = (element["format"] ?? asset["format"]).flatMap({ document.resources[$0] }),
      let width = format["width"].flatMap(Double.init),
      let height = format["height"].flatMap(Double.init), width > 0, height > 0,
      width.isFinite, height.isFinite, abs(width / height - frame.aspect) > 1e-3
    else { return }
    let placement =
      type == "none" ? "shows the picture at its own size" : "fits the picture into the frame"
    note(
      .effect, path,
      "Final Cut Pro \(placement) (conform '\(type)'); kadr fills the frame, cropping the "
        + "\(LookMapping.number(width))×\(LookMapping.number(height)) picture.")
  }

  private mutating func readTransform(
    _ adjust: XMLTree, into look: inout StoryPieces.Look, path: String
  ) throws(FCPXMLError) {
    if adjust["enabled"] == "0" {
      note(.effect, path, "A disabled transform is left out.")
      return
    }
    if adjust["tracking"] != nil {
      note(.effect, path, "The transform follows a tracker, which kadr has not; left out.")
    }
    let names = ["position", "scale", "rotation", "anchor"]
    if names.contains(where: { adjust[$0] != nil }) {
      look.transform = try transform(
        position: adjust["position"], scale: adjust["scale"], rotation: adjust["rotation"],
        anchor: adjust["anchor"], base: Transform(), element: adjust, path: path)
    }
    var animated: [String: [(time: Time, text: String)]] = [:]
    for param in adjust.children(named: "param") {
      let name = param["name"] ?? ""
      guard names.contains(name) else {
        note(.effect, path, "The parameter '\(name)' is left out.")
        continue
      }
      animated[name] = try keyframes(param, path: path) { text throws(FCPXMLError) in text }?
        .map { (time: $0.time, text: $0.value) }
    }
    guard !animated.isEmpty else { return }
    // kadr animates the whole transform: one keyframe at every time any parameter has one,
    // each parameter's value there (its own keyframe, else its static value).
    var times: [Time] = []
    for keys in animated.values {
      for key in keys where !times.contains(key.time) { times.append(key.time) }
    }
    times.sort()
    if animated.values.contains(where: { $0.count != times.count }) {
      note(
        .effect, path,
        "The transform's parameters have keyframes at different times; each takes, at the "
          + "others' times, its own keyframe's value or its static value, not the value between.")
    }
    let base = look.transform ?? Transform()
    var keys: [Animation<Transform>.Keyframe] = []
    for time in times {
      func value(_ name: String) -> String? {
        animated[name]?.first { $0.time == time }?.text ?? adjust[name]
      }
      keys.append(
        Animation.Keyframe(
          time: time,
          value: try transform(
            position: value("position"), scale: value("scale"), rotation: value("rotation"),
            anchor: value("anchor"), base: base, element: adjust, path: path)))
    }
    look.transformKeys = keys
  }

  /// A transform from FCPXML's texts; a missing one keeps `base`'s value.
  private mutating func transform(
    position: String?, scale: String?, rotation: String?, anchor: String?, base: Transform,
    element: XMLTree, path: String
  ) throws(FCPXMLError) -> Transform {
    var transform = base
    if let position {
      guard let (x, y) = LookMapping.fractions(of: position, in: frame) else {
        throw FCPXMLError(
          .invalidValue(attribute: "position", value: position), path: path, line: element.line)
      }
      transform.center = .normalized(x: x, y: y)
    }
    if let scale {
      guard let (x, y) = LookMapping.pair(from: scale) else {
        throw FCPXMLError(
          .invalidValue(attribute: "scale", value: scale), path: path, line: element.line)
      }
      if x != y {
        note(
          .effect, path,
          "The scale \(scale) is not uniform; kadr scales both ways by its horizontal \(x).")
      }
      transform.scale = x
    }
    if let rotation {
      transform.rotation = LookMapping.radians(
        try Self.number(rotation, "rotation", element, path: path))
    }
    if let anchor {
      if let named = LookMapping.anchor(from: anchor, in: frame) {
        transform.anchor = named
      } else {
        guard let (x, y) = LookMapping.fractions(of: anchor, in: frame) else {
          throw FCPXMLError(
            .invalidValue(attribute: "anchor", value: anchor), path: path, line: element.line)
        }
        let nearest = Anchor.allCases.min { lhs, rhs in
          let a = lhs.unitOffset
          let b = rhs.unitOffset
          return hypot(Double(a.x) - x, Double(a.y) - y) < hypot(Double(b.x) - x, Double(b.y) - y)
        }
        transform.anchor = nearest ?? .center
        note(
          .effect, path,
          "The anchor \(anchor) is not one of kadr's nine; the nearest (\(transform.anchor)) is "
            + "used.")
      }
    }
    return transform
  }

  /// The `adjust-volume`: its level, the fades and keyframes of its `amount`.
  private mutating func volume(_ adjust: XMLTree, path: String) throws(FCPXMLError)
    -> StoryPieces.Volume
  {
    var volume = StoryPieces.Volume()
    if let amount = adjust["amount"] {
      guard let level = LookMapping.level(from: amount) else {
        throw FCPXMLError(
          .invalidValue(attribute: "amount", value: amount), path: path, line: adjust.line)
      }
      volume.level = level
    }
    for param in adjust.children(named: "param") {
      guard param["name"] == "amount" else {
        note(.effect, path, "The parameter '\(param["name"] ?? "")' is left out.")
        continue
      }
      for (name, fade) in [
        ("fadeIn", param.child(named: "fadeIn")), ("fadeOut", param.child(named: "fadeOut")),
      ] {
        guard let fade else { continue }
        let length = try duration(fade, path: path + "/param/" + name)
        if (fade["type"] ?? "easeIn") != "linear" {
          note(
            .effect, path,
            "The \(name) curve '\(fade["type"] ?? "default")' is imported as kadr's linear fade.")
        }
        if name == "fadeIn" { volume.fadeIn = length } else { volume.fadeOut = length }
      }
      let keys = try keyframes(param, path: path) { text throws(FCPXMLError) in
        guard let level = LookMapping.level(from: text) else {
          throw FCPXMLError(.invalidValue(attribute: "value", value: text), path: path)
        }
        return level
      }
      volume.keys = (keys ?? []).map { ($0.time, $0.value) }
    }
    return volume
  }

  /// The keyframes of a `param`'s `keyframeAnimation`, or `nil` without one; an easing kadr's
  /// linear keyframes cannot play is reported.
  private mutating func keyframes<Value>(
    _ param: XMLTree, path: String, value: (String) throws(FCPXMLError) -> Value
  ) throws(FCPXMLError) -> [(time: Time, value: Value)]? {
    guard let animation = param.child(named: "keyframeAnimation") else { return nil }
    var keys: [(time: Time, value: Value)] = []
    var eased = false
    for key in animation.children(named: "keyframe") {
      guard let time = try time(key, "time", path: path) else {
        throw FCPXMLError(
          .invalidValue(attribute: "time", value: "(missing)"), path: path, line: key.line)
      }
      keys.append((time, try value(key["value"] ?? "")))
      // A position names no curve (Final Cut Pro keeps its path spatial): read as linear.
      let curve = key["curve"] ?? (param["name"] == "position" ? "linear" : "smooth")
      if curve != "linear" || (key["interp"] ?? "linear") != "linear" {
        eased = true
      }
    }
    if eased, keys.count > 1 {
      note(
        .effect, path,
        "The '\(param["name"] ?? "")' keyframes are eased (smooth or ease); kadr moves between "
          + "them linearly.")
    }
    return keys
  }

  private static func number(
    _ text: String, _ attribute: String, _ element: XMLTree, path: String
  )
    throws(FCPXMLError) -> Double
  {
    guard let value = LookMapping.number(from: Substring(text)) else {
      throw FCPXMLError(
        .invalidValue(attribute: attribute, value: text), path: path, line: element.line)
    }
    return value
  }
}
