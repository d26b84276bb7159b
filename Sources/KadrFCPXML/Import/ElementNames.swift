import Foundation

extension StoryReader {
  /// What an editor calls an element a clip holds, as Final Cut Pro's inspector names it:
  /// `the colour conform`, `the effect “Gaussian Blur”`, `the note “Check the sky”`. An element
  /// this table lacks keeps its FCPXML name, quoted, so that the sentence still says what it is.
  ///
  /// - Parameter element: The element.
  /// - Returns: A noun phrase with its article.
  static func personName(of element: XMLTree) -> String {
    let quoted = { (text: String?) -> String in
      let words = (text ?? "").split(whereSeparator: \.isWhitespace).joined(separator: " ")
      return words.isEmpty ? "" : " “\(words.prefix(60))”"
    }
    if let phrase = inspectorNames[element.name] { return "the " + phrase }
    switch element.name {
    case "filter-video": return "the video effect" + quoted(element["name"])
    case "filter-audio": return "the audio effect" + quoted(element["name"])
    case "filter-video-mask": return "the effect mask" + quoted(element["name"])
    case "note": return "the note" + quoted(element.text)
    default: return "the ‘\(element.name)’ setting"
    }
  }

  /// Final Cut Pro's names for the settings elements a clip holds.
  private static let inspectorNames: [String: String] = [
    "adjust-colorConform": "colour conform (HDR tone mapping)",
    "adjust-conform": "spatial conform",
    "adjust-crop": "crop",
    "adjust-corners": "distort (corner pin)",
    "adjust-transform": "transform",
    "adjust-blend": "compositing blend mode",
    "adjust-stabilization": "stabilisation",
    "adjust-rollingShutter": "rolling shutter correction",
    "adjust-360-transform": "360° transform",
    "adjust-reorient": "360° reorientation",
    "adjust-orientation": "360° orientation",
    "adjust-cinematic": "cinematic depth of field",
    "adjust-stereo-3D": "stereoscopic 3D setting",
    "adjust-volume": "volume",
    "adjust-panner": "pan",
    "adjust-loudness": "loudness",
    "adjust-noiseReduction": "background noise removal",
    "adjust-humReduction": "hum removal",
    "adjust-EQ": "equalisation",
    "adjust-matchEQ": "match equalisation",
    "adjust-voiceIsolation": "voice isolation",
    "audio-channel-source": "audio channel configuration",
    "audio-role-source": "audio role component",
    "mute": "mute",
    "object-tracker": "object tracker",
    "metadata": "clip information (metadata)",
  ]

  /// A sentence of a noun phrase and the rest: its first letter made a capital.
  static func sentence(_ phrase: String, _ rest: String) -> String {
    phrase.prefix(1).uppercased() + phrase.dropFirst() + " " + rest
  }
}
