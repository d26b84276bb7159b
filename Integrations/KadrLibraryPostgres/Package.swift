// swift-tools-version:6.1
import PackageDescription

/// Settings shared by every target, applied in one place below.
let sharedSwiftSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny")
]

/// The store and its client: products of kadr-persistence, behind its PostgreSQL trait.
let store = Target.Dependency.product(name: "KadrLibraryPostgres", package: "kadr-persistence")
let postgresClient = Target.Dependency.product(name: "PostgresClient", package: "kadr-persistence")

let package = Package(
  name: "KadrLibraryPostgres",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .visionOS(.v1)],
  products: [
    .executable(name: "kadr-library-bench", targets: ["kadr-library-bench"]),
    .executable(name: "kadr-doc-postgres", targets: ["kadr-doc-postgres"]),
  ],
  // The kadr-persistence package this one sits in, with its PostgreSQL trait: the store and its
  // client (Sources/KadrLibraryPostgres, Sources/PostgresClient, Sources/CLibPQ here) are its
  // products, so a server adds them by URL; this package holds their tests and tools.
  dependencies: [.package(name: "kadr-persistence", path: "../..", traits: ["PostgreSQL"])],
  targets: [
    .testTarget(
      name: "PostgresClientTests", dependencies: [postgresClient, "PostgresTestServer"]),
    // The test server (KADR_POSTGRES) both test targets use.
    .target(
      name: "PostgresTestServer", dependencies: [postgresClient],
      path: "Tests/PostgresTestServer"),
    .testTarget(
      name: "KadrLibraryPostgresTests",
      dependencies: [
        store, postgresClient, "PostgresTestServer",
        .product(name: "KadrProjectLibraryTesting", package: "kadr-persistence"),
        .product(name: "KadrS3", package: "kadr-persistence"),
      ]),
    // Saves and opens per second with 1, 4 and 16 clients, beside the folder store; with --s3,
    // images put and got by S3ImageStore beside the AWS CLI.
    .executableTarget(
      name: "kadr-library-bench",
      dependencies: [
        store, .product(name: "KadrProjectLibrary", package: "kadr-persistence"),
        .product(name: "KadrS3", package: "kadr-persistence"), "CBenchHeap",
      ]),
    // The allocator's heap in use, for the live benchmark's memory figures (C: glibc's
    // mallinfo2 is not in the Swift overlay).
    .target(name: "CBenchHeap", path: "Sources/CBenchHeap"),
    // kadr-doc with PostgreSQL stores: `kadr-doc library --store postgres://…` runs it.
    .executableTarget(
      name: "kadr-doc-postgres",
      dependencies: [
        store, .product(name: "KadrDocCommands", package: "kadr-persistence"),
        .product(name: "KadrProjectLibrary", package: "kadr-persistence"),
        .product(name: "KadrS3", package: "kadr-persistence"),
      ]),
    // The store's sources compiled again as a module of this package, which `package` access
    // in kadr-persistence cannot reach: proof that the store is built on the public API alone
    // (in kadr-persistence, where its product lives, nothing would stop it reaching further).
    .target(
      name: "KadrLibraryPostgresPublicAPI",
      dependencies: [
        postgresClient, .product(name: "KadrPersistence", package: "kadr-persistence"),
        .product(name: "KadrProjectLibrary", package: "kadr-persistence"),
        .product(name: "KadrDiff", package: "kadr-persistence"),
      ],
      path: "Sources/KadrLibraryPostgres",
      // The sources are behind kadr-persistence's trait, which this package's targets lack.
      swiftSettings: [.define("PostgreSQL")]),
    // A client process for the tests that save from several processes and kill one mid-save.
    .executableTarget(
      name: "PostgresStoreProbe", dependencies: [store, postgresClient],
      path: "Tests/PostgresStoreProbe"),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .system && target.name != "CBenchHeap" {
  target.swiftSettings = (target.swiftSettings ?? []) + sharedSwiftSettings
}
