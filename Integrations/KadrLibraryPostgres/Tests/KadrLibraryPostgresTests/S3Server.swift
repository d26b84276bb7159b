import Foundation
import KadrLibraryPostgres
import KadrPersistence
import KadrProjectLibraryTesting
import KadrS3

/// The S3 server of the tests that keep the store's images in a bucket: SeaweedFS, started by
/// the root package's `Scripts/s3-server`, from the variables it exports (`KADR_S3_ENDPOINT`,
/// `KADR_S3_BUCKET`, `KADR_S3_ACCESS_KEY_ID`, `KADR_S3_SECRET_ACCESS_KEY`).
///
/// With none configured those tests are skipped, saying why, unless `KADR_REQUIRE_S3=1`: then
/// they fail.
enum S3Server {
  private static let environment = ProcessInfo.processInfo.environment

  /// Whether the S3 suites run: a PostgreSQL server, and an S3 server or a run that requires one.
  static var testsRun: Bool {
    StoreServer.testsRun && (endpoint != nil || environment["KADR_REQUIRE_S3"] == "1")
  }

  /// Why the S3 suites are skipped.
  static let skipReason =
    "KADR_POSTGRES or KADR_S3_ENDPOINT is not set (run Scripts/test through the root "
    + "package's Scripts/s3-server); set KADR_REQUIRE_S3=1 to fail instead"

  /// The endpoint, or `nil` when none is configured.
  static var endpoint: URL? {
    environment["KADR_S3_ENDPOINT"].flatMap { $0.isEmpty ? nil : URL(string: $0) }
  }

  /// A store of images under a prefix of its own, so tests never see each other's objects.
  static func imageStore(prefix: String = "pg-test-\(UUID().uuidString.lowercased())/") throws
    -> S3ImageStore
  {
    guard let endpoint else { throw Missing() }
    return try S3ImageStore(
      configuration: S3Configuration(
        endpoint: endpoint, region: "us-east-1", bucket: environment["KADR_S3_BUCKET"] ?? "kadr",
        prefix: prefix,
        credentials: S3Credentials(
          accessKeyID: environment["KADR_S3_ACCESS_KEY_ID"] ?? "",
          secretAccessKey: environment["KADR_S3_SECRET_ACCESS_KEY"] ?? "")))
  }

  /// A PostgreSQL store in a schema of its own with its images in `images`.
  static func store(
    images: any PrunableImageStore, schema: String = StoreServer.freshSchema(),
    gracePeriod: TimeInterval = 3600
  ) throws -> PostgresProjectStore<ContractMetadata> {
    try PostgresProjectStore<ContractMetadata>(
      connectionString: try StoreServer.required(), schema: schema,
      autosaveDelay: .milliseconds(50), imageStore: images, imageGracePeriod: gracePeriod)
  }

  /// Thrown when an S3 test runs with no server configured (KADR_REQUIRE_S3=1 without one).
  struct Missing: Error, CustomStringConvertible {
    var description: String {
      "KADR_REQUIRE_S3=1 but no S3 server is configured: run the tests through Scripts/s3-server"
    }
  }
}
