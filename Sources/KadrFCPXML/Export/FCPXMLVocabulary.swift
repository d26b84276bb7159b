import KadrModel

/// The FCPXML names this module writes and reads that are not element or attribute names: the
/// version, Final Cut Pro's built-in effects, roles.
enum FCPXMLVocabulary {
  /// The version the exporter writes.
  static let exportVersion = "1.10"
  /// The versions the importer reads (minor versions of 1).
  static let importableMinorVersions = 8...13

  /// Final Cut Pro's Cross Dissolve transition.
  static let crossDissolveName = "Cross Dissolve"
  static let crossDissolveUID = "FxPlug:4731E73A-8DAC-4113-9A30-AE85B1761265"

  /// Final Cut Pro's Fade To Color transition, black unless a colour parameter says otherwise.
  ///
  /// No real file in this repository has one. The uid is the one in the `Info.fcpxml` DaVinci
  /// Resolve writes for a Dip To Color Dissolve, quoted in FCP Cafe's article on immersive video
  /// (CommandPost/FCPCafe, `docs/learn/immersive.md`), and the one several independent public
  /// FCPXML generators write for Final Cut Pro's Fade To Color.
  static let fadeToColorName = "Fade To Color"
  static let fadeToColorUID = "FxPlug:F779C565-486D-4633-8035-0374B4DB8F5C"

  /// Final Cut Pro's Slide transition.
  ///
  /// No real file in this repository has one. The uid is the one public FCPXML generators write
  /// for it (the tests of the `bmjs-fcpxml` Node module list Final Cut Pro's Movements
  /// transitions by uid, with the same Cross Dissolve uid as Final Cut Pro's own files; a
  /// Remotion-to-FCPXML exporter and a Python one agree). Its direction is the `param` of key
  /// ``slideDirectionKey`` as that Remotion exporter writes it (the only public source found):
  /// 0 Left, 1 Up, 2 Right, 3 Down, named for where the picture moves, so Left is kadr's
  /// `fromRight`.
  static let slideName = "Slide"
  static let slideUID = "FxPlug:6AAB0D54-FCD8-4EBD-A62D-D352A5ED1648"
  static let slideDirectionName = "Direction"
  static let slideDirectionKey = "4"

  /// The value of the Slide's direction `param` for a kadr direction.
  static func slideDirectionValue(_ direction: SlideDirection) -> String {
    switch direction {
    case .fromRight: "0"
    case .fromBottom: "1"
    case .fromLeft: "2"
    case .fromTop: "3"
    }
  }

  /// The kadr direction of a Slide's direction `param` value, or `nil` for another value.
  static func slideDirection(_ value: String) -> SlideDirection? {
    SlideDirection.allCases.first { slideDirectionValue($0) == value }
  }

  /// Final Cut Pro's Basic Title.
  static let basicTitleName = "Basic Title"
  static let basicTitleUID =
    ".../Titles.localized/Bumper:Opener.localized/Basic Title.localized/Basic Title.moti"

  /// The name of a compound clip (a nested track) without a name of its own.
  static let compoundName = "Compound Clip"

  /// The role of the captions the exporter writes (iTT, English).
  static let captionRole = "iTT?captionFormat=ITT.en"

  /// The event and project names when the caller gives none.
  static let defaultName = "kadr"

  /// The audio roles Final Cut Pro starts with: a video clip's one role with one of these as its
  /// main role is its `audioRole`, any other its `videoRole`.
  static let audioMainRoles: Set<String> = ["dialogue", "music", "effects"]
}
