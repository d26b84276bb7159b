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
    .library(name: "PostgresClient", targets: ["PostgresClient"])
  ],
  targets: [
    // The system libpq, PostgreSQL's own client library: it speaks the wire protocol,
    // authentication and TLS exactly as psql does, so none of that is written again here.
    .systemLibrary(
      name: "CLibPQ", path: "Sources/CLibPQ", pkgConfig: "libpq",
      providers: [.apt(["libpq-dev"]), .brew(["libpq"])]),
    // The safe Swift layer over libpq: the only code in this package that touches its pointers.
    .target(name: "PostgresClient", dependencies: ["CLibPQ"]),
    .testTarget(name: "PostgresClientTests", dependencies: ["PostgresClient"]),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .system {
  target.swiftSettings = (target.swiftSettings ?? []) + sharedSwiftSettings
}
