import Foundation
import KadrModel

extension SequenceWriter {
  /// A `title` over Final Cut Pro's Basic Title, its text styled by a `text-style-def`.
  mutating func titleElement(
    _ title: TitleSequence, head: [(name: String, value: String)], duration: Time, origin: Time,
    place: Place
  ) -> XMLTree {
    if title.backgroundColor != .black {
      lose(
        "a title background other than black, which FCPXML titles have no field for",
        at: place)
    }
    if !XMLTree.isRepresentable(title.text) {
      lose("characters XML cannot hold in a title's text, left out", at: place)
    }
    let effect = resources.effect(
      name: FCPXMLVocabulary.basicTitleName, uid: FCPXMLVocabulary.basicTitleUID)
    let styleID = nextStyleID()
    let rest: [(name: String, value: String)] =
      [
        (
          "name",
          title.name.map { xmlText($0, naming: "a title's name", at: place) }
            ?? title.clipID.map { xmlText($0.rawValue, naming: "a title's clip id", at: place) }
            ?? FCPXMLVocabulary.basicTitleName
        ),
        ("duration", FCPXMLTime.text(duration)),
      ] + roleAttributes(title.role, element: "title", at: place)
    let text = XMLTree(
      "text",
      children: [XMLTree("text-style", [("ref", styleID)], text: Self.representable(title.text))])
    let definition = XMLTree(
      "text-style-def", [("id", styleID)],
      children: [
        XMLTree(
          "text-style",
          TitleStyleMapping.attributes(of: title.style).map { attribute in
            attribute.name == "font"
              ? (attribute.name, xmlText(attribute.value, naming: "a font's name", at: place))
              : attribute
          })
      ])
    return XMLTree(
      "title", [("ref", effect)] + head + rest,
      children: [text, definition] + visualAdjustments(title, origin: origin, at: place)
        + clipMarkers(title.markers, origin: origin, at: place))
  }

  /// A new `text-style-def` id (`ts1`, `ts2`, …), unique in the document.
  mutating func nextStyleID() -> String {
    styleCount += 1
    return "ts\(styleCount)"
  }

  /// `text` without the characters XML 1.0 cannot hold.
  static func representable(_ text: String) -> String {
    guard !XMLTree.isRepresentable(text) else { return text }
    var kept = String.UnicodeScalarView()
    for scalar in text.unicodeScalars where XMLTree.isRepresentable(String(scalar)) {
      kept.append(scalar)
    }
    return String(kept)
  }

  /// What FCPXML cannot hold of a clip: a video clip's filters (kadr's Core Image filters have
  /// no Final Cut Pro effect of the same name and parameters), compositors (code) and
  /// replacement audio (FCPXML would need a separate audio clip, which reads back as an audio
  /// track). Transforms, opacity, volume, speed and reversal are written (see ``LookMapping``
  /// and ``SpeedCurveSampling``); what of them FCPXML cannot hold exactly is lost where they are
  /// written.
  mutating func visualLosses(_ clip: any Clip, at place: Place) {
    guard let video = clip as? VideoClip else { return }
    for filter in video.filters {
      lose("a filter (\(filter.kind.rawValue)), which FCPXML cannot name", at: place)
    }
    if !video.compositors.isEmpty { lose("a compositor (code)", at: place, kind: .compositor) }
    if video.replacementAudioURL != nil { lose("replacement audio", at: place) }
  }
}

/// How a kadr `TextStyle` maps to an FCPXML `text-style` and back: font, size, colour,
/// alignment, weight, stroke and shadow.
enum TitleStyleMapping {
  static func attributes(of style: TextStyle) -> [(name: String, value: String)] {
    var attributes: [(name: String, value: String)] = []
    if let font = style.fontName { attributes.append(("font", font)) }
    attributes.append(("fontSize", number(style.fontSize)))
    if style.weight == .medium { attributes.append(("fontFace", "Medium")) }
    attributes.append(("fontColor", color(style.color)))
    if style.weight == .bold { attributes.append(("bold", "1")) }
    if let stroke = style.stroke {
      attributes.append(("strokeColor", color(stroke.color)))
      attributes.append(("strokeWidth", number(stroke.width)))
    }
    if let shadow = style.shadow {
      attributes.append(("shadowColor", color(shadow.color)))
      attributes.append(
        (
          "shadowOffset",
          number(Double(shadow.offset.width)) + " " + number(Double(shadow.offset.height))
        ))
      attributes.append(("shadowBlurRadius", number(shadow.blur)))
    }
    let alignment: String =
      switch style.alignment {
      case .leading: "left"
      case .center: "center"
      case .trailing: "right"
      }
    attributes.append(("alignment", alignment))
    return attributes
  }

  /// The style an FCPXML `text-style` describes; what it does not say keeps kadr's default.
  static func style(from element: XMLTree) -> TextStyle {
    var style = TextStyle()
    style.fontName = element["font"]
    if let size = element["fontSize"].flatMap(Double.init), size.isFinite { style.fontSize = size }
    if let fontColor = element["fontColor"].flatMap(color(from:)) { style.color = fontColor }
    if element["bold"] == "1" || element["fontFace"]?.lowercased() == "bold" {
      style.weight = .bold
    } else if element["fontFace"]?.lowercased() == "medium" {
      style.weight = .medium
    }
    if let strokeColor = element["strokeColor"].flatMap(color(from:)),
      let width = element["strokeWidth"].flatMap(Double.init)
    {
      style.stroke = TextStroke(width: width, color: strokeColor)
    }
    if let shadowColor = element["shadowColor"].flatMap(color(from:)) {
      let parts = (element["shadowOffset"] ?? "").split(separator: " ").compactMap { Double($0) }
      let blur = element["shadowBlurRadius"].flatMap(Double.init) ?? 4
      style.shadow = TextShadow(
        offset: parts.count == 2
          ? CGSize(width: parts[0], height: parts[1]) : CGSize(width: 0, height: 2),
        blur: blur, color: shadowColor)
    }
    switch element["alignment"] {
    case "center": style.alignment = .center
    case "right": style.alignment = .trailing
    default: style.alignment = .leading
    }
    return style
  }

  /// A number as FCPXML writes one: whole numbers without a fraction.
  static func number(_ value: Double) -> String {
    if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
      return String(Int64(value))
    }
    return "\(value)"
  }

  /// `"r g b a"`.
  static func color(_ color: PlatformColor) -> String {
    [color.red, color.green, color.blue, color.alpha].map(number).joined(separator: " ")
  }

  /// The colour of `"r g b a"` (or `"r g b"`).
  static func color(from text: String) -> PlatformColor? {
    let parts = text.split(separator: " ").compactMap { Double($0) }
    guard parts.count == 3 || parts.count == 4 else { return nil }
    return PlatformColor(
      red: parts[0], green: parts[1], blue: parts[2], alpha: parts.count == 4 ? parts[3] : 1)
  }
}
