import Foundation
import KadrLibraryPostgres
import KadrProjectLibrary
import KadrS3

// The sample of KadrS3's article "Keeping images in object storage" (A project server with
// its images in a bucket), compiled here: the store is in this package's dependency, behind
// its PostgreSQL trait, which the root package's article tests cannot import.

/// The app's metadata in the article's sample.
private struct EditorState: ProjectMetadata {
  static let version = 1
}

/// The article's sample; compiled, not run (it names a server that does not exist).
private func projectServerWithImagesInABucket() throws -> PostgresProjectStore<EditorState> {
  let images = try S3ImageStore(
    configuration: .fromEnvironment(bucket: "team-media", prefix: "images/"))
  let store = try PostgresProjectStore<EditorState>(
    connectionString: "host=db.example.com dbname=projects sslmode=verify-full",
    imageStore: images, imageGracePeriod: 3600)
  return store
}
