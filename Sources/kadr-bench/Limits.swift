import Foundation
import KadrPersistence

/// `kadr-bench --limits`: how fast, and within how much memory, hostile documents are refused
/// under the default limits.
enum LimitsBenchmark {
  struct Case {
    let name: String
    /// Whether the input must be refused; `false` for a legitimate input measured beside them.
    var refused = true
    /// The document's size, when the case is one document, for the growth as a multiple of it.
    var size: Int?
    let run: () throws -> Void

    init(
      name: String, refused: Bool = true, size: Int? = nil, run: @escaping () throws -> Void
    ) {
      self.name = name
      self.refused = refused
      self.size = size
      self.run = run
    }
  }

  /// The groups of cases `--limits GROUP` can run alone.
  static let groups = ["documents", "shapes", "stores", "otio"]

  static func run(only group: String? = nil) throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("kadr-bench-limits-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let coder = KadrCoder()
    let gigabyte = 1 << 30

    // A 1 GiB file: sparse, so it costs no disk; its size alone refuses it.
    let bigFile = directory.appendingPathComponent("big.kadr.json")
    guard FileManager.default.createFile(atPath: bigFile.path, contents: nil),
      truncate(bigFile.path, off_t(gigabyte)) == 0
    else { throw BenchmarkError("could not make a 1 GiB sparse file") }

    let deep =
      Data(repeating: UInt8(ascii: "["), count: 100_000)
      + Data(repeating: UInt8(ascii: "]"), count: 100_000)
    let deepTracks = Data(
      (#"{"schema":1,"video":{"clips":["#
        + String(repeating: #"{"track":{"_0":{"clips":["#, count: 100_000)
        + String(repeating: "]}}}", count: 100_000) + "]}}").utf8)
    let longString = Data(
      (#"{"schema":1,"video":{"clips":[{"title":{"_0":{"text":""#
        + String(repeating: "a", count: 100 << 20) + #""}}}]}}"#).utf8)

    print("kadr-bench --limits — refusing hostile input under DocumentLimits.default")
    print("")
    print("input | refused in ms | peak RSS growth MB | × document | error")
    let cases = [
      Case(name: "1 GiB file, KadrCoder.read(from:)") {
        _ = try coder.read(from: bigFile)
      },
      Case(name: "1 GiB in memory, KadrCoder.video(from:)") {
        // Allocated but never touched by the refusal, as a caller's buffer would be.
        let bytes = Data(count: gigabyte)
        _ = try coder.video(from: bytes)
      },
      Case(name: "1 GiB through a pipe (read up to the limit)") {
        try refusePipe(bytes: gigabyte, limit: DocumentLimits.default.maximumDocumentBytes)
      },
      Case(name: "100,000-deep arrays") { _ = try coder.video(from: deep) },
      Case(name: "100,000-deep nested tracks") { _ = try coder.video(from: deepTracks) },
      Case(name: "a 100 MiB string") { _ = try coder.video(from: longString) },
    ]
    if group == nil || group == "documents" { try run(cases) }
    if group == nil || group == "shapes" { try run(shapeCases()) }
    if group == nil || group == "stores" { try run(storeCases(in: directory)) }
    if group == nil || group == "otio" { try run(otioCases()) }
  }

  static func run(_ cases: [Case]) throws {
    for item in cases {
      Measure.trimFreeMemory()
      Measure.resetPeak()
      let before = Measure.residentBytes()
      let clock = ContinuousClock()
      var message = item.refused ? "(accepted!)" : "(accepted, as it should be)"
      let elapsed = clock.measure {
        do { try item.run() } catch { message = "\(error)" }
      }
      let growth = max(0, Measure.peakResidentBytes() - before)
      let ms =
        Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
      let line = message.split(separator: "\n").first.map(String.init) ?? message
      let times = item.size.map { fmt(Double(growth) / Double($0)) } ?? "–"
      print(
        "\(item.name) | \(fmt(ms)) | \(fmt(Double(growth) / 1_000_000)) | \(times) | "
          + line.prefix(110))
    }
  }

  /// Streams `bytes` zero bytes through a pipe into ``DocumentFile/read(descriptor:named:maximumBytes:)``.
  static func refusePipe(bytes: Int, limit: Int) throws {
    // The feeder writes on after the reader has stopped: a broken pipe is an error, not death.
    _ = signal(SIGPIPE, SIG_IGN)
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { throw BenchmarkError("pipe failed") }
    let (reader, writer) = (ends[0], ends[1])
    let feeder = Thread {
      let chunk = [UInt8](repeating: 0x20, count: 1 << 16)
      var sent = 0
      while sent < bytes {
        let count = chunk.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
        if count <= 0 { break }
        sent += count
      }
      close(writer)
    }
    feeder.start()
    defer { close(reader) }
    _ = try DocumentFile.read(descriptor: reader, named: "<pipe>", maximumBytes: limit)
  }
}
