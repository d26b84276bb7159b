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
}
