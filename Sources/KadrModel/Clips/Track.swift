import Foundation

/// A sub-timeline that plays as its own layer: its clips chain from the track's start time.
///
/// Tracks nest to any depth. A track's ``opacityFactor`` multiplies the opacity of every clip in
/// it.
public struct Track: Clip, Sendable {
  /// The inner clips, which may include transitions and nested tracks.
  public package(set) var clips: [any Clip]
  /// The composition time the track starts at; always set (zero by default).
  public package(set) var startTime: Time?
  /// A label for editors.
  public package(set) var name: String?
  /// A factor that multiplies every inner clip's opacity, 0…1.
  public package(set) var opacityFactor: Double

  /// Creates a track that starts at zero.
  ///
  /// - Parameters:
  ///   - name: A label for editors.
  ///   - content: The track's clips.
  public init(name: String? = nil, @VideoBuilder _ content: () -> [any Clip]) {
    self.init(clips: content(), startTime: .zero, name: name, opacityFactor: 1)
  }

  /// Creates a track that starts at `time`.
  ///
  /// - Parameters:
  ///   - time: The composition time the track starts at.
  ///   - name: A label for editors.
  ///   - content: The track's clips.
  public init(at time: Time, name: String? = nil, @VideoBuilder _ content: () -> [any Clip]) {
    self.init(clips: content(), startTime: time, name: name, opacityFactor: 1)
  }

  /// Creates a track that starts at `time` seconds (timescale 600).
  ///
  /// - Parameters:
  ///   - time: Seconds.
  ///   - name: A label for editors.
  ///   - content: The track's clips.
  public init(at time: TimeInterval, name: String? = nil, @VideoBuilder _ content: () -> [any Clip])
  {
    self.init(clips: content(), startTime: Time(seconds: time), name: name, opacityFactor: 1)
  }

  /// Creates a track from all of its stored properties, as a decoder does.
  ///
  /// - Parameters:
  ///   - clips: The inner clips.
  ///   - startTime: Where the track starts.
  ///   - name: A label for editors.
  ///   - opacityFactor: The factor applied to every inner clip's opacity.
  public init(
    clips: [any Clip], startTime: Time = .zero, name: String? = nil, opacityFactor: Double = 1
  ) {
    self.clips = clips
    self.startTime = startTime
    self.name = name
    self.opacityFactor = opacityFactor
  }

  /// The sum of the inner clips' durations (kadr's naive sum: transitions included, overlaps
  /// ignored); ``Time/invalid`` if the sum overflows.
  public var duration: Time {
    clips.reduce(Time.zero) { $0 + $1.duration }
  }

  /// Returns a copy whose opacity factor is `factor`.
  ///
  /// - Parameter factor: The factor, 0…1, applied to every inner clip's opacity.
  public func opacity(_ factor: Double) -> Track {
    Track(clips: clips, startTime: startTime ?? .zero, name: name, opacityFactor: factor)
  }
}

extension Track {
  /// Returns a copy labelled `name` for editors (`nil` removes the label).
  ///
  /// - Parameter name: The label.
  public func named(_ name: String?) -> Track {
    Track(clips: clips, startTime: startTime ?? .zero, name: name, opacityFactor: opacityFactor)
  }
}
