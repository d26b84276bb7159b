import Foundation
import KadrModel

extension SequenceWriter {
  /// `text` as an attribute's value: itself, or without the characters XML 1.0 cannot hold
  /// (NUL and the other control characters but tab, line feed and carriage return; U+FFFE,
  /// U+FFFF), with a loss that says which name lost them. A name written as it is would make
  /// the whole file unreadable, to Final Cut Pro and to this package's importer alike.
  ///
  /// - Parameters:
  ///   - text: The name (a clip id, a file name, a storyline's or a font's name, …).
  ///   - what: What it is, for the loss: `"a clip id"`.
  ///   - place: Where it is.
  mutating func xmlText(_ text: String, naming what: String, at place: Place) -> String {
    guard !XMLTree.isRepresentable(text) else { return text }
    lose("characters XML cannot hold in \(what), left out", at: place)
    return Self.representable(text)
  }

  /// Cleans what `tree` still holds that XML or FCPXML cannot, each element's clean-up reported
  /// as a loss of the composition, so that the document written is always one its importer
  /// reads: characters XML cannot hold (every name the writer takes from the composition goes
  /// through ``xmlText(_:naming:at:)`` first; this is the net under it), and a time whose sum
  /// overflowed (`Time`'s operators give ``Time/invalid``, which would be written `0/0s`),
  /// written as `0s`.
  mutating func cleanUnrepresentable(_ tree: inout XMLTree) {
    let invalidTime = FCPXMLTime.text(.invalid)
    for index in tree.attributes.indices {
      let attribute = tree.attributes[index]
      if attribute.value == invalidTime {
        lose(
          "a time in the \(tree.name) element's \(attribute.name) that overflows FCPXML's times, "
            + "written as 0s", at: Self.compositionPlace)
        tree.attributes[index].value = "0s"
      } else if !XMLTree.isRepresentable(attribute.value) {
        lose(
          "characters XML cannot hold in the \(tree.name) element's \(attribute.name), left out",
          at: Self.compositionPlace)
        tree.attributes[index].value = Self.representable(attribute.value)
      }
    }
    if !XMLTree.isRepresentable(tree.text) {
      lose(
        "characters XML cannot hold in the \(tree.name) element's text, left out",
        at: Self.compositionPlace)
      tree.text = Self.representable(tree.text)
    }
    for index in tree.children.indices { cleanUnrepresentable(&tree.children[index]) }
  }
}
