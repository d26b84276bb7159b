import Foundation
import KadrPersistence
import KadrProjectLibrary

/// The behaviour every ``ProjectStore`` must have, as checks a test target runs against its
/// store: the folder library's tests run them, and so do the PostgreSQL store's.
///
/// Each check takes a store of its own (empty, or at least holding none of the check's
/// projects) and throws a ``Violation`` naming what failed. The checks use no test framework,
/// so Swift Testing and XCTest both run them:
///
/// ```swift
/// @Test(arguments: ProjectStoreContract.Check.allCases)
/// func folderStoreKeepsTheContract(_ check: ProjectStoreContract.Check) async throws {
///   try await ProjectStoreContract.verify(check, on: try ProjectLibrary<ContractMetadata>(directory: temporary()))
/// }
/// ```
public enum ProjectStoreContract {
  /// One behaviour of the contract.
  public enum Check: String, Sendable, CaseIterable, CustomStringConvertible {
    /// A created project opens as it was created, by reflection, with its name and metadata.
    case createdProjectOpensAsCreated
    /// A save replaces the document, counts a revision and moves the project to the top.
    case saveReplacesTheDocumentAndCountsARevision
    /// A project created under an id that is taken is refused.
    case takenIDIsRefused
    /// Opening a project that does not exist says so.
    case missingProjectIsNotFound
    /// A rename changes the name only.
    case renameKeepsTheDocument
    /// A duplicate is a project of its own.
    case duplicateIsIndependent
    /// A metadata update is atomic; a change that throws writes nothing.
    case metadataUpdateIsAllOrNothing
    /// Trash, restore, empty the trash, delete for good.
    case trashRestoreAndDelete
    /// Hostile names and metadata are stored as given.
    case hostileNamesAndMetadataAreValues
    /// A project's images are stored and resolve when it opens.
    case imagesAreStoredAndResolve
    /// Image collection removes what nothing uses and keeps what a project uses.
    case imageCollectionKeepsWhatIsUsed
    /// An autosave is recovered until the next save; discarding removes it.
    case autosaveIsRecoveredUntilTheNextSave
    /// The change stream reports this store's changes.
    case changeStreamReportsChanges
    /// An exported package imports as a copy with the same document, name, dates, metadata
    /// and thumbnail; two exports of one project have the same bytes.
    case packageRoundTripsAProject
    /// An import under the package's id is refused, duplicated or replaces, as asked.
    case packageImportKeepsTheIDAsAsked
    /// Importing a project whose images the store has stores no image again.
    case packageImportStoresImagesOnce
    /// A tampered package, one whose image's bytes are not of the format its name says, and
    /// one of a newer metadata version are refused, and the store is left as it was.
    case refusedPackageLeavesTheStoreAsItWas
    /// Importing a package over its project (``ImportIdentity/WhenTaken/replace``) is one save:
    /// one revision with the package's document, name, metadata and thumbnail, the created
    /// date kept; a project in the trash is not replaced.
    case packageReplaceIsOneSave
    /// An export that includes the history holds the earlier saves (and their pictures) when
    /// the store keeps history (``ProjectStore/keepsRevisionHistory``), and a store that keeps
    /// history imports them under the same numbers; a store without history exports and imports
    /// the last save alone.
    case packageHistoryTravelsWhereTheStoreKeepsIt

    /// The check's name.
    public var description: String { rawValue }
  }

  /// A check that failed, with what was expected and what was found.
  public struct Violation: Error, CustomStringConvertible, Sendable {
    /// The check.
    public let check: Check
    /// What failed, as a sentence.
    public let message: String

    /// `"<check>: <message>"`.
    public var description: String { "\(check): \(message)" }
  }

  /// Runs one check on `store`.
  ///
  /// - Parameters:
  ///   - check: The behaviour to check.
  ///   - store: A store of its own for this check.
  /// - Throws: ``Violation`` when the store does not behave as the contract says, or what the
  ///   store threw where it should not have.
  public static func verify<Store: ProjectStore>(_ check: Check, on store: Store) async throws
  where Store.Metadata == ContractMetadata {
    var run = ContractRun(check: check, store: store)
    switch check {
    case .createdProjectOpensAsCreated: try run.createdProjectOpensAsCreated()
    case .saveReplacesTheDocumentAndCountsARevision: try run.saveReplacesTheDocument()
    case .takenIDIsRefused: try run.takenIDIsRefused()
    case .missingProjectIsNotFound: try run.missingProjectIsNotFound()
    case .renameKeepsTheDocument: try run.renameKeepsTheDocument()
    case .duplicateIsIndependent: try run.duplicateIsIndependent()
    case .metadataUpdateIsAllOrNothing: try run.metadataUpdateIsAllOrNothing()
    case .trashRestoreAndDelete: try run.trashRestoreAndDelete()
    case .hostileNamesAndMetadataAreValues: try run.hostileNamesAndMetadataAreValues()
    case .imagesAreStoredAndResolve: try run.imagesAreStoredAndResolve()
    case .imageCollectionKeepsWhatIsUsed: try run.imageCollectionKeepsWhatIsUsed()
    case .autosaveIsRecoveredUntilTheNextSave: try run.autosaveIsRecovered()
    case .changeStreamReportsChanges: try await run.changeStreamReportsChanges()
    case .packageRoundTripsAProject: try run.packageRoundTripsAProject()
    case .packageImportKeepsTheIDAsAsked: try run.packageImportKeepsTheIDAsAsked()
    case .packageImportStoresImagesOnce: try run.packageImportStoresImagesOnce()
    case .refusedPackageLeavesTheStoreAsItWas: try run.refusedPackageLeavesTheStoreAsItWas()
    case .packageReplaceIsOneSave: try run.packageReplaceIsOneSave()
    case .packageHistoryTravelsWhereTheStoreKeepsIt:
      try run.packageHistoryTravelsWhereTheStoreKeepsIt()
    }
  }
}
