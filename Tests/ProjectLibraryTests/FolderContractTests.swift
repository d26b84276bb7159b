import Foundation
import KadrProjectLibrary
import KadrProjectLibraryTesting
import Testing

/// The folder library keeps the contract every project store keeps (the PostgreSQL store runs
/// the same checks).
@Suite("The folder library keeps the ProjectStore contract")
struct FolderContractTests {
  @Test(arguments: ProjectStoreContract.Check.allCases)
  func folderLibraryKeepsTheContract(_ check: ProjectStoreContract.Check) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try ProjectLibrary<ContractMetadata>(
      directory: directory.url, changeInterval: .milliseconds(100))
    try await ProjectStoreContract.verify(check, on: library)
  }

  @Test func aStoreThatBreaksTheContractFailsIt() async throws {
    // The checks can fail: a store whose saves write nothing fails the save check, naming it.
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = ForgetfulStore(
      library: try ProjectLibrary<ContractMetadata>(directory: directory.url))
    do {
      try await ProjectStoreContract.verify(.saveReplacesTheDocumentAndCountsARevision, on: store)
      Issue.record("a store whose saves write nothing kept the contract")
    } catch let violation as ProjectStoreContract.Violation {
      #expect(violation.check == .saveReplacesTheDocumentAndCountsARevision)
      #expect(violation.message.contains("revision"), "\(violation)")
    }
  }
}
