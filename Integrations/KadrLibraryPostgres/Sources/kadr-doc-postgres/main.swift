import Foundation
import KadrDocCommands
import KadrLibraryPostgres
import KadrProjectLibrary

// kadr-doc, with PostgreSQL stores for `kadr-doc library --store postgres://…`. kadr-doc runs
// this tool in its place for such a store when it is beside kadr-doc or on PATH.

/// PostgreSQL stores: a libpq URI (`postgres://…`, `postgresql://…`) as it is, or `postgres:`
/// before a libpq connection string (`postgres:host=db dbname=projects`; a bare `postgres:`
/// takes everything from `PGHOST`, `PGDATABASE`, …). The tables are in the schema the command
/// line names (`--schema`, or a copy's `--from-schema` and `--to-schema`), else
/// `KADR_POSTGRES_SCHEMA`, else `kadr`. Only `library init` sets a store up; for every other
/// command a store that is not set up is an error, never created.
let postgreSQL = LibraryStoreKind(name: "PostgreSQL", schemes: ["postgres", "postgresql"]) {
  request in
  let location = request.location
  let connectionString =
    location.contains("://")
    ? location : String(location.drop { $0 != ":" }.dropFirst())
  let schema =
    request.schema ?? ProcessInfo.processInfo.environment["KADR_POSTGRES_SCHEMA"] ?? "kadr"
  return try PostgresProjectStore<OpaqueMetadata>(
    connectionString: connectionString, schema: schema, registry: request.registry,
    migratingSchema: request.creating)
}

KadrDocTool.main(libraryStores: [postgreSQL])
