import Foundation
import KadrLibraryPostgres
import KadrProjectLibraryTesting
import Testing

/// The PostgreSQL store keeps the contract the folder library keeps: the same checks.
@Suite(
  "The PostgreSQL store keeps the ProjectStore contract",
  .enabled(if: StoreServer.testsRun, "KADR_POSTGRES is not set"))
struct PostgresContractTests {
  @Test(arguments: ProjectStoreContract.Check.allCases)
  func postgresStoreKeepsTheContract(_ check: ProjectStoreContract.Check) async throws {
    try await ProjectStoreContract.verify(check, on: try StoreServer.store())
  }
}
