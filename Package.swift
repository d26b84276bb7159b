// swift-tools-version:6.1
import PackageDescription

/// Settings shared by every target, applied in one place below.
let sharedSwiftSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny")
]

let package = Package(
  name: "kadr-persistence",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .visionOS(.v1)],
  products: [
    .library(name: "KadrModel", targets: ["KadrModel"]),
    .library(name: "KadrPersistenceCore", targets: ["KadrPersistenceCore"]),
    .library(name: "KadrPersistence", targets: ["KadrPersistence"]),
    .library(name: "KadrPersistenceTesting", targets: ["KadrPersistenceTesting"]),
    .library(name: "KadrInterchange", targets: ["KadrInterchange"]),
    .library(name: "KadrOTIO", targets: ["KadrOTIO"]),
    .library(name: "KadrFCPXML", targets: ["KadrFCPXML"]),
    .library(name: "KadrDiff", targets: ["KadrDiff"]),
    .library(name: "KadrProjectLibrary", targets: ["KadrProjectLibrary"]),
    .library(name: "KadrProjectLibraryTesting", targets: ["KadrProjectLibraryTesting"]),
    .library(name: "KadrDocCommands", targets: ["KadrDocCommands"]),
    .library(name: "KadrS3", targets: ["KadrS3"]),
    .executable(name: "kadr-doc", targets: ["kadr-doc"]),
    .executable(name: "kadr-bench", targets: ["kadr-bench"]),
    // The project library on PostgreSQL, for a server: behind the PostgreSQL trait, so that the
    // package needs libpq only where it is asked for (see the README, "On a server").
    .library(name: "KadrLibraryPostgres", targets: ["KadrLibraryPostgres"]),
    .library(name: "PostgresClient", targets: ["PostgresClient"]),
  ],
  traits: [
    .trait(
      name: "PostgreSQL",
      description: "The PostgreSQL project store (KadrLibraryPostgres), built with the system's "
        + "libpq (libpq-dev, or Homebrew's libpq)")
  ],
  targets: [
    .target(name: "KadrModel"),
    // The platform layer, at the bottom: the only target that imports the C library (the
    // PostgreSQL client keeps libpq's own), its system calls in one interrupted-call loop, the
    // one durable write and the one bounded read (.ci/one-c-import checks it).
    .target(name: "KadrFileSystem", dependencies: ["CKadrFileSystem"]),
    // The core's storage: strict JSON (values, pointers, the reader's tape, the writer's bytes).
    // The only part of the core that touches raw memory; the core re-exports it.
    .target(name: "KadrStorage"),
    .target(
      name: "KadrPersistenceCore", dependencies: ["KadrModel", "KadrStorage", "KadrFileSystem"]),
    .target(
      name: "KadrPersistence",
      dependencies: ["KadrModel", "KadrPersistenceCore", "KadrCurl", "KadrFileSystem"]),
    // The system libcurl, loaded at run time (no development package needed), for URL image
    // downloads on Linux: swift-corelibs-foundation always lets libcurl inflate compressed
    // bodies, so the store drives libcurl itself with decoding off. Empty on Apple platforms.
    .target(
      name: "KadrCurl", path: "Sources/KadrCurl",
      linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
    .target(name: "KadrPersistenceTesting", dependencies: ["KadrPersistence"]),
    // The system zlib (not a package dependency), for the deflated entries of zip files:
    // zlib is the reference implementation and is on every platform the package supports,
    // where an inflater written here would be new code to trust with untrusted input.
    .systemLibrary(
      name: "CZlib", path: "Sources/CZlib",
      providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
    // The one zip reader and writer: OpenTimelineIO bundles and project packages.
    .target(name: "KadrArchive", dependencies: ["KadrPersistenceCore", "CZlib", "KadrFileSystem"]),
    // The interchange floor, beneath every format: the one placeholder of gaps and offline
    // media (and its registration), the one import report and the one exported file. Public API
    // of the core only (.ci/public-only builds it where `package` access cannot reach).
    .target(
      name: "KadrInterchange",
      dependencies: ["KadrModel", "KadrPersistenceCore", "KadrPersistence"]),
    // OpenTimelineIO interchange, a sibling of KadrFCPXML on the floor (neither imports the
    // other).
    .target(
      name: "KadrOTIO",
      dependencies: [
        "KadrModel", "KadrPersistenceCore", "KadrPersistence", "KadrInterchange", "KadrArchive",
        "KadrFileSystem",
      ]),
    // Final Cut Pro XML interchange, on the floor beside KadrOTIO; public API only
    // (.ci/public-only builds it where `package` access cannot reach).
    .target(
      name: "KadrFCPXML",
      dependencies: [
        "KadrModel", "KadrPersistenceCore", "KadrPersistence", "KadrInterchange", "KadrFileSystem",
      ]),
    .target(name: "KadrDiff", dependencies: ["KadrModel", "KadrPersistence"]),
    // A directory of projects with shared images, autosave and recovery; public API only.
    .target(
      name: "KadrProjectLibrary",
      dependencies: ["KadrPersistence", "KadrFileSystem", "KadrArchive"]),
    // The contract every ProjectStore keeps, as checks any test target runs on its store.
    .target(
      name: "KadrProjectLibraryTesting", dependencies: ["KadrProjectLibrary", "KadrArchive"]),
    // The C library's atomic exchange of two directory entries, which Glibc's overlay does not
    // import: the library's save commits by exchanging a new project folder with the old one.
    .target(name: "CKadrFileSystem", path: "Sources/CKadrFileSystem"),
    // kadr-doc's commands, so a tool can run them with more project stores (the PostgreSQL
    // package's kadr-doc-postgres); the executable is its entry point.
    .target(
      name: "KadrDocCommands",
      dependencies: [
        "KadrModel", "KadrPersistence", "KadrInterchange", "KadrOTIO", "KadrFCPXML", "KadrDiff",
        "KadrProjectLibrary", "KadrFileSystem",
      ]),
    .executableTarget(name: "kadr-doc", dependencies: ["KadrDocCommands"], exclude: ["Schemas"]),
    .executableTarget(
      name: "kadr-bench",
      dependencies: [
        "KadrModel", "KadrPersistence", "KadrOTIO", "KadrFCPXML", "KadrDiff",
        "KadrProjectLibrary", "LoopbackHTTP", "KadrFileSystem",
      ]),
    // Images in an S3-compatible object store, with its own AWS Signature Version 4 signer
    // (no SDK: the package takes no Swift package dependency).
    .target(
      name: "KadrS3", dependencies: ["KadrModel", "KadrPersistenceCore", "KadrPersistence"]),
    // A loopback HTTP server shared by the URL image store's tests and its example.
    .target(name: "LoopbackHTTP", path: "Examples/LoopbackHTTP"),
    .testTarget(name: "KadrModelTests", dependencies: ["KadrModel"]),
    .testTarget(
      name: "KadrPersistenceCoreTests",
      dependencies: ["KadrModel", "KadrPersistenceCore", "KadrFileSystem"]),
    .testTarget(
      name: "KadrPersistenceTests",
      dependencies: [
        "KadrModel", "KadrPersistenceCore", "KadrPersistence", "LoopbackHTTP", "TopLevelOpenProbe",
      ],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "KadrDocTests",
      dependencies: ["kadr-doc", "KadrDocCommands", "KadrFCPXML", "KadrModel"]),
    // A child process for the S3 store's multi-process and kill -9 tests.
    .executableTarget(
      name: "S3Probe", dependencies: ["KadrModel", "KadrS3"], path: "Tests/S3Probe"),
    .testTarget(
      name: "KadrS3Tests",
      dependencies: ["KadrModel", "KadrPersistence", "KadrS3", "LoopbackHTTP", "S3Probe"]),
    .testTarget(
      name: "KadrDiffTests",
      dependencies: ["KadrModel", "KadrPersistence", "KadrDiff", "KadrPluginExample"]),
    // A child process for the library's crash and two-process tests (found next to the bundle).
    .executableTarget(
      name: "ProjectLibraryProbe", dependencies: ["KadrPersistence", "KadrProjectLibrary"],
      path: "Tests/ProjectLibraryProbe"),
    // Top-level code that opens a document with a URL store, as a script writes it; a test
    // runs it (overload resolution differs in top-level code). Its one warning is the symptom
    // under test, on the line users write (see its main.swift), so it is suppressed here.
    .executableTarget(
      name: "TopLevelOpenProbe", dependencies: ["KadrPersistence", "LoopbackHTTP"],
      path: "Tests/TopLevelOpenProbe",
      swiftSettings: [.unsafeFlags(["-suppress-warnings"])]),
    .testTarget(
      name: "ProjectLibraryTests",
      dependencies: [
        "KadrPersistence", "KadrProjectLibrary", "KadrProjectLibraryTesting", "ProjectLibraryProbe",
        "kadr-doc", "KadrArchive",
      ]),
    // Tests written the way apps write them: the public products only, warnings as errors.
    // On Apple platforms that meets the SDK's Sendable annotations, which change with Xcode:
    // apple.yml builds this target on its pinned Xcode only (see the comment there).
    .testTarget(
      name: "AppStyleTests", dependencies: ["KadrPersistence"],
      swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]),
    .testTarget(
      name: "KadrOTIOTests",
      dependencies: [
        "KadrModel", "KadrPersistence", "KadrPersistenceTesting", "KadrOTIO", "KadrPluginExample",
      ],
      exclude: ["Python", "Corpus", "Legacy"]),
    .testTarget(
      name: "KadrFCPXMLTests",
      dependencies: [
        "KadrModel", "KadrPersistence", "KadrPersistenceTesting", "KadrOTIO", "KadrFCPXML",
        "KadrDiff", "LoopbackHTTP",
      ],
      exclude: ["Fixtures", "Python"]),
    .testTarget(
      name: "KadrInterchangeTests", dependencies: ["KadrInterchange", "KadrOTIO", "KadrFCPXML"]),
    // The DocC articles' samples, compiled and run (a test checks them against the articles).
    .testTarget(
      name: "ArticleTests",
      dependencies: [
        "KadrModel", "KadrPersistence", "KadrPersistenceTesting", "KadrOTIO", "KadrPluginExample",
        "LoopbackHTTP", "KadrDiff", "KadrProjectLibrary", "KadrFCPXML", "KadrInterchange",
      ]),
    .testTarget(
      name: "PluginTests",
      dependencies: ["KadrPersistence", "KadrPersistenceTesting", "KadrPluginExample"],
      exclude: ["Fixtures"]),
    // Examples: separate modules that use only the public products.
    .target(
      name: "KadrPluginExample", dependencies: ["KadrPersistence"],
      path: "Examples/KadrPluginExample"),
    .executableTarget(
      name: "CustomClipCodec", dependencies: ["KadrPersistence", "KadrPluginExample"],
      path: "Examples/CustomClipCodec"),
    .executableTarget(
      name: "FileImageStoreExample", dependencies: ["KadrPersistence"],
      path: "Examples/FileImageStoreExample"),
    .executableTarget(
      name: "URLImageStoreExample", dependencies: ["KadrPersistence", "LoopbackHTTP"],
      path: "Examples/URLImageStoreExample"),
    .executableTarget(
      name: "ProjectLibraryExample", dependencies: ["KadrPersistence", "KadrProjectLibrary"],
      path: "Examples/ProjectLibraryExample"),
    // The PostgreSQL store, whose sources live with its tests, tools and scripts in
    // Integrations/KadrLibraryPostgres (a package of its own that depends on this one with the
    // trait on). Without the PostgreSQL trait both modules are empty and libpq is not needed.
    .systemLibrary(
      name: "CLibPQ", path: "Integrations/KadrLibraryPostgres/Sources/CLibPQ", pkgConfig: "libpq",
      providers: [.apt(["libpq-dev"]), .brew(["libpq"])]),
    .target(
      name: "PostgresClient",
      dependencies: [.target(name: "CLibPQ", condition: .when(traits: ["PostgreSQL"]))],
      path: "Integrations/KadrLibraryPostgres/Sources/PostgresClient"),
    .target(
      name: "KadrLibraryPostgres",
      dependencies: [
        "PostgresClient", "KadrPersistence", "KadrProjectLibrary", "KadrDiff",
        .target(name: "CZlib", condition: .when(traits: ["PostgreSQL"])),
      ],
      path: "Integrations/KadrLibraryPostgres/Sources/KadrLibraryPostgres"),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .system {
  target.swiftSettings = (target.swiftSettings ?? []) + sharedSwiftSettings
}
