// swift-tools-version:6.0
import PackageDescription

/// Settings shared by every target, applied in one place below.
let sharedSwiftSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny")
]

let package = Package(
  name: "KadrLibraryPostgres",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .visionOS(.v1)],
  products: [
    .library(name: "PostgresClient", targets: ["PostgresClient"]),
    .library(name: "KadrLibraryPostgres", targets: ["KadrLibraryPostgres"]),
    .executable(name: "kadr-library-bench", targets: ["kadr-library-bench"]),
    .executable(name: "kadr-doc-postgres", targets: ["kadr-doc-postgres"]),
  ],
  // The kadr-persistence package this one sits in (its library, the diff for merging saves).
  dependencies: [.package(name: "kadr-persistence", path: "../..")],
  targets: [
    // The system libpq, PostgreSQL's own client library: it speaks the wire protocol,
    // authentication and TLS exactly as psql does, so none of that is written again here.
    .systemLibrary(
      name: "CLibPQ", path: "Sources/CLibPQ", pkgConfig: "libpq",
      providers: [.apt(["libpq-dev"]), .brew(["libpq"])]),
    // The safe Swift layer over libpq: the only code in this package that touches its pointers.
    .target(name: "PostgresClient", dependencies: ["CLibPQ"]),
    .testTarget(
      name: "PostgresClientTests", dependencies: ["PostgresClient", "PostgresTestServer"]),
    // The test server (KADR_POSTGRES) both test targets use.
    .target(
      name: "PostgresTestServer", dependencies: ["PostgresClient"],
      path: "Tests/PostgresTestServer"),
    // The project library on PostgreSQL: a ProjectStore whose every save is a revision.
    .target(
      name: "KadrLibraryPostgres",
      dependencies: [
        "PostgresClient",
        .product(name: "KadrPersistence", package: "kadr-persistence"),
        .product(name: "KadrProjectLibrary", package: "kadr-persistence"),
        .product(name: "KadrDiff", package: "kadr-persistence"),
      ]),
    .testTarget(
      name: "KadrLibraryPostgresTests",
      dependencies: [
        "KadrLibraryPostgres", "PostgresClient", "PostgresTestServer",
        .product(name: "KadrProjectLibraryTesting", package: "kadr-persistence"),
      ]),
    // Saves and opens per second with 1, 4 and 16 clients, beside the folder store.
    .executableTarget(
      name: "kadr-library-bench",
      dependencies: [
        "KadrLibraryPostgres",
        .product(name: "KadrProjectLibrary", package: "kadr-persistence"),
      ]),
    // kadr-doc with PostgreSQL stores: `kadr-doc library --store postgres://…` runs it.
    .executableTarget(
      name: "kadr-doc-postgres",
      dependencies: [
        "KadrLibraryPostgres",
        .product(name: "KadrDocCommands", package: "kadr-persistence"),
        .product(name: "KadrProjectLibrary", package: "kadr-persistence"),
      ]),
    // A client process for the tests that save from several processes and kill one mid-save.
    .executableTarget(
      name: "PostgresStoreProbe", dependencies: ["KadrLibraryPostgres", "PostgresClient"],
      path: "Tests/PostgresStoreProbe"),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .system {
  target.swiftSettings = (target.swiftSettings ?? []) + sharedSwiftSettings
}
