import Foundation
import KadrPersistence
import KadrProjectLibrary
import KadrProjectLibraryTesting

/// A store that breaks the contract: its saves write nothing (everything else is a folder
/// library's).
final class ForgetfulStore: ProjectStore {
  let library: ProjectLibrary<ContractMetadata>
  init(library: ProjectLibrary<ContractMetadata>) { self.library = library }

  var images: FileImageStore { library.images }
  func create(
    name: String, video: Video, metadata: ContractMetadata, thumbnail: PlatformImage?,
    id: ProjectID?, created: Date?, modified: Date?
  ) throws -> ProjectSummary<ContractMetadata> {
    try library.create(
      name: name, video: video, metadata: metadata, thumbnail: thumbnail, id: id,
      created: created, modified: modified)
  }
  func open(_ id: ProjectID, preservingUnknown: Bool, missingImages: MissingImages) throws
    -> OpenedProject<ContractMetadata>
  {
    try library.open(id, preservingUnknown: preservingUnknown, missingImages: missingImages)
  }
  func save(
    _ video: Video, metadata: ContractMetadata, thumbnail: ThumbnailChange, for id: ProjectID
  ) throws -> ProjectSummary<ContractMetadata> {
    try library.open(id).summary  // the break: nothing is written
  }
  func scheduleSave(
    _ video: Video, metadata: ContractMetadata, thumbnail: ThumbnailChange, for id: ProjectID
  ) {}
  func flush() throws {}
  func recover(_ id: ProjectID, preservingUnknown: Bool) throws
    -> OpenedProject<ContractMetadata>?
  { nil }
  func discardAutosave(_ id: ProjectID) throws {}
  func list() throws -> ProjectListing<ContractMetadata> { try library.list() }
  func rename(_ id: ProjectID, to name: String) throws -> ProjectSummary<ContractMetadata> {
    try library.rename(id, to: name)
  }
  func duplicate(_ id: ProjectID, name: String) throws -> ProjectSummary<ContractMetadata> {
    try library.duplicate(id, name: name)
  }
  func updateMetadata(
    of id: ProjectID, _ change: (inout ContractMetadata) throws -> Void
  ) throws -> ProjectSummary<ContractMetadata> {
    try library.updateMetadata(of: id, change)
  }
  func delete(_ id: ProjectID) throws { try library.delete(id) }
  func restore(_ id: ProjectID) throws -> ProjectSummary<ContractMetadata> {
    try library.restore(id)
  }
  func trashed() throws -> ProjectListing<ContractMetadata> { try library.trashed() }
  func emptyTrash() throws -> Int { try library.emptyTrash() }
  func deletePermanently(_ id: ProjectID) throws -> [String] {
    try library.deletePermanently(id)
  }
  func collectImages(dryRun: Bool) throws -> ImageCollection {
    try library.collectImages(dryRun: dryRun)
  }
  func changes() -> AsyncStream<LibraryChange> { library.changes() }
  // The package hooks the slow way, through open and create, as a store without bytes of its own.
  func storedProject(_ id: ProjectID, includingHistory: Bool) throws
    -> StoredProject<ContractMetadata>
  { try storedProjectByOpening(id) }
  func importProject(_ package: PackagedProject<ContractMetadata>, id: ProjectID, replacing: Bool)
    throws -> ProjectSummary<ContractMetadata>
  { try importProjectByCreating(package, id: id, replacing: replacing) }
}
