import Foundation
import KadrPersistence
import KadrS3

/// `kadr-library-bench --s3`: 200 images of about 50 MB in all (250 KB each), put into an S3
/// server and got back, by ``S3ImageStore`` (8 at a time, one image in memory per worker, each
/// got image written to a file) and by the AWS CLI's `aws s3 cp --recursive` (its default 10
/// at a time), on the same files and server in the same run; time and peak memory of each.
///
/// The server is the one `Scripts/s3-server` starts (`KADR_S3_ENDPOINT`, `KADR_S3_BUCKET`,
/// `KADR_S3_ACCESS_KEY_ID`, `KADR_S3_SECRET_ACCESS_KEY`); the AWS CLI is `KADR_AWS_CLI`, else
/// `aws` on PATH (`python3 -m venv .build/aws-venv && .build/aws-venv/bin/pip install awscli`).
enum S3Bench {
  static let count = 200
  static let imageSize = 250_000
  static let workers = 8

  static func run() throws {
    let environment = ProcessInfo.processInfo.environment
    guard let endpointText = environment["KADR_S3_ENDPOINT"],
      let endpoint = URL(string: endpointText)
    else {
      FileHandle.standardError.write(
        Data(
          "kadr-library-bench: --s3 needs KADR_S3_ENDPOINT (run it through Scripts/s3-server)\n"
            .utf8))
      exit(2)
    }
    let bucket = environment["KADR_S3_BUCKET"] ?? "kadr"
    let run = UUID().uuidString.prefix(8).lowercased()
    let store = try S3ImageStore(
      configuration: S3Configuration(
        endpoint: endpoint, region: "us-east-1", bucket: bucket, prefix: "bench-\(run)/ours/",
        credentials: S3Credentials(
          accessKeyID: environment["KADR_S3_ACCESS_KEY_ID"] ?? "",
          secretAccessKey: environment["KADR_S3_SECRET_ACCESS_KEY"] ?? "")))
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("kadr-s3-bench-\(run)")
    defer { try? FileManager.default.removeItem(at: work) }
    let images = work.appendingPathComponent("images")
    let files = try makeImages(in: images)
    let total = try files.reduce(0) {
      $0 + (try $1.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0)
    }
    print(
      "\(files.count) images, \(String(format: "%.1f", Double(total) / 1e6)) MB in all, SeaweedFS on loopback"
    )
    print("tool            step   seconds   MB/s   peak RSS rise   peak RSS")

    // Ours: each worker reads one file, puts it, and lets it go.
    let tokens = Tokens(count: files.count)
    let put = try timed {
      try PeakMemory.rise {
        try concurrently(files.count) { index in
          let image = try PlatformImage(data: try Data(contentsOf: files[index]))
          tokens.set(index, try store.token(for: image))
        }
      }
    }
    report("S3ImageStore", "put", put.seconds, total, rise: put.value.bytes)
    let got = work.appendingPathComponent("ours-got")
    try FileManager.default.createDirectory(at: got, withIntermediateDirectories: true)
    let get = try timed {
      try PeakMemory.rise {
        try concurrently(files.count) { index in
          let image = try store.image(for: tokens.get(index))
          try image.data.write(to: got.appendingPathComponent(files[index].lastPathComponent))
        }
      }
    }
    report("S3ImageStore", "get", get.seconds, total, rise: get.value.bytes)
    try verify(got, against: images)

    // The AWS CLI on the same files and server.
    let aws = environment["KADR_AWS_CLI"] ?? "aws"
    let target = "s3://\(bucket)/bench-\(run)/aws/"
    var variables = environment
    variables["AWS_ACCESS_KEY_ID"] = environment["KADR_S3_ACCESS_KEY_ID"]
    variables["AWS_SECRET_ACCESS_KEY"] = environment["KADR_S3_SECRET_ACCESS_KEY"]
    variables["AWS_DEFAULT_REGION"] = "us-east-1"
    variables["AWS_EC2_METADATA_DISABLED"] = "true"
    let common = ["--endpoint-url", endpoint.absoluteString, "--only-show-errors"]
    let awsPut = try measureChild(
      [aws, "s3", "cp", "--recursive", images.path, target] + common, environment: variables)
    report("aws s3 cp", "put", awsPut.seconds, total, peak: awsPut.peak)
    let awsGot = work.appendingPathComponent("aws-got")
    let awsGet = try measureChild(
      [aws, "s3", "cp", "--recursive", target, awsGot.path] + common, environment: variables)
    report("aws s3 cp", "get", awsGet.seconds, total, peak: awsGet.peak)
    try verify(awsGot, against: images)
    print("peak RSS rise: ours above the process's size before the step; peak RSS: the whole")
    print(
      "process (ours \(String(format: "%.1f", Double(PeakMemory.highWater) / 1e6)) MB after all steps)"
    )
  }

  /// `count` distinct PNGs of `imageSize` bytes: a PNG header and random bytes after it.
  static func makeImages(in folder: URL) throws -> [URL] {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let header = PlatformImage.solidColor(PlatformColor(red: 0.2, green: 0.4, blue: 0.6)).data
    var generator = SystemRandomNumberGenerator()
    return try (0..<count).map { index in
      var data = header
      data.append(
        Data(
          (0..<(imageSize - header.count)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        ))
      let url = folder.appendingPathComponent(String(format: "image-%03d.png", index))
      try data.write(to: url)
      return url
    }
  }

  /// Runs `body` for 0..<count on `workers` threads, each taking the next index; the first
  /// error stops the others taking more.
  static func concurrently(_ count: Int, _ body: @Sendable (Int) throws -> Void) throws {
    let queue = Tokens(count: 0)
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      while let index = queue.next(below: count) {
        do { try body(index) } catch { queue.fail(error) }
      }
    }
    if let error = queue.failure { throw error }
  }

  /// The files of `folder` must be those of `original`, byte for byte.
  static func verify(_ folder: URL, against original: URL) throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: original.path)
    for name in names {
      let copy = try Data(contentsOf: folder.appendingPathComponent(name))
      guard copy == (try Data(contentsOf: original.appendingPathComponent(name))) else {
        throw BenchFailure(
          description: "\(folder.lastPathComponent)/\(name) differs from the original")
      }
    }
  }

  static func timed<T>(_ body: () throws -> T) rethrows -> (value: T, seconds: Double) {
    let start = ContinuousClock.now
    let value = try body()
    let elapsed = ContinuousClock.now - start
    return (
      value, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    )
  }

  /// Runs a command; its time and peak resident size (python3's `resource` reads the child's).
  static func measureChild(_ command: [String], environment: [String: String]) throws
    -> (seconds: Double, peak: Int)
  {
    let script =
      "import resource, subprocess, sys\n"
      + "status = subprocess.run(sys.argv[1:]).returncode\n"
      + "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
      + "sys.exit(status)\n"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script] + command
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    let result = try timed { () throws -> Data in
      try process.run()
      let data = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return data
    }
    guard process.terminationStatus == 0 else {
      throw BenchFailure(
        description:
          "\(command.prefix(3).joined(separator: " ")) exited \(process.terminationStatus)")
    }
    let kilobytes =
      Int(String(decoding: result.value, as: UTF8.self).split(separator: "\n").last ?? "") ?? 0
    return (result.seconds, kilobytes * 1024)
  }

  static func report(
    _ tool: String, _ step: String, _ seconds: Double, _ bytes: Int, rise: Int? = nil,
    peak: Int? = nil
  ) {
    func megabytes(_ value: Int?) -> String {
      value.map { String(format: "%.1f MB", Double($0) / 1e6) } ?? "-"
    }
    print(
      tool.padding(toLength: 16, withPad: " ", startingAt: 0)
        + step.padding(toLength: 4, withPad: " ", startingAt: 0)
        + String(format: "   %7.2f   %4.0f", seconds, Double(bytes) / 1e6 / seconds)
        + "   " + megabytes(rise).padding(toLength: 13, withPad: " ", startingAt: 0) + "   "
        + megabytes(peak))
  }
}

struct BenchFailure: Error, CustomStringConvertible {
  let description: String
}

/// The tokens of the images by index, the next index to take, and the first failure; under a
/// lock.
final class Tokens: @unchecked Sendable {
  // @unchecked Sendable: every field is read and written holding `lock`.
  private let lock = NSLock()
  private var tokens: [String]
  private var taken = 0
  private var error: (any Error)?

  init(count: Int) { tokens = Array(repeating: "", count: count) }

  func set(_ index: Int, _ token: String) { lock.withLock { tokens[index] = token } }
  func get(_ index: Int) -> String { lock.withLock { tokens[index] } }
  func fail(_ error: any Error) { lock.withLock { self.error = self.error ?? error } }
  var failure: (any Error)? { lock.withLock { error } }

  /// The next index below `count`, or `nil` when all are taken or one failed.
  func next(below count: Int) -> Int? {
    lock.withLock {
      guard taken < count, error == nil else { return nil }
      taken += 1
      return taken - 1
    }
  }
}
