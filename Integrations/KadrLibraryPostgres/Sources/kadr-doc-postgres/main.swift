import Foundation
import KadrDocCommands
import KadrLibraryPostgres
import KadrProjectLibrary

// kadr-doc, with PostgreSQL stores for `kadr-doc library --store postgres://…`. kadr-doc runs
// this tool in its place for such a store when it is beside kadr-doc or on PATH.

/// PostgreSQL stores: a libpq URI (`postgres://…`, `postgresql://…`) as it is, or `postgres:`
/// before a libpq connection string (`postgres:host=db dbname=projects`; a bare `postgres:`
/// takes everything from `PGHOST`, `PGDATABASE`, …). The tables are in the schema
/// `KADR_POSTGRES_SCHEMA` names (`kadr` by default); a store that is not set up is an error,
/// never created.
let postgreSQL = LibraryStoreKind(name: "PostgreSQL", schemes: ["postgres", "postgresql"]) {
  location, registry in
  let connectionString =
    location.contains("://")
    ? location : String(location.drop { $0 != ":" }.dropFirst())
  let schema = ProcessInfo.processInfo.environment["KADR_POSTGRES_SCHEMA"] ?? "kadr"
  return try PostgresProjectStore<OpaqueMetadata>(
    connectionString: connectionString, schema: schema, registry: registry,
    migratingSchema: false)
}

KadrDocTool.main(libraryStores: [postgreSQL])
