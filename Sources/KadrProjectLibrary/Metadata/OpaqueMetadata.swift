import KadrPersistence

/// App metadata kept as it is, for tools that do not know the app's type (`kadr-doc library`).
///
/// Every version is accepted and nothing is migrated, so a tool lists, checks and collects the
/// images of any app's library. A tool should not save projects with it: the version it writes
/// is 0, except where the metadata came from a stored project or a package, whose version it
/// keeps (a package imported or copied by a tool stays the app's version).
public struct OpaqueMetadata: ProjectMetadata, Hashable {
  /// The version written: 0, since a tool that does not know the app has nothing to write.
  public static let version = 0

  /// The encoded metadata, unchanged.
  public var value: JSONValue

  /// The app's version of ``value`` when it was read from a project or a package, which a
  /// store writes back in place of ``version`` (`nil`: written as ``version``).
  ///
  /// A store outside this package sets it when it reads a project's metadata as opaque, and
  /// writes `sourceVersion ?? version`, so a tool that copies a project keeps the app's version.
  public var sourceVersion: Int?

  /// Wraps an encoded value.
  ///
  /// - Parameter value: The app's metadata as JSON.
  public init(_ value: JSONValue = .null) {
    self.value = value
  }

  /// Returns `app` unchanged: every version is kept as written.
  ///
  /// - Parameters:
  ///   - app: The encoded metadata.
  ///   - version: Ignored.
  /// - Returns: `app`.
  public static func migrated(_ app: JSONValue, from version: Int) -> JSONValue { app }

  /// Never: a tool reads every version.
  ///
  /// - Parameter version: Ignored.
  public static func isNewer(_ version: Int) -> Bool { false }

  /// Decodes any JSON value.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: What `JSONValue`'s decoding throws.
  public init(from decoder: any Decoder) throws {
    value = try JSONValue(from: decoder)
  }

  /// Encodes the value unchanged.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: What the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    try value.encode(to: encoder)
  }
}

extension OpaqueMetadata {
  /// Two opaque metadata are equal when their values are, whatever version they came from.
  public static func == (lhs: OpaqueMetadata, rhs: OpaqueMetadata) -> Bool {
    lhs.value == rhs.value
  }

  /// Hashes the value.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(value)
  }
}

extension ProjectMetadata {
  /// The version a store writes beside this metadata: the type's ``ProjectMetadata/version``,
  /// or for opaque metadata read from a project or package, the version it was read under.
  package var writtenVersion: Int { (self as? OpaqueMetadata)?.sourceVersion ?? Self.version }
}
