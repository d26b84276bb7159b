/// What a reader of a tape remembers about the objects of one shape, for the key type it read
/// them with: the decoders' payload shapes (``JSONTape/remember(_:keyType:hidden:at:)``).
@usableFromInline
package struct JSONShapeNote {
  /// The object remembered, unretained: whoever remembers it keeps it for as long as the tape.
  @usableFromInline package let object: Unmanaged<AnyObject>
  /// The key type the note was made for.
  @usableFromInline package let keyType: ObjectIdentifier
  /// The position of a member the reader does not show, or -1.
  @usableFromInline package let hidden: Int

  @usableFromInline
  package init(object: Unmanaged<AnyObject>, keyType: ObjectIdentifier, hidden: Int) {
    self.object = object
    self.keyType = keyType
    self.hidden = hidden
  }
}
