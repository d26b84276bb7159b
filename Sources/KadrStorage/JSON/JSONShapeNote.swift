/// What a tape's reader remembers about one shape's objects, for the key type it read them with:
/// the decoders' payload shape number (``JSONTape/remember(_:reader:keyType:hidden:at:)``).
/// Plain data: the reader keeps what the number names.
@usableFromInline
struct JSONShapeNote: BitwiseCopyable {
  /// The number remembered.
  @usableFromInline let number: Int
  /// The reader that remembered it: a number no other reading of any tape had.
  @usableFromInline let reader: UInt64
  /// The key type the note was made for.
  @usableFromInline let keyType: ObjectIdentifier
  /// The position of a member the reader does not show, or -1.
  @usableFromInline let hidden: Int

  @usableFromInline
  init(number: Int, reader: UInt64, keyType: ObjectIdentifier, hidden: Int) {
    self.number = number
    self.reader = reader
    self.keyType = keyType
    self.hidden = hidden
  }
}
