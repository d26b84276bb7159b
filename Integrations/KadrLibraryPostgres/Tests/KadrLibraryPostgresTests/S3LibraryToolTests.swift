import Foundation
import KadrLibraryPostgres
import KadrPersistence
import KadrProjectLibrary
import KadrProjectLibraryTesting
import KadrS3
import PostgresClient
import PostgresTestServer
import Testing

/// `kadr-doc-postgres library copy` and `library check` with the store's images in a bucket:
/// the built tool, run with the bucket in `--images-bucket` and the AWS variables.
@Suite(
  "kadr-doc library with images on S3", .serialized,
  .enabled(if: S3Server.testsRun, Comment(rawValue: S3Server.skipReason)))
struct S3LibraryToolTests {
  /// The tool's environment: the schema, the prefix, and the test server's key as AWS's.
  static func environment(schema: String, prefix: String) throws -> [String: String] {
    let variables = ProcessInfo.processInfo.environment
    guard let endpoint = S3Server.endpoint else { throw S3Server.Missing() }
    return [
      "KADR_POSTGRES_SCHEMA": schema, "KADR_IMAGES_PREFIX": prefix,
      "AWS_ACCESS_KEY_ID": variables["KADR_S3_ACCESS_KEY_ID"] ?? "",
      "AWS_SECRET_ACCESS_KEY": variables["KADR_S3_SECRET_ACCESS_KEY"] ?? "",
      "AWS_ENDPOINT_URL_S3": endpoint.absoluteString, "AWS_REGION": "us-east-1",
      "AWS_PROFILE": "", "AWS_SESSION_TOKEN": "", "KADR_IMAGES_BUCKET": "",
    ]
  }

  @Test func copyMovesAFolderLibrarysImagesIntoTheBucketAndCheckNamesTheMissingOnes() throws {
    let (url, projects) = try LibraryCopyTests.folder()
    defer { try? FileManager.default.removeItem(at: url) }
    let schema = StoreServer.freshSchema()
    let prefix = "pg-tool-\(UUID().uuidString.lowercased())/"
    let environment = try Self.environment(schema: schema, prefix: prefix)
    let bucket = ProcessInfo.processInfo.environment["KADR_S3_BUCKET"] ?? "kadr"
    let location = try KadrDocLibraryTests.location()
    let initRun = try KadrDocLibraryTests.run(
      "kadr-doc-postgres", ["library", "init", "--store", location, "--images-bucket", bucket],
      environment: environment)
    #expect(initRun.status == 0, "\(initRun.err)")

    let copy = try KadrDocLibraryTests.run(
      "kadr-doc-postgres",
      ["library", "copy", "--from", url.path, "--to", location, "--images-bucket", bucket],
      environment: environment)
    #expect(copy.status == 0, "\(copy.err)")
    #expect(copy.out.contains("copied 2, 0 already there, 0 failed"), "\(copy.out)")

    // The one picture (used by both projects and as a thumbnail) is one object; the database
    // keeps its token only.
    let images = try S3Server.imageStore(prefix: prefix)
    let red = PlatformImage.solidColor(PlatformColor(red: 1, green: 0, blue: 0), width: 3)
    let token = try images.token(for: red)
    #expect(try images.storedTokens() == [token])
    let admin = try PostgresTestServer.connect()
    let rows = try admin.query("SELECT token FROM \(schema).images WHERE bytes IS NOT NULL")
    #expect(rows.isEmpty, "no image bytes in the database")
    let store = try S3Server.store(images: images, schema: schema)
    let opened = try store.open(projects[0].id)
    #expect((opened.video.clips.last as? ImageClip)?.image.data == red.data)

    let healthy = try KadrDocLibraryTests.run(
      "kadr-doc-postgres", ["library", "check", "--store", location, "--images-bucket", bucket],
      environment: environment)
    #expect(healthy.status == 0, "\(healthy.out)\(healthy.err)")

    // A read-only key checks too (it cannot run the probe of conditional writes).
    var reader = environment
    reader["AWS_ACCESS_KEY_ID"] =
      ProcessInfo.processInfo.environment["KADR_S3_READONLY_ACCESS_KEY_ID"]
    reader["AWS_SECRET_ACCESS_KEY"] =
      ProcessInfo.processInfo.environment["KADR_S3_READONLY_SECRET_ACCESS_KEY"]
    let readOnly = try KadrDocLibraryTests.run(
      "kadr-doc-postgres", ["library", "check", "--store", location, "--images-bucket", bucket],
      environment: reader)
    #expect(readOnly.status == 0, "\(readOnly.out)\(readOnly.err)")

    // The object goes behind the store's back: check names it for both projects.
    try images.prunedTokens(keeping: [], olderThan: -60)
    let check = try KadrDocLibraryTests.run(
      "kadr-doc-postgres",
      ["library", "check", "--store", location, "--images-bucket", bucket, "--json"],
      environment: environment)
    #expect(check.status == 1)
    let skipped = try #require(
      try KadrDocLibraryTests.listing(check)["skipped"] as? [[String: Any]])
    #expect(skipped.count == 2, "\(check.out)")
    for project in skipped {
      #expect(project["reason"] as? String == "missingImages", "\(project)")
      #expect((project["detail"] as? String)?.contains(token) == true, "\(project)")
    }
    #expect(!check.out.contains(environment["AWS_SECRET_ACCESS_KEY"] ?? "-"), "no secret")
    #expect(!check.err.contains(environment["AWS_SECRET_ACCESS_KEY"] ?? "-"), "no secret")
  }

  @Test func helpSaysHowTheToolFindsTheBucket() throws {
    let run = try KadrDocLibraryTests.run("kadr-doc-postgres", ["help", "library"])
    #expect(run.status == 0)
    for phrase in [
      "--images-bucket NAME", "KADR_IMAGES_BUCKET", "AWS_ENDPOINT_URL_S3", "KADR_IMAGES_PREFIX",
    ] {
      #expect(run.out.contains(phrase), "help library lacks \(phrase)")
    }
  }
}
