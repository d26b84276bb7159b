import Foundation

extension VideoClip {
  /// The fields most clips leave at their defaults.
  struct Extras: Sendable {
    /// The source file, when its URL has a base (it is then kept as given); `nil` when the
    /// clip's ``urlString`` is all of it.
    var relativeURL: URL?
    var replacementAudioURL: URL?
    var speedRatio: SpeedRatio?
    var speedCurve: Animation<Double>?
    var compositors: [any Compositor]
    var transform: Transform?
    var transformAnimation: Animation<Transform>?
    var opacityAnimation: Animation<Double>?
    var name: String?
    var role: Role?
    var markers: [Marker]

    /// Whether every field is at its default.
    var isEmpty: Bool {
      relativeURL == nil && replacementAudioURL == nil && speedRatio == nil && speedCurve == nil
        && compositors.isEmpty
        && transform == nil && transformAnimation == nil && opacityAnimation == nil
        && name == nil && role == nil && markers.isEmpty
    }

    static let empty = Extras(
      relativeURL: nil, replacementAudioURL: nil, speedRatio: nil, speedCurve: nil, compositors: [],
      transform: nil, transformAnimation: nil, opacityAnimation: nil, name: nil, role: nil,
      markers: [])
  }

  /// An immutable box of ``Extras`` that copies of a clip share; a change makes a new box.
  final class ExtrasBox: Sendable {
    let fields: Extras

    init(_ fields: Extras) {
      self.fields = fields
    }
  }

  /// Changes one of the fields kept in ``extras``; the box goes when all are at their defaults.
  mutating func changeExtras(_ change: (inout Extras) -> Void) {
    var fields = extras?.fields ?? .empty
    change(&fields)
    extras = fields.isEmpty ? nil : ExtrasBox(fields)
  }

  /// Keeps `url`: a URL with no base as its absolute text, which takes a fifth of the memory
  /// of a `URL` and reads back as an equal one; any other URL as given.
  mutating func keep(_ url: URL) {
    urlString = url.absoluteString
    let relative = url.baseURL == nil ? nil : url
    if relative != nil || extras?.fields.relativeURL != nil {
      changeExtras { $0.relativeURL = relative }
    }
  }

  /// The source file, read back from what ``keep(_:)`` kept.
  var keptURL: URL {
    if let relative = extras?.fields.relativeURL { return relative }
    // The text is a parsed URL's absolute string, which parses again to an equal URL.
    return URL(string: urlString) ?? URL(fileURLWithPath: urlString)
  }
}

extension VideoClip: CustomReflectable {
  /// The clip's stored properties as kadr's `VideoClip` has them (and this package's additions),
  /// in their order, whatever the layout in memory.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "url": url, "trimRange": trimRange as Any, "isReversed": isReversed,
        "isMuted": isMuted, "volumeLevel": volumeLevel,
        "replacementAudioURL": replacementAudioURL as Any, "speedRate": speedRate,
        "speedRatio": speedRatio as Any, "speedCurve": speedCurve as Any, "filters": filters,
        "filterIDs": filterIDs, "filterAnimations": filterAnimations,
        "compositors": compositors, "clipID": clipID as Any, "startTime": startTime as Any,
        "transform": transform as Any, "transformAnimation": transformAnimation as Any,
        "opacity": opacity as Any, "opacityAnimation": opacityAnimation as Any,
        "name": name as Any, "role": role as Any, "markers": markers,
      ],
      displayStyle: .struct)
  }
}
