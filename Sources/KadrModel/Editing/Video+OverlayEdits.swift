extension Video {
  /// The first overlay with identity `id`; `nil` when none has it.
  ///
  /// - Parameter id: The overlay's identity.
  public func overlay(id: LayerID) -> (any Overlay)? {
    overlays.first { $0.layerID == id }
  }

  /// Returns a copy in which the overlay with identity `id` is changed by `change`.
  ///
  /// ```swift
  /// let moved = try video.updatingOverlay(id: "logo", as: ImageOverlay.self) {
  ///   $0.opacity(0.5)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - id: The overlay's identity (the first overlay that has it).
  ///   - type: The overlay's kind.
  ///   - change: Returns the changed overlay; it may be of another kind.
  /// - Returns: The composition with the changed overlay at the same layer.
  /// - Throws: ``TimelineEditError`` when no overlay has `id` or it is not an `O`; `change`'s
  ///   errors.
  public func updatingOverlay<O: Overlay>(
    id: LayerID, as type: O.Type = O.self, _ change: (O) throws -> any Overlay
  ) throws -> Video {
    try updatingOverlay(at: requireIndex(of: id), as: type, change)
  }

  /// Returns a copy in which the overlay at `index` (0 is the bottom layer) is changed by
  /// `change`.
  ///
  /// - Parameters:
  ///   - index: The overlay's place among the overlays.
  ///   - type: The overlay's kind.
  ///   - change: Returns the changed overlay; it may be of another kind.
  /// - Returns: The composition with the changed overlay at the same layer.
  /// - Throws: ``TimelineEditError`` when there is no overlay at `index` or it is not an `O`;
  ///   `change`'s errors.
  public func updatingOverlay<O: Overlay>(
    at index: Int, as type: O.Type = O.self, _ change: (O) throws -> any Overlay
  ) throws -> Video {
    try ClipTree.check(index, in: overlays, place: "overlays[\(index)]")
    guard let current = overlays[index] as? O else {
      throw TimelineEditError(
        .kindMismatch, place: "overlay at overlays[\(index)]",
        found: "\(Swift.type(of: overlays[index]))", expected: "\(O.self)")
    }
    let changed = try change(current)
    return with { $0.overlays[index] = changed }
  }

  /// Returns a copy in which `overlay` takes the place of the overlay with identity `id`.
  ///
  /// - Parameters:
  ///   - id: The identity of the overlay to replace.
  ///   - overlay: The new overlay.
  /// - Returns: The composition with `overlay` at that layer.
  /// - Throws: ``TimelineEditError/Code/overlayNotFound`` when no overlay has `id`.
  public func replacingOverlay(id: LayerID, with overlay: any Overlay) throws -> Video {
    let index = try requireIndex(of: id)
    return with { $0.overlays[index] = overlay }
  }

  /// Returns a copy in which `overlay` takes the place of the overlay at `index`.
  ///
  /// - Parameters:
  ///   - index: The place of the overlay to replace.
  ///   - overlay: The new overlay.
  /// - Returns: The composition with `overlay` at that layer.
  /// - Throws: ``TimelineEditError`` when there is no overlay at `index`.
  public func replacingOverlay(at index: Int, with overlay: any Overlay) throws -> Video {
    try updating(at: index, in: \.overlays, named: "overlays") { _ in overlay }
  }

  /// Returns a copy with `overlay` inserted at `index` among the overlays (0 is the bottom
  /// layer; the count of overlays puts it on top).
  ///
  /// - Parameters:
  ///   - overlay: The overlay to insert.
  ///   - index: Its place among the overlays.
  /// - Returns: The composition with `overlay` at `index`.
  /// - Throws: ``TimelineEditError`` when `index` is outside `0...overlays.count`.
  public func insertingOverlay(_ overlay: any Overlay, at index: Int) throws -> Video {
    try inserting(overlay, at: index, in: \.overlays, named: "overlays")
  }

  /// Returns a copy without the overlay with identity `id` (the first that has it).
  ///
  /// - Parameter id: The identity of the overlay to remove.
  /// - Returns: The composition without that overlay.
  /// - Throws: ``TimelineEditError/Code/overlayNotFound`` when no overlay has `id`.
  public func removingOverlay(id: LayerID) throws -> Video {
    try removingOverlay(at: requireIndex(of: id))
  }

  /// Returns a copy without the overlay at `index`.
  ///
  /// - Parameter index: The overlay's place among the overlays.
  /// - Returns: The composition without that overlay.
  /// - Throws: ``TimelineEditError`` when there is no overlay at `index`.
  public func removingOverlay(at index: Int) throws -> Video {
    try removing(at: index, in: \.overlays, named: "overlays")
  }

  /// Returns a copy in which the overlay at `source` is moved to layer `destination`.
  ///
  /// - Parameters:
  ///   - source: The overlay's place among the overlays.
  ///   - destination: Its place once moved (in the moved composition).
  /// - Returns: The composition with the overlay at `destination`.
  /// - Throws: ``TimelineEditError`` when either place is outside the overlays.
  public func movingOverlay(from source: Int, to destination: Int) throws -> Video {
    try moving(from: source, to: destination, in: \.overlays, named: "overlays")
  }

  private func requireIndex(of id: LayerID) throws -> Int {
    guard let index = overlays.firstIndex(where: { $0.layerID == id }) else {
      throw TimelineEditError(.overlayNotFound, place: "overlay “\(id)”")
    }
    return index
  }
}
