import Foundation
import KadrModel

/// Maps old media locations to new ones by prefix: `/Volumes/Old/` → `/Users/me/Media/`.
///
/// It rewrites the URLs of video clips (and their replacement audio), image clips' audio and
/// audio tracks, nested tracks included; an offline ``OTIOPlaceholder`` whose `mediaURL`
/// a rule maps becomes a `VideoClip` of the new URL, trimmed to its source range, in the same
/// place. Rules are tried in order; the first whose prefix matches wins.
public struct OTIOMediaRelinker: Sendable {
  /// One rule: URLs whose text starts with `from` get `to` instead.
  public struct Rule: Sendable, Hashable {
    /// The old prefix, compared with the URL's absolute string.
    public let from: String
    /// The new prefix.
    public let to: String

    /// Creates a rule from two URLs (directories: give them a trailing slash).
    ///
    /// - Parameters:
    ///   - from: The old location.
    ///   - to: The new location.
    public init(from: URL, to: URL) {
      self.from = from.absoluteString
      self.to = to.absoluteString
    }
  }

  /// The rules, tried in order.
  public var rules: [Rule]

  /// Creates a relinker.
  ///
  /// - Parameter rules: The rules, tried in order.
  public init(rules: [Rule]) {
    self.rules = rules
  }

  /// `video` with its media relinked, and how many URLs changed.
  ///
  /// - Parameter video: The composition.
  public func relink(_ video: Video) -> (video: Video, relinked: Int) {
    var count = 0
    let clips = video.clips.map { relink($0, count: &count) }
    let audio = video.audioTracks.map { track in
      guard let url = map(track.url) else { return track }
      count += 1
      return track.changing { $0.url = url }
    }
    // Built again with every other field of the composition (its compositor too) kept.
    let relinked = video.changing(
      clips: clips, audioTracks: audio, overlays: video.overlays, captions: video.captions)
    return (relinked, count)
  }

  /// The URL a rule maps `url` to, or `nil`.
  ///
  /// - Parameter url: A media URL.
  public func map(_ url: URL) -> URL? {
    let text = url.absoluteString
    for rule in rules where text.hasPrefix(rule.from) {
      return URL(string: rule.to + text.dropFirst(rule.from.count))
    }
    return nil
  }

  private func relink(_ clip: any Clip, count: inout Int) -> any Clip {
    switch clip {
    case let track as Track:
      return track.changing(
        clips: track.clips.map { relink($0, count: &count) }, startTime: track.startTime ?? .zero,
        name: track.name)
    case let video as VideoClip:
      let url = map(video.url)
      let audio = video.replacementAudioURL.flatMap(map)
      guard url != nil || audio != nil else { return video }
      count += (url == nil ? 0 : 1) + (audio == nil ? 0 : 1)
      // Built again with every other field (compositors included) kept.
      return video.changing {
        $0.url = url ?? video.url
        $0.replacementAudioURL = audio ?? video.replacementAudioURL
      }
    case let placeholder as OTIOPlaceholder:
      guard placeholder.role == .offline, let old = placeholder.mediaURL, let url = map(old) else {
        return placeholder
      }
      count += 1
      return VideoClip(
        url: url,
        trimRange: placeholder.sourceRange.map {
          TimeRange(start: $0.start, duration: placeholder.duration)
        }, clipID: placeholder.clipID, startTime: placeholder.startTime)
    default:
      return clip
    }
  }
}
