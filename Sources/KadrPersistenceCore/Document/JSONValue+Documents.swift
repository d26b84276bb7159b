import Foundation

extension JSONValue {
  /// The value as the compact canonical JSON a save writes: keys sorted by their UTF-8 bytes,
  /// the bytes Foundation's `JSONEncoder` with `.sortedKeys` writes for the same tree.
  ///
  /// For a module that writes a tree in a file format of its own (an interchange format that
  /// lays the canonical bytes out as its files are laid out) and reports every failure as a
  /// ``PersistenceError``; ``jsonText()`` is the same text as a string.
  ///
  /// - Parameter maximumDepth: How many arrays and objects may be nested (`[[1]]` is 2 deep);
  ///   512 by default, as a document is read.
  /// - Returns: The UTF-8 bytes, without a trailing newline.
  /// - Throws: ``PersistenceError`` with ``PersistenceError/Reason/nonFiniteNumber(field:)`` for
  ///   a NaN or an infinity, or ``PersistenceError/Reason/tooDeep(limit:)`` for nesting past
  ///   `maximumDepth`, at the place in the tree.
  public func canonicalJSON(maximumDepth: Int = 512) throws -> [UInt8] {
    do {
      return try JSONWriter(options: .init(maximumDepth: maximumDepth)).write(self)
    } catch {
      throw PersistenceError(error)
    }
  }
}

extension JSONValue {
  /// Reads a value from strict JSON bytes within a document's limits, with the errors a
  /// document's reading gives (line and column, or the limit passed).
  ///
  /// For a module that reads a file format built on JSON (an interchange format's timeline)
  /// as documents are read. A caller that rewrote the bytes before reading them (OpenTimelineIO's
  /// `NaN`, made valid JSON) passes the bytes the user has, so that an error names a place in
  /// them.
  ///
  /// - Parameters:
  ///   - bytes: The JSON.
  ///   - limits: The size, depth, string length and value count accepted.
  ///   - original: The bytes `bytes` were rewritten from, or `nil` when they were not.
  ///   - originalOffset: The offset in `original` of an offset in `bytes`.
  /// - Throws: ``PersistenceError`` with ``PersistenceError/Reason/malformedJSON(detail:line:column:)``,
  ///   ``PersistenceError/Reason/tooDeep(limit:)`` or
  ///   ``PersistenceError/Reason/limitExceeded(_:)``.
  public init(
    documentJSON bytes: Data, limits: DocumentLimits, rewrittenFrom original: Data? = nil,
    originalOffset: (Int) -> Int = { $0 }
  ) throws {
    let relocate = { (error: JSONReadError) in
      original.map { error.relocated(to: originalOffset(error.offset), in: $0) } ?? error
    }
    self = try DocumentCoder.withTape(of: bytes, limits: limits, relocatingErrors: relocate) {
      $0.value(at: 0)
    }
  }
}
