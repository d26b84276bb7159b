import Foundation
import KadrPersistence

/// A project as listed: the library's fields, the app's metadata and what the library learnt of
/// its document when it was saved, read from the project's small `project.json` without
/// decoding its document.
///
/// `Identifiable` by its ``id``, and `Equatable` and `Hashable` when the metadata is, so
/// SwiftUI's `ForEach`, `List(selection:)` and `.sheet(item:)` take it as it is.
public struct ProjectSummary<Metadata: ProjectMetadata>: Sendable, Identifiable {
  /// The project's identity, which never changes.
  public let id: ProjectID
  /// The name shown to the user.
  public let name: String
  /// When the project was created.
  public let created: Date
  /// When it was last saved explicitly (or renamed).
  public let modified: Date
  /// The token of its thumbnail in the library's image store, if it has one.
  public let thumbnailToken: String?
  /// The app's metadata, migrated to the current version.
  public let metadata: Metadata
  /// The metadata version the project was written by (before any migration), so a tool that
  /// does not know the app's type can still compare versions.
  public let metadataVersion: Int
  /// The number of clips at its last save: every clip at any depth of tracks, not counting
  /// transitions or the tracks themselves; `nil` for a project last saved by a library that did
  /// not keep it.
  public let clipCount: Int?
  /// Its length at its last save (`video.layout.duration`, transitions overlapping); `nil` as
  /// ``clipCount``.
  public let duration: Time?
  /// The schema its document is written in; `nil` as ``clipCount``.
  public let schema: Int?
  /// Every kind id its document holds, built-in and plugin kinds, sorted; empty as
  /// ``clipCount`` is `nil`.
  public let kinds: [String]
  /// How many explicit saves the project has had; its creation is 0.
  public let revision: Int
  /// The path of the project's directory in a folder library, `nil` in other stores: listing
  /// builds no `URL` per project (building five each took listing 10,000 projects from 0.50 s
  /// to 1.06 s, kadr-bench --library).
  let directoryPath: String?
  /// Whether an autosave newer than the last explicit save may be recovered
  /// (``ProjectLibrary/recover(_:preservingUnknown:)``).
  public let hasAutosave: Bool

  /// The project's directory in a folder library (``ProjectLibrary``); `nil` in a store that
  /// keeps no project files (a database).
  public var directory: URL? {
    directoryPath.map { URL(fileURLWithPath: $0, isDirectory: true) }
  }

  /// The document of the last explicit save in a folder library; `nil` in other stores.
  public var documentURL: URL? {
    directoryPath.map {
      URL(fileURLWithPath: LibraryLayout.documentPath(in: $0), isDirectory: false)
    }
  }

  /// Creates a summary, as a ``ProjectStore`` other than the folder library lists a project.
  ///
  /// - Parameters:
  ///   - id: The project's identity.
  ///   - name: The name shown to the user.
  ///   - created: When it was created.
  ///   - modified: When it was last changed.
  ///   - thumbnailToken: Its thumbnail's token in the store's images.
  ///   - metadata: The app's metadata, migrated.
  ///   - metadataVersion: The version the metadata was written by.
  ///   - facts: What the store learnt of its document at its last save, if it kept that.
  ///   - revision: How many explicit saves it has had.
  ///   - hasAutosave: Whether an autosave newer than its last save may be recovered.
  public init(
    id: ProjectID, name: String, created: Date, modified: Date, thumbnailToken: String?,
    metadata: Metadata, metadataVersion: Int, facts: DocumentFacts?, revision: Int,
    hasAutosave: Bool
  ) {
    self.init(
      id: id, name: name, created: created, modified: modified, thumbnailToken: thumbnailToken,
      metadata: metadata, metadataVersion: metadataVersion, facts: facts, revision: revision,
      directoryPath: nil, hasAutosave: hasAutosave)
  }

  /// Creates a summary, in a folder library with the project's directory.
  init(
    id: ProjectID, name: String, created: Date, modified: Date, thumbnailToken: String?,
    metadata: Metadata, metadataVersion: Int, facts: DocumentFacts?, revision: Int,
    directoryPath: String?, hasAutosave: Bool
  ) {
    self.id = id
    self.name = name
    self.created = created
    self.modified = modified
    self.thumbnailToken = thumbnailToken
    self.metadata = metadata
    self.metadataVersion = metadataVersion
    clipCount = facts?.clipCount
    duration = facts?.duration
    schema = facts?.schema
    kinds = facts?.kinds ?? []
    self.revision = revision
    self.directoryPath = directoryPath
    self.hasAutosave = hasAutosave
  }
}

extension ProjectSummary: Equatable where Metadata: Equatable {}
extension ProjectSummary: Hashable where Metadata: Hashable {}
