import Foundation

/// An audio clip whose media OpenTimelineIO says is missing, kept as a kadr audio track.
///
/// kadr's audio tracks play a file by URL and have no offline form, so the track's URL is
/// `kadr-offline:<clip name>`: a URL no player opens (the app sees at once that the file is not
/// there), which keeps the clip's name, and which ``OTIOMediaRelinker`` relinks by prefix
/// (`kadr-offline:music=file:///media/music.m4a`, or `kadr-doc import-otio --relink`). Export
/// writes it back as a `MissingReference` of that name, so the timeline round-trips.
public enum OfflineAudio {
  /// The URL scheme of an offline audio track.
  public static let scheme = "kadr-offline"

  /// The URL of an offline audio track named `name` (percent-encoded; `audio` when empty).
  ///
  /// - Parameter name: The clip's name in the OpenTimelineIO file.
  public static func url(named name: String) -> URL {
    let text = name.isEmpty ? "audio" : name
    let encoded =
      text.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"]))
      ?? "audio"
    return URL(string: "\(scheme):\(encoded)") ?? URL(fileURLWithPath: "/")
  }

  /// The name an offline audio track's URL keeps, or `nil` for the URL of a file.
  ///
  /// - Parameter url: An audio track's URL.
  public static func name(of url: URL) -> String? {
    guard url.scheme == scheme else { return nil }
    let text = url.absoluteString.dropFirst(scheme.count + 1)
    return String(text).removingPercentEncoding ?? String(text)
  }
}
