import Foundation
import KadrModel

/// Something an FCPXML export changed that neither the picture nor the sound shows: a kadr
/// setting Final Cut Pro has no use for, or a time or level moved by less than anyone sees or
/// hears.
///
/// Notes are the export's second kind of report item. A loss (`Loss`) changes what the cut
/// looks or sounds like and is refused by default; a note never is: the export succeeds and
/// lists its notes in `FCPXMLFile.notes`, for an app to show as information rather than as
/// a warning.
///
/// ```swift
/// let file = try FCPXMLExporter().export(reel)   // a .reelsAndShorts composition
/// for note in file.notes { print(note.describedForUser) }
/// ```
public struct FCPXMLExportNote: Sendable, Hashable, CustomStringConvertible {
  /// What changed.
  ///
  /// Cases may be added in any release: a `switch` over a kind should end in `default:`.
  public enum Kind: Sendable, Hashable {
    /// The preset's name (such as `.reelsAndShorts`): the sequence has its size and frame rate,
    /// and Final Cut Pro names formats by their numbers.
    case presetName(String)
    /// A custom preset's codec, which is an export setting, not part of a timeline.
    case presetCodec(String)
    /// The composition's export quality, which is an export setting, not part of a timeline.
    case exportQuality
    /// A time between the sequence's frames, moved to the nearest frame by `seconds` (at most
    /// half a frame; the largest move at that place).
    case movedToFrame(seconds: Double)
    /// A volume whose decibels, as written, read back as `readBack` instead of `level`: a
    /// difference far below what anyone hears.
    case roundedVolume(level: Double, readBack: Double)
    /// A marker of the timeline over a clip: Final Cut Pro keeps markers on clips and gaps
    /// only, so it is that clip's marker there (and when the document is imported again).
    case markerOnClip
    /// The in-point of a clip at an exact speed whose fraction FCPXML's times cannot hold with
    /// it: the media it starts at moved by `seconds` (a few millionths of a second).
    case roundedInPoint(seconds: Double)
    /// An audio track or a caption that runs `seconds` past the composition's last picture,
    /// which kadr does not play: it ends with the last picture in the timeline too.
    case endsWithLastPicture(seconds: Double)
  }

  /// What changed.
  public let kind: Kind
  /// Where, in words a developer can act on: `clips[2] (video a.mov)`, `the composition`.
  public let location: String
  /// Where, in words for the person using the app: `clip 3 (video a.mov)`.
  public let placeForUser: String

  /// Creates a note.
  ///
  /// - Parameters:
  ///   - kind: What changed.
  ///   - location: Where, in words.
  ///   - placeForUser: Where, in words for an end user; `location` by default.
  public init(kind: Kind, location: String, placeForUser: String? = nil) {
    self.kind = kind
    self.location = location
    self.placeForUser = placeForUser ?? location
  }

  /// For example `clips[0] (video a.mov): moved 4.2 ms to the nearest frame`.
  public var description: String { "\(location): \(phrase)" }

  /// A sentence for the person using the app, such as "Clip 1 (video a.mov) was moved 4.2 ms
  /// to the nearest frame."
  public var describedForUser: String {
    let place = placeForUser.prefix(1).uppercased() + placeForUser.dropFirst()
    switch kind {
    case .presetName(let name):
      return "Final Cut Pro has no preset named \(name): the timeline has its size and frame "
        + "rate, under Final Cut Pro's own name for them."
    case .presetCodec(let codec):
      return "The \(codec) codec is chosen when a film is shared, not in a timeline: choose it "
        + "again when you share from Final Cut Pro."
    case .exportQuality:
      return "The export quality is chosen when a film is shared, not in a timeline: choose it "
        + "again when you share from Final Cut Pro."
    case .movedToFrame:
      return "\(place) was \(phrase)."
    case .roundedVolume:
      return "The volume of \(placeForUser) was \(phrase)."
    case .markerOnClip:
      return "\(place) is on the clip playing there: Final Cut Pro keeps markers on clips."
    case .roundedInPoint:
      return "\(place) starts \(phrase)."
    case .endsWithLastPicture:
      return "\(place) \(phrase)."
    }
  }

  /// The note without its place: `moved 4.2 ms to the nearest frame`.
  var phrase: String {
    switch kind {
    case .presetName(let name):
      "the preset's name (\(name)); its size and frame rate are the sequence's format"
    case .presetCodec(let codec): "the preset's codec (\(codec)), an export setting"
    case .exportQuality: "the export quality, an export setting"
    case .movedToFrame(let seconds):
      "moved \(Self.milliseconds(seconds)) ms to the nearest frame"
    case .roundedVolume(let level, let readBack):
      "rounded by \(Self.significant(abs(readBack - level))) (from \(level)), far below what "
        + "anyone hears"
    case .markerOnClip: "written on the clip playing there, where Final Cut Pro keeps markers"
    case .roundedInPoint(let seconds):
      "its media \(Self.significant(seconds)) s away from where it did, at its exact speed"
    case .endsWithLastPicture(let seconds):
      "ends with the last picture, \(Self.significant(seconds)) s earlier, as kadr plays it"
    }
  }

  /// `seconds` in milliseconds with one decimal: `4.2`, `0.8`.
  static func milliseconds(_ seconds: Double) -> String {
    let tenths = (abs(seconds) * 10_000).rounded()
    return tenths.isFinite ? "\(Int64(tenths) / 10).\(Int64(tenths) % 10)" : "\(seconds * 1000)"
  }

  /// `value` with two significant digits: `1.2e-07`.
  static func significant(_ value: Double) -> String {
    String(format: "%.2g", value)
  }
}
