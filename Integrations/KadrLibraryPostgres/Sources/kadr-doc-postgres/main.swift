import Foundation
import KadrDocCommands
import KadrLibraryPostgres
import KadrProjectLibrary
import KadrS3

// kadr-doc, with PostgreSQL stores for `kadr-doc library --store postgres://…`. kadr-doc runs
// this tool in its place for such a store when it is beside kadr-doc or on PATH.

/// PostgreSQL stores: a libpq URI (`postgres://…`, `postgresql://…`) as it is, or `postgres:`
/// before a libpq connection string (`postgres:host=db dbname=projects`; a bare `postgres:`
/// takes everything from `PGHOST`, `PGDATABASE`, …). The tables are in the schema the command
/// line names (`--schema`, or a copy's `--from-schema` and `--to-schema`), else
/// `KADR_POSTGRES_SCHEMA`, else `kadr`. Only `library init` sets a store up; for every other
/// command a store that is not set up is an error, never created.
///
/// The images are in the S3 bucket `--images-bucket` or `KADR_IMAGES_BUCKET` names, under
/// `KADR_IMAGES_PREFIX` (default `images/`), with the AWS variables and files for the rest; with
/// no bucket they are rows. `KADR_IMAGES_GRACE_SECONDS` is the collection's grace period.
let postgreSQL = LibraryStoreKind(name: "PostgreSQL", schemes: ["postgres", "postgresql"]) {
  request in
  let environment = ProcessInfo.processInfo.environment
  let location = request.location
  let connectionString =
    location.contains("://")
    ? location : String(location.drop { $0 != ":" }.dropFirst())
  let schema = request.schema ?? environment["KADR_POSTGRES_SCHEMA"] ?? "kadr"
  var images: S3ImageStore?
  if let bucket = request.imagesBucket ?? environment["KADR_IMAGES_BUCKET"], !bucket.isEmpty {
    let configuration = try S3Configuration.fromEnvironment(
      bucket: bucket, prefix: environment["KADR_IMAGES_PREFIX"] ?? "images/")
    do {
      images = try S3ImageStore(configuration: configuration)
    } catch let error as S3ImageStoreError {
      // A key that may not write (list, check, export with a read-only key) cannot run the
      // probe of conditional writes, and cannot write either: a write says so when it is tried.
      guard case .accessDenied = error.reason else { throw error }
      images = try S3ImageStore(configuration: configuration, checksConditionalWrites: false)
    }
  }
  return try PostgresProjectStore<OpaqueMetadata>(
    connectionString: connectionString, schema: schema, registry: request.registry,
    migratingSchema: request.creating, imageStore: images,
    imageGracePeriod: environment["KADR_IMAGES_GRACE_SECONDS"].flatMap(TimeInterval.init) ?? 3600)
}

KadrDocTool.main(libraryStores: [postgreSQL])
