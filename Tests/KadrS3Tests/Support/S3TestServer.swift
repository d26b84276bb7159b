import Foundation
import KadrModel
import KadrS3

/// The S3 server of the tests (SeaweedFS, started by `Scripts/s3-server`), from the variables
/// that script exports: `KADR_S3_ENDPOINT`, `KADR_S3_BUCKET`, `KADR_S3_ACCESS_KEY_ID`,
/// `KADR_S3_SECRET_ACCESS_KEY`, and a read-only key in `KADR_S3_READONLY_ACCESS_KEY_ID` and
/// `KADR_S3_READONLY_SECRET_ACCESS_KEY`.
///
/// With none configured the server's tests are skipped, saying why, unless `KADR_REQUIRE_S3=1`
/// (as `.ci/run` sets): then they fail.
enum S3TestServer {
  private static let environment = ProcessInfo.processInfo.environment

  /// Whether this run must have a server.
  static var isRequired: Bool { environment["KADR_REQUIRE_S3"] == "1" }

  /// The endpoint, or `nil` when none is configured.
  static var endpoint: URL? {
    environment["KADR_S3_ENDPOINT"].flatMap { $0.isEmpty ? nil : URL(string: $0) }
  }

  /// Why the server's tests do not run, or `nil` when they do (or must, and fail).
  static var skipReason: String? {
    guard endpoint == nil, !isRequired else { return nil }
    return "no S3 server is configured (run Scripts/s3-server, or set KADR_S3_ENDPOINT); "
      + "set KADR_REQUIRE_S3=1 to fail instead"
  }

  /// The bucket.
  static var bucket: String { environment["KADR_S3_BUCKET"] ?? "kadr" }

  /// The read-write key.
  static var credentials: S3Credentials {
    S3Credentials(
      accessKeyID: environment["KADR_S3_ACCESS_KEY_ID"] ?? "",
      secretAccessKey: environment["KADR_S3_SECRET_ACCESS_KEY"] ?? "")
  }

  /// The read-only key.
  static var readOnlyCredentials: S3Credentials {
    S3Credentials(
      accessKeyID: environment["KADR_S3_READONLY_ACCESS_KEY_ID"] ?? "",
      secretAccessKey: environment["KADR_S3_READONLY_SECRET_ACCESS_KEY"] ?? "")
  }

  /// A configuration under a prefix of its own (each test uses a fresh one, so tests never see
  /// each other's objects).
  static func configuration(
    prefix: String = "test-\(UUID().uuidString.lowercased())/",
    credentials: S3Credentials = credentials, multipartThreshold: Int = 16 * 1024 * 1024,
    timeout: TimeInterval = 30
  ) throws -> S3Configuration {
    guard let endpoint else { throw S3TestServerMissing() }
    return S3Configuration(
      endpoint: endpoint, region: "us-east-1", bucket: bucket, prefix: prefix,
      credentials: credentials, timeout: timeout, multipartThreshold: multipartThreshold,
      partSize: S3Configuration.minimumPartSize)
  }

  /// A distinct PNG of about `size` bytes: a solid-colour PNG with random bytes (then zeros)
  /// after it (the package reads only an image's header, so the tail is carried as it is).
  static func image(size: Int = 2048) throws -> PlatformImage {
    var data = PlatformImage.solidColor(PlatformColor(red: 0.2, green: 0.4, blue: 0.6)).data
    let tail = max(16, size - data.count)
    // Random bytes make it distinct; zeros after them keep a large one quick to build.
    data.append(Data((0..<min(tail, 1024)).map { _ in UInt8.random(in: 0...255) }))
    data.append(Data(count: tail - min(tail, 1024)))
    return try PlatformImage(data: data)
  }
}

/// Thrown when a server test runs with no server configured (KADR_REQUIRE_S3=1 without one).
struct S3TestServerMissing: Error, CustomStringConvertible {
  var description: String {
    "KADR_REQUIRE_S3=1 but no S3 server is configured: run the tests through Scripts/s3-server"
  }
}
