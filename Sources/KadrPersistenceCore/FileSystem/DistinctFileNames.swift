import Foundation

/// File names derived from user text, kept distinct on every file system the package supports,
/// for the writers that name files after clips, timelines or documents (an `.otiod` bundle's
/// media, `kadr-doc import-otio --all`'s documents).
///
/// Two names are the same file on a case-insensitive, normalising file system (APFS and HFS+
/// as macOS and iOS format them, exFAT, SMB shares) when they differ only by case or by Unicode
/// normalisation: `Shot.mov` and `shot.mov`, or `Café.mov` composed and decomposed. Names are
/// therefore compared by ``key(_:)``: full Unicode case folding (`ß` and `ss`, `ς` and `σ` are
/// one key), then canonical composition (NFC). Plain `lowercased()` misses those pairs; folding
/// diacritics too would rename `Café` for a `Cafe` that APFS keeps apart. A key that merges a
/// little more than some file system does costs only a numbered name, never a lost file.
///
/// Public so that an interchange format built on the public API names a bundle's files the way
/// the package's own writers do.
public struct DistinctFileNames: Sendable {
  private var keys: Set<String> = []

  /// No name claimed yet.
  public init() {}

  /// What two names must not share to be two files everywhere: `name` case-folded (full Unicode
  /// folding, no locale) and composed (NFC). Foundation has both on Linux as on Apple platforms.
  ///
  /// - Parameter name: A file name.
  public static func key(_ name: String) -> String {
    name.folding(options: .caseInsensitive, locale: nil).precomposedStringWithCanonicalMapping
  }

  /// Whether a name with the same key as `name` is claimed.
  ///
  /// - Parameter name: A file name.
  public func contains(_ name: String) -> Bool {
    keys.contains(Self.key(name))
  }

  /// Claims `stem + suffix`, or else the first of `stem-2 + suffix`, `stem-3 + suffix`, … whose
  /// key no claimed name has, and returns it.
  ///
  /// - Parameters:
  ///   - stem: The name without its extension.
  ///   - suffix: An extension with its dot, or empty.
  public mutating func claim(stem: String, suffix: String = "") -> String {
    var name = stem + suffix
    var counter = 2
    while !keys.insert(Self.key(name)).inserted {
      name = "\(stem)-\(counter)\(suffix)"
      counter += 1
    }
    return name
  }
}
