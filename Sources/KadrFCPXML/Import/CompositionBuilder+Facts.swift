import Foundation
import KadrModel

extension CompositionBuilder {
  /// The id and the display name of an imported clip.
  ///
  /// Every clip gets an id, unique in the composition and the same each time the same document
  /// is imported: its name in the file (or `defaultName` when it has none), then `name (2)`,
  /// `name (3)`, … for names used before. The name is the clip's display name unless it is
  /// what kadr shows anyway (`defaultName`, or `otherDefault`: a file's name, a title's text)
  /// and the id says it too. A clip with no name whose id is numbered gets `defaultName` as its
  /// name, so that an export (which writes a clip without a name under its id) writes the name
  /// the file had.
  ///
  /// - Parameters:
  ///   - name: The element's `name`.
  ///   - defaultName: What kadr shows for a clip with no name.
  ///   - otherDefault: Another name that is no more than the default (a title's text).
  mutating func identity(named name: String?, defaultName: String, otherDefault: String?) -> (
    id: ClipID, name: String?
  ) {
    let given = name.flatMap { $0.isEmpty ? nil : $0 }
    let id = uniqueID(given ?? defaultName)
    guard let given else { return (id, id.rawValue == defaultName ? nil : defaultName) }
    let isDefault = given == defaultName || given == otherDefault
    return (id, isDefault && id.rawValue == given ? nil : given)
  }

  /// `base`, or `base (n)` with the first n that is not yet used.
  private mutating func uniqueID(_ base: String) -> ClipID {
    let base = base.isEmpty ? "clip" : base
    var number = nextNumber[base] ?? 1
    var candidate = number == 1 ? base : "\(base) (\(number))"
    while usedIDs.contains(candidate) {
      number += 1
      candidate = "\(base) (\(number))"
    }
    usedIDs.insert(candidate)
    nextNumber[base] = number + 1
    return ClipID(candidate)
  }

  /// The markers of a piece in kadr's clip time (from the clip's first frame, as its
  /// animations count); those outside the part of the clip that plays are reported.
  mutating func markers(of piece: Piece, length: Time) -> [Marker] {
    var kept: [Marker] = []
    var outside: [String] = []
    for marker in piece.facts.markers {
      let start = Self.reduced(marker.start - piece.look.origin)
      guard start.isValid, start >= .zero, start <= length else {
        outside.append("“\(marker.name)”")
        continue
      }
      kept.append(
        Marker(
          marker.name, at: start, duration: Self.reduced(marker.duration), kind: marker.kind,
          note: marker.note))
    }
    if !outside.isEmpty {
      items.append(
        FCPXMLImportReport.Item(
          kind: .marker, path: piece.path,
          detail: "\(outside.count) marker\(outside.count == 1 ? "" : "s") "
            + "(\(outside.prefix(3).joined(separator: ", "))) outside the part of the clip that "
            + "plays \(outside.count == 1 ? "is" : "are") left out.",
          subject: subject(of: piece)))
    }
    return kept
  }

  /// The trim that plays exactly `length` at the exact speed `rate` (kadr's exact speed
  /// divides the trim by it with no rounding), or `nil` at normal speed or when that trim's
  /// fraction is too fine to keep (see `StoryPieces.Rate.largestExactTimescale`).
  func exactMediaLength(playing length: Time, at rate: StoryPieces.Rate) -> Time? {
    guard !rate.isNormal,
      let trim = try? length.multiplied(by: rate.numerator, dividedBy: rate.denominator)
    else { return nil }
    let reduced = Self.reduced(trim)
    guard reduced.timescale <= StoryPieces.Rate.largestExactTimescale,
      (try? reduced.multiplied(by: rate.denominator, dividedBy: rate.numerator)) == length
    else { return nil }
    return reduced
  }

  /// A piece as a person names it in the report, with its timecode: `clip “Intro” at
  /// 01:00:05:00`, `transition at 00:00:10:00`.
  func subject(of piece: Piece) -> String {
    let element =
      switch piece.kind {
      case .transition: "transition"
      case .still: "still"
      case .title: "title"
      case .gap: "gap"
      case .nested: "compound clip"
      case .video, .offline: "clip"
      }
    let at = timecode.flatMap {
      FCPXMLTime.timecode(at: piece.start, origin: $0.origin, rate: $0.rate)
    }
    return StoryReader.subject(element: element, name: piece.facts.name, at: at)
  }
}

extension VideoClip {
  /// A copy with a display name, a role and markers, each only when given.
  func with(name: String?, role: Role?, markers: [Marker]) -> VideoClip {
    var clip = self
    if let name { clip = clip.named(name) }
    if let role { clip = clip.role(role) }
    for marker in markers { clip = clip.marker(marker) }
    return clip
  }
}
