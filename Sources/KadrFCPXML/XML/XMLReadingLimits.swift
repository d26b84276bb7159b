/// The bounds an FCPXML document must keep before it is parsed: a hostile file is refused in
/// time and memory proportional to these, never to what it asks for.
public struct FCPXMLReadingLimits: Sendable, Hashable {
  /// The largest file, in bytes; 256 MiB by default.
  public var maximumBytes: Int
  /// The deepest element nesting; 128 by default (Final Cut Pro's own files nest under 30).
  public var maximumDepth: Int
  /// The most elements; 4,000,000 by default.
  public var maximumElements: Int
  /// The longest attribute value or run of text, in bytes; 1 MiB by default.
  ///
  /// The platform's XML parser reads no attribute value, CDATA section, comment or processing
  /// instruction over 10,000,000 bytes, whatever this says: such a document is refused with
  /// that limit named.
  public var maximumValueBytes: Int

  /// Creates limits.
  ///
  /// - Parameters:
  ///   - maximumBytes: The largest file, in bytes.
  ///   - maximumDepth: The deepest element nesting.
  ///   - maximumElements: The most elements.
  ///   - maximumValueBytes: The longest attribute value or text run, in bytes.
  public init(
    maximumBytes: Int = 256 << 20, maximumDepth: Int = 128, maximumElements: Int = 4_000_000,
    maximumValueBytes: Int = 1 << 20
  ) {
    self.maximumBytes = maximumBytes
    self.maximumDepth = maximumDepth
    self.maximumElements = maximumElements
    self.maximumValueBytes = maximumValueBytes
  }
}
