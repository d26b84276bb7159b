import Foundation
import KadrPersistence
import KadrProjectLibrary

/// A store that forwards every call to `base` but the package hooks, which take the slow way
/// through `open` and `create` (`storedProjectByOpening`, `importProjectByCreating`): how every
/// store but the folder library moved packages before the hooks, measured beside the store's
/// own streaming path.
final class DefaultPathStore<Base: ProjectStore>: ProjectStore {
  typealias Metadata = Base.Metadata
  let base: Base
  init(_ base: Base) { self.base = base }

  var images: Base.Images { base.images }
  var projectCoder: KadrCoder { base.projectCoder }
  func create(
    name: String, video: Video, metadata: Metadata, thumbnail: PlatformImage?, id: ProjectID?,
    created: Date?, modified: Date?
  ) throws -> ProjectSummary<Metadata> {
    try base.create(
      name: name, video: video, metadata: metadata, thumbnail: thumbnail, id: id,
      created: created, modified: modified)
  }
  func open(_ id: ProjectID, preservingUnknown: Bool, missingImages: MissingImages) throws
    -> OpenedProject<Metadata>
  { try base.open(id, preservingUnknown: preservingUnknown, missingImages: missingImages) }
  func save(_ video: Video, metadata: Metadata, thumbnail: ThumbnailChange, for id: ProjectID)
    throws -> ProjectSummary<Metadata>
  { try base.save(video, metadata: metadata, thumbnail: thumbnail, for: id) }
  func scheduleSave(
    _ video: Video, metadata: Metadata, thumbnail: ThumbnailChange, for id: ProjectID
  ) { base.scheduleSave(video, metadata: metadata, thumbnail: thumbnail, for: id) }
  func flush() throws { try base.flush() }
  func recover(_ id: ProjectID, preservingUnknown: Bool) throws -> OpenedProject<Metadata>? {
    try base.recover(id, preservingUnknown: preservingUnknown)
  }
  func discardAutosave(_ id: ProjectID) throws { try base.discardAutosave(id) }
  func list() throws -> ProjectListing<Metadata> { try base.list() }
  func rename(_ id: ProjectID, to name: String) throws -> ProjectSummary<Metadata> {
    try base.rename(id, to: name)
  }
  func duplicate(_ id: ProjectID, name: String) throws -> ProjectSummary<Metadata> {
    try base.duplicate(id, name: name)
  }
  func updateMetadata(of id: ProjectID, _ change: (inout Metadata) throws -> Void) throws
    -> ProjectSummary<Metadata>
  { try base.updateMetadata(of: id, change) }
  func delete(_ id: ProjectID) throws { try base.delete(id) }
  func restore(_ id: ProjectID) throws -> ProjectSummary<Metadata> { try base.restore(id) }
  func trashed() throws -> ProjectListing<Metadata> { try base.trashed() }
  func emptyTrash() throws -> Int { try base.emptyTrash() }
  func deletePermanently(_ id: ProjectID) throws -> [String] { try base.deletePermanently(id) }
  func collectImages(dryRun: Bool) throws -> ImageCollection {
    try base.collectImages(dryRun: dryRun)
  }
  func changes() -> AsyncStream<LibraryChange> { base.changes() }
  func storedProject(_ id: ProjectID, includingHistory: Bool) throws -> StoredProject<Metadata> {
    try storedProjectByOpening(id)
  }
  func importProject(_ package: PackagedProject<Metadata>, id: ProjectID, replacing: Bool)
    throws -> ProjectSummary<Metadata>
  { try importProjectByCreating(package, id: id, replacing: replacing) }
}
