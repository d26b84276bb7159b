import Foundation

extension VideoClip {
  /// Returns a copy with `filters` appended, each with a fresh ``FilterID`` and no animation.
  ///
  /// - Parameter filters: The filters, applied after the existing ones, in order.
  public func filter(_ filters: Filter...) -> VideoClip {
    with { clip in
      for filter in filters {
        clip.appendFilter(filter, id: .generate(), animation: nil)
      }
    }
  }

  /// Returns a copy with `filter` appended under a fresh ``FilterID``, its primary scalar driven
  /// by `animation`.
  ///
  /// - Parameters:
  ///   - filter: The filter.
  ///   - animation: Values of the primary scalar over clip-relative time (after trim, before
  ///     speed); ignored by filters without one.
  public func filter(_ filter: Filter, animation: Animation<Double>) -> VideoClip {
    with { $0.appendFilter(filter, id: .generate(), animation: animation) }
  }

  /// Returns a copy with `filter` appended under the given identity, as an editor restoring a
  /// filter does.
  ///
  /// The ID is not checked for uniqueness (as in kadr); the ID-keyed modifiers act on the first
  /// filter with an ID.
  /// - Parameters:
  ///   - filter: The filter.
  ///   - id: Its identity.
  ///   - animation: Values of the primary scalar, or `nil`.
  public func filter(_ filter: Filter, id: FilterID, animation: Animation<Double>? = nil)
    -> VideoClip
  {
    with { $0.appendFilter(filter, id: id, animation: animation) }
  }

  /// The first filter whose identity is `id`, or `nil`.
  ///
  /// - Parameter id: The filter's identity.
  public func filter(for id: FilterID) -> Filter? {
    guard let index = filterIndex(for: id) else { return nil }
    return filters[index]
  }

  /// The animation of the first filter whose identity is `id`, or `nil` if there is no such
  /// filter or it has no animation.
  ///
  /// - Parameter id: The filter's identity.
  public func filterAnimation(for id: FilterID) -> Animation<Double>? {
    guard let index = filterIndex(for: id) else { return nil }
    return filterAnimations[index]
  }

  /// Returns a copy whose filter `id` has the animation `animation`; `nil` clears it. An unknown
  /// ID returns the clip unchanged.
  ///
  /// - Parameters:
  ///   - id: The filter's identity.
  ///   - animation: The new animation, or `nil`.
  public func filterAnimation(for id: FilterID, _ animation: Animation<Double>?) -> VideoClip {
    guard let index = filterIndex(for: id) else { return self }
    return with { $0.filterAnimations[index] = animation }
  }

  /// Returns a copy whose filter `id` is replaced by `filter`, keeping its identity and
  /// animation. An unknown ID returns the clip unchanged.
  ///
  /// - Parameters:
  ///   - id: The filter's identity.
  ///   - filter: The replacement.
  public func setFilter(for id: FilterID, _ filter: Filter) -> VideoClip {
    guard let index = filterIndex(for: id) else { return self }
    return with { $0.filters[index] = filter }
  }

  /// Returns a copy without filter `id`, its identity and its animation. An unknown ID returns
  /// the clip unchanged.
  ///
  /// - Parameter id: The filter's identity.
  public func removeFilter(for id: FilterID) -> VideoClip {
    guard let index = filterIndex(for: id) else { return self }
    return with {
      $0.filters.remove(at: index)
      $0.filterIDs.remove(at: index)
      $0.filterAnimations.remove(at: index)
    }
  }

  /// Returns a copy with the filters at `source` moved to `destination`, with their identities and
  /// animations.
  ///
  /// The offsets mean what SwiftUI's `onMove` and `Array.move(fromOffsets:toOffset:)` mean:
  /// `destination` is an index into the list *before* the moved filters are removed, and the
  /// moved filters keep their relative order. Moving `[1]` to `0` in `[a, b, c]` gives
  /// `[b, a, c]`; moving `[0]` to `3` gives `[b, c, a]`. An empty `source`, an offset outside the
  /// list, or a `destination` outside `0...filters.count` returns the clip unchanged.
  /// - Parameters:
  ///   - source: The offsets of the filters to move.
  ///   - destination: Where to insert them, counted before removal.
  public func moveFilters(fromOffsets source: IndexSet, toOffset destination: Int) -> VideoClip {
    let count = filters.count
    guard !source.isEmpty, source.allSatisfy({ (0..<count).contains($0) }),
      (0...count).contains(destination)
    else { return self }
    let moved = Array(source)
    let kept = (0..<count).filter { !source.contains($0) }
    let insertion = destination - source.count(in: 0..<destination)
    var order = kept
    order.insert(contentsOf: moved, at: min(max(0, insertion), order.count))
    return with { clip in
      clip.filters = order.map { filters[$0] }
      clip.filterIDs = order.map { filterIDs[$0] }
      clip.filterAnimations = order.map { filterAnimations[$0] }
    }
  }

  private func filterIndex(for id: FilterID) -> Int? {
    filterIDs.firstIndex(of: id)
  }

  private mutating func appendFilter(
    _ filter: Filter, id: FilterID, animation: Animation<Double>?
  ) {
    filters.append(filter)
    filterIDs.append(id)
    filterAnimations.append(animation)
  }
}
