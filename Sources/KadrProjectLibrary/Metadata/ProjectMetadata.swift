import Foundation
import KadrPersistence

/// The app's own data about a project (UI state, settings, anything), saved next to its document
/// with a version of its own, so it can evolve as documents do.
///
/// ```swift
/// struct EditorState: ProjectMetadata {
///   static let version = 2
///   static let migrations = [
///     MetadataMigration(from: 1) { app in  // version 1 called the zoom "scale"
///       guard case .object(var object) = app, let scale = object["scale"] else { return app }
///       object["zoom"] = scale
///       return .object(object)
///     }
///   ]
///   var zoom: Double
///   var selectedClip: String?
/// }
/// ```
///
/// The library keeps its own fields (name, dates, thumbnail) itself, outside this type, so
/// tools such as `kadr-doc library` read them without knowing the app's type.
///
/// ## Implementation requirements
///
/// - ``version`` grows by one with each change to the encoded form, and ``migrations`` holds one
///   step from every older version still in use; a project whose metadata is newer than
///   ``version`` is listed as skipped and never opened or rewritten, so an older app cannot
///   erase what a newer one wrote.
/// - Encoding and decoding must round-trip: the library compares nothing itself.
/// - Values cross tasks (the library is `Sendable`), so the type must be `Sendable`.
public protocol ProjectMetadata: Codable, Sendable {
  /// The version this build of the app writes.
  static var version: Int { get }

  /// The steps from older versions to the next, one per version; none by default.
  static var migrations: [MetadataMigration] { get }

  /// Brings the encoded metadata of `version` to ``version``.
  ///
  /// The default applies ``migrations`` one step at a time. A type that accepts every version
  /// as it is (as ``OpaqueMetadata`` does) returns `app` unchanged.
  /// - Parameters:
  ///   - app: The encoded metadata, as written by `version`.
  ///   - version: The version it was written by; not newer than ``version``.
  /// - Returns: The encoded metadata of the current ``version``.
  /// - Throws: ``ProjectLibraryError/metadataMigrationUnavailable(from:to:)`` when a step is
  ///   missing, or what a step throws.
  static func migrated(_ app: JSONValue, from version: Int) throws -> JSONValue

  /// Whether metadata written by `version` is newer than this build understands.
  ///
  /// The default compares with ``version``.
  /// - Parameter version: The version a project's metadata was written by.
  static func isNewer(_ version: Int) -> Bool
}

extension ProjectMetadata {
  /// No migrations: every project was written by the current version.
  public static var migrations: [MetadataMigration] { [] }

  /// Applies ``migrations`` from `version` up to ``version``, one step at a time.
  ///
  /// - Parameters:
  ///   - app: The encoded metadata.
  ///   - version: The version it was written by.
  /// - Returns: The encoded metadata of the current version.
  /// - Throws: ``ProjectLibraryError/metadataMigrationUnavailable(from:to:)``, or what a step
  ///   throws.
  public static func migrated(_ app: JSONValue, from version: Int) throws -> JSONValue {
    var current = app
    var at = version
    while at < Self.version {
      guard let step = migrations.first(where: { $0.from == at }) else {
        throw ProjectLibraryError.metadataMigrationUnavailable(from: at, to: at + 1)
      }
      current = try step.migrate(current)
      at += 1
    }
    return current
  }

  /// Whether `version` is newer than ``version``.
  ///
  /// - Parameter version: The version a project's metadata was written by.
  public static func isNewer(_ version: Int) -> Bool { version > Self.version }
}
