import Foundation
import KadrS3

/// AWS's Signature Version 4 test suite, in `../shared/aws-sigv4-test-suite/v4` beside the
/// repository (as CI lays it out), or where `KADR_SIGV4_SUITE` says.
enum SigningSuite {
  /// The `v4` folder, whether or not it exists.
  static let folder: URL = {
    if let path = ProcessInfo.processInfo.environment["KADR_SIGV4_SUITE"], !path.isEmpty {
      return URL(fileURLWithPath: path)
    }
    // #filePath is Tests/KadrS3Tests/Support/SigningSuite.swift: four levels up is the clone.
    var root = URL(fileURLWithPath: #filePath)
    for _ in 0..<4 { root.deleteLastPathComponent() }
    return root.deletingLastPathComponent()
      .appendingPathComponent("shared/aws-sigv4-test-suite/v4")
  }()

  /// Whether a run must have the suite (`CI` or `KADR_REQUIRE_S3=1`): a missing folder fails.
  static var isRequired: Bool {
    let environment = ProcessInfo.processInfo.environment
    return !(environment["CI"] ?? "").isEmpty || environment["KADR_REQUIRE_S3"] == "1"
  }

  /// The number of cases in the suite's `v4` folder at commit 495329c (see its README).
  static let expectedCaseCount = 38

  /// The case folders' names, sorted; empty when the folder is missing.
  static let caseNames: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter {
      FileManager.default.fileExists(
        atPath: folder.appendingPathComponent($0).appendingPathComponent("request.txt").path)
    }.sorted()
  }()

  /// Why the suite's tests do not run here, or `nil` when it is present (or required, so that
  /// its absence fails).
  static var skipReason: String? {
    guard caseNames.isEmpty, !isRequired else { return nil }
    return "the AWS signing test suite is not at \(folder.path); "
      + "set CI or KADR_REQUIRE_S3=1 to fail instead"
  }
}

/// One case of the suite: its context, its request, and the expected files.
struct SigningCase {
  /// The folder's name.
  let name: String
  /// The folder.
  let folder: URL
  /// `context.json`.
  let context: Context
  /// `request.txt`, parsed.
  let request: ParsedRequest

  /// The fields of `context.json` the signer uses (snake case in the file).
  struct Context: Decodable {
    struct Credentials: Decodable {
      let accessKeyId: String
      let secretAccessKey: String
      let token: String?
    }
    let credentials: Credentials
    let expirationInSeconds: Int
    let normalize: Bool
    let region: String
    let service: String
    let signBody: Bool
    let timestamp: String
    let omitSessionToken: Bool?
  }

  /// Reads the case `name`.
  init(_ name: String) throws {
    self.name = name
    folder = SigningSuite.folder.appendingPathComponent(name)
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    context = try decoder.decode(
      Context.self, from: Data(contentsOf: folder.appendingPathComponent("context.json")))
    request = try ParsedRequest(Data(contentsOf: folder.appendingPathComponent("request.txt")))
  }

  /// The bytes of the expected file `name`.
  func expected(_ file: String) throws -> Data {
    try Data(contentsOf: folder.appendingPathComponent(file))
  }

  /// The signing time of the context.
  var date: Date {
    get throws {
      guard let date = ISO8601DateFormatter().date(from: context.timestamp) else {
        throw CocoaError(.coderReadCorrupt)
      }
      return date
    }
  }
}
