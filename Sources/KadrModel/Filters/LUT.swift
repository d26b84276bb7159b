import Foundation

/// A 3-D colour lookup table, identified by the URL of its `.cube` file.
///
/// kadr's `LUT(url:)` reads and parses the file at once and throws. Here building a LUT never
/// touches the file, so that a document opens even when its LUT files are not at hand; the file
/// is read and parsed the first time ``load()`` is called, which reports any error then (with the
/// line number). The parsed table is cached, shared by the copies of this value.
///
/// Equality and hashing are by ``url`` alone.
public struct LUT: Sendable, Hashable {
  /// The `.cube` file's location.
  public let url: URL
  private let cache: LUTCache

  /// Creates a LUT for the `.cube` file at `url`, without reading it.
  ///
  /// - Parameter url: The file's URL.
  public init(url: URL) {
    self.url = url
    self.cache = LUTCache()
  }

  /// The parsed contents of a `.cube` file.
  public struct Cube: Sendable, Hashable {
    /// The number of samples along each axis (`LUT_3D_SIZE`), 2…256.
    public let dimension: Int
    /// `dimension³` RGB triples, red varying fastest, then green, then blue (the `.cube` order).
    public let values: [Float]

    /// Creates a cube from all of its stored properties, as a decoder does.
    ///
    /// - Parameters:
    ///   - dimension: Samples per axis.
    ///   - values: The RGB triples, stored as given.
    public init(dimension: Int, values: [Float]) {
      self.dimension = dimension
      self.values = values
    }
  }

  /// Reads and parses the `.cube` file, or returns the table parsed by an earlier call.
  ///
  /// Only a successful parse is cached: after an error, a later call reads the file again (it may
  /// have been fixed or restored). Only `file:` URLs are read.
  /// - Returns: The parsed table.
  /// - Throws: ``LUTError`` when the file cannot be read or is not a valid 3-D `.cube` file.
  public func load() throws -> Cube {
    if let cube = cache.cube { return cube }
    guard url.isFileURL else {
      throw LUTError.unreadable(url: url, reason: "only file URLs are read")
    }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw LUTError.unreadable(url: url, reason: error.localizedDescription)
    }
    // .cube files are ASCII. Invalid UTF-8 bytes decode to U+FFFD, so the parser reports the line
    // that holds them instead of the whole file failing here.
    let text = String(decoding: data, as: UTF8.self)
    let cube = try LUT.parse(text, url: url)
    cache.store(cube)
    return cube
  }

  /// Whether ``load()`` has already parsed and cached the table.
  public var isLoaded: Bool { cache.cube != nil }

  /// Whether two LUTs name the same file; whether either has been loaded does not matter.
  public static func == (lhs: LUT, rhs: LUT) -> Bool { lhs.url == rhs.url }

  /// Hashes the URL alone, consistently with `==`.
  ///
  /// - Parameter hasher: The hasher to feed.
  public func hash(into hasher: inout Hasher) { hasher.combine(url) }
}

/// Holds a LUT's parsed table once it has been read, shared by the copies of one ``LUT``.
///
/// `@unchecked Sendable` is safe: the only mutable state, `stored`, is read and written only while
/// `lock` is held, and a `Cube` is an immutable value.
final class LUTCache: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: LUT.Cube?

  /// The cached table, if any.
  var cube: LUT.Cube? {
    lock.lock()
    defer { lock.unlock() }
    return stored
  }

  /// Caches a parsed table.
  func store(_ cube: LUT.Cube) {
    lock.lock()
    defer { lock.unlock() }
    stored = cube
  }
}

/// The cache is derived from the LUT's URL: reflection shows no children, so that deep
/// comparisons (such as a persistence round trip) compare a LUT by its URL alone, as `==` does,
/// rather than by the addresses of the lock and of the cached table.
extension LUTCache: CustomReflectable {
  var customMirror: Mirror { Mirror(self, children: [:]) }
}
