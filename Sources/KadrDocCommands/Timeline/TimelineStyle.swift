import Foundation

/// The timeline picture's geometry, colours and shared SVG definitions: a dark NLE look.
enum TimelineStyle {
  // MARK: Geometry

  /// The picture's width.
  static let width = 1280.0
  /// The outer margin.
  static let margin = 20.0
  /// Where the plot starts: the lane labels use the space to its left.
  static let plotLeft = 232.0
  /// Where the plot ends.
  static let plotRight = width - 28
  /// Where the time axis's baseline is.
  static let axisBaseline = 104.0
  /// The gap between two lanes.
  static let laneGap = 4.0
  /// The height of a section's heading row.
  static let sectionHeight = 24.0
  /// The indent of a nested track's label, per level (capped at ``maximumIndentLevels``).
  static let indentStep = 14.0
  /// How many nesting levels get their own indent; deeper ones share the last.
  static let maximumIndentLevels = 8

  // MARK: Colours

  static let background = "#15161a"
  static let lane = "#1e2026"
  static let laneHeader = "#262932"
  static let grid = "#2b2e37"
  static let gridMinor = "#23252c"
  static let rule = "#3a3e4a"
  static let text = "#e6e8ee"
  static let muted = "#8b91a1"
  static let bracket = "#596073"
  static let warning = "#f0b44c"
  static let error = "#ef5a5f"

  /// A colour pair: the fill of a box and its outline.
  struct Swatch {
    let fill: String
    let stroke: String
  }

  static let video = Swatch(fill: "#3b74d6", stroke: "#79a6f2")
  static let image = Swatch(fill: "#1f9466", stroke: "#55c797")
  static let title = Swatch(fill: "#c98524", stroke: "#f0b55e")
  static let other = Swatch(fill: "#7a52d9", stroke: "#a788f2")
  static let overlay = Swatch(fill: "#b3457c", stroke: "#e07eae")
  static let caption = Swatch(fill: "#4f586b", stroke: "#8791a6")
  static let audio = Swatch(fill: "#17706b", stroke: "#3fd0c4")
  static let track = Swatch(fill: "#ffffff", stroke: "#5e6579")

  // MARK: Text

  /// The CSS classes of the picture's text, and the font stack (sans-serif last).
  static let css = """
    text{font-family:Inter,"Helvetica Neue",Helvetica,Arial,"DejaVu Sans",sans-serif}
    .h1{font-size:18px;font-weight:600;fill:\(text)}
    .sub{font-size:12px;fill:\(muted)}
    .sec{font-size:10px;font-weight:700;fill:#70778a;letter-spacing:1px}
    .lane-name{font-size:12px;font-weight:600;fill:\(text)}
    .lane-meta{font-size:10px;fill:\(muted)}
    .tick{font-size:10px;fill:\(muted)}
    .end{font-size:10px;font-weight:600;fill:\(text)}
    .name{font-size:11px;font-weight:600;fill:#ffffff}
    .meta{font-size:9.5px;fill:#ffffff;fill-opacity:0.72}
    .tr{font-size:9px;font-weight:600;fill:#d9dce4}
    .tr-bad{font-size:9px;font-weight:600;fill:\(error)}
    .legend{font-size:11px;fill:#b4b9c6}
    .issue{font-size:11.5px;fill:\(warning)}
    .ok{font-size:11.5px;fill:\(muted)}
    """

  /// Font sizes matching ``css``, for fitting labels.
  enum FontSize {
    static let laneName = 12.0
    static let laneMeta = 10.0
    static let name = 11.0
    static let meta = 9.5
    static let transition = 9.0
    static let legend = 11.0
    static let issue = 11.5
  }

  /// The shared `<defs>`: the styles, the hatching of transitions, the fade gradient and the
  /// shading of time past the end.
  static var definitions: String {
    """
    <defs>
    <style>
    \(css)
    </style>
    <pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" \
    patternTransform="rotate(45)"><rect width="6" height="6" fill="#ffffff" fill-opacity="0.1"/>\
    <line x1="1" y1="0" x2="1" y2="6" stroke="#ffffff" stroke-width="1.6" \
    stroke-opacity="0.5"/></pattern>
    <pattern id="beyond" width="8" height="8" patternUnits="userSpaceOnUse" \
    patternTransform="rotate(45)"><rect width="8" height="8" fill="#000000" fill-opacity="0.28"/>\
    <line x1="0" y1="0" x2="0" y2="8" stroke="#ffffff" stroke-width="1" \
    stroke-opacity="0.05"/></pattern>
    <linearGradient id="fade" x1="0" y1="0" x2="1" y2="0">\
    <stop offset="0" stop-color="#000000" stop-opacity="0"/>\
    <stop offset="0.5" stop-color="#000000" stop-opacity="0.9"/>\
    <stop offset="1" stop-color="#000000" stop-opacity="0"/></linearGradient>
    </defs>
    """
  }
}
