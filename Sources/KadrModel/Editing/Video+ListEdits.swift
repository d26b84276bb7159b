/// The edits of one of a composition's lists (audio tracks, captions, overlays) by index, which
/// the public edits of each list share.
extension Video {
  /// A copy whose element at `index` of `list` is what `change` returns.
  func updating<Element>(
    at index: Int, in list: WritableKeyPath<Video, [Element]>, named name: String,
    _ change: (Element) throws -> Element
  ) throws -> Video {
    try ClipTree.check(index, in: self[keyPath: list], place: "\(name)[\(index)]")
    let changed = try change(self[keyPath: list][index])
    return with { $0[keyPath: list][index] = changed }
  }

  /// A copy with `element` inserted at `index` of `list` (its count appends).
  func inserting<Element>(
    _ element: Element, at index: Int, in list: WritableKeyPath<Video, [Element]>,
    named name: String
  ) throws -> Video {
    try ClipTree.check(
      index, in: self[keyPath: list], place: "\(name)[\(index)]", insertion: true)
    return with { $0[keyPath: list].insert(element, at: index) }
  }

  /// A copy without the element at `index` of `list`.
  func removing<Element>(
    at index: Int, in list: WritableKeyPath<Video, [Element]>, named name: String
  ) throws -> Video {
    try ClipTree.check(index, in: self[keyPath: list], place: "\(name)[\(index)]")
    return with { $0[keyPath: list].remove(at: index) }
  }

  /// A copy whose element at `source` of `list` is at `destination` once moved.
  func moving<Element>(
    from source: Int, to destination: Int, in list: WritableKeyPath<Video, [Element]>,
    named name: String
  ) throws -> Video {
    try ClipTree.check(source, in: self[keyPath: list], place: "\(name)[\(source)]")
    try ClipTree.check(destination, in: self[keyPath: list], place: "\(name)[\(destination)]")
    return with { $0[keyPath: list].insert($0[keyPath: list].remove(at: source), at: destination) }
  }
}
