/// A value type whose modifiers return a copy with some fields changed, as kadr's modifiers do.
protocol CopyModifying {}

extension CopyModifying {
  /// A copy of `self` after `change`.
  func with(_ change: (inout Self) -> Void) -> Self {
    var copy = self
    change(&copy)
    return copy
  }
}

extension Video: CopyModifying {}
extension VideoClip: CopyModifying {}
extension ImageClip: CopyModifying {}
extension TextOverlay: CopyModifying {}
extension ImageOverlay: CopyModifying {}
extension StickerOverlay: CopyModifying {}
extension TitleSequence: CopyModifying {}
