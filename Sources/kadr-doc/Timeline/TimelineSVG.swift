import Foundation
import KadrPersistence

/// Draws a composition's timeline as SVG. (First version: lanes and boxes; see the timeline
/// module's files for the full drawing.)
enum TimelineSVG {
  static func render(_ video: Video) -> String {
    let layout = video.layout
    let seconds = max(1, layout.duration.isValid ? layout.duration.seconds : 1)
    let scale = 900 / seconds
    var body = ""
    var y = 20.0
    for layer in layout.allLayers {
      for entry in layer.entries where !entry.isTransition {
        let x = 50 + entry.start.seconds * scale
        let width = max(1, (entry.end - entry.start).seconds * scale)
        body += "<rect class=\"clip\" x=\"\(x)\" y=\"\(y)\" width=\"\(width)\" height=\"24\" fill=\"#4a90d9\"/>\n"
      }
      y += 32
    }
    return """
      <svg xmlns="http://www.w3.org/2000/svg" width="1000" height="\(Int(y) + 20)">
      \(body)</svg>
      """
  }
}
