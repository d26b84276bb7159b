import Foundation
import KadrPersistence

// kadr-bench: save and open compositions of 1 000, 10 000 and 100 000 clips with this package,
// beside JSONEncoder/JSONDecoder over a plain Codable mirror of the format and a
// JSONSerialization parse, all on the same documents in the same run; and, when python3 has
// orjson, orjson.loads/dumps as an optional reference column (OrjsonReference.swift).
//
//   swift run -c release kadr-bench [--clips N] [--json]
//   swift run -c release kadr-bench --limits [documents|shapes|stores|otio]
//                                    (how hostile input is refused; one group, or all)
//   swift run -c release kadr-bench --check-batch [N]
//                                    (kadr-doc check over N documents, at 1 and N jobs)
//   swift run -c release kadr-bench --diff [--clips N]   (diff and merge; Diff.swift)
//   swift run -c release kadr-bench --interchange [--clips N]
//                                    (OpenTimelineIO and FCPXML export and import; Interchange.swift)
//   swift run -c release kadr-bench --library   (a project library of 10,000 projects)
//   swift run -c release kadr-bench --packages  (export and import a project package; copy a
//                                                library of 1,000 projects)

struct Options {
  var sizes = [1_000, 10_000, 100_000]
  var json = false
  /// `save`, `open` or `read` (the JSON reader alone): run only that operation, repeatedly, for
  /// a profiler.
  var profile: String?
  /// `--write FILE`: write the benchmark's document of `--clips N` clips to FILE and stop (to
  /// check, say, that `kadr-doc resave` gives its bytes back).
  var write: String?
  /// Measure how hostile documents are refused instead of saving and opening.
  var limits = false
  /// The group of `--limits` cases to run, or `nil` for all.
  var limitsGroup: String?
  /// `--check-batch [N]`: time `kadr-doc check` over N documents instead.
  var checkBatch: Int?
  /// Measure the diff and merge of two documents instead (Diff.swift).
  var diff = false
  /// Measure OpenTimelineIO and FCPXML export and import instead (Interchange.swift).
  var interchange = false
  /// Measure a project library (`Library.swift`) of this many projects instead (10,000 by
  /// default: `--library [N]`).
  var library: Int?
  /// Measure exporting and importing a project package instead (`Packages.swift`).
  var packages = false
}

func parseOptions() -> Options {
  var options = Options()
  var arguments = CommandLine.arguments.dropFirst()
  while let argument = arguments.popFirst() {
    switch argument {
    case "--json": options.json = true
    case "--diff": options.diff = true
    case "--packages": options.packages = true
    case "--interchange": options.interchange = true
    case "--library":
      options.library = 10_000
      if let value = arguments.first, let count = Int(value), count > 0 {
        options.library = count
        arguments.removeFirst()
      }
    case "--limits":
      options.limits = true
      if let group = arguments.first, LimitsBenchmark.groups.contains(group) {
        options.limitsGroup = arguments.popFirst()
      }
    case "--check-batch":
      options.checkBatch = 10_000
      if let value = arguments.first, let count = Int(value), count > 0 {
        options.checkBatch = count
        arguments.removeFirst()
      }
    case "--clips":
      guard let value = arguments.popFirst(), let count = Int(value), count > 0 else {
        FileHandle.standardError.write(Data("kadr-bench: --clips needs a positive integer\n".utf8))
        exit(2)
      }
      options.sizes = [count]
    case "--profile":
      guard let value = arguments.popFirst(), ["save", "open", "read", "rename"].contains(value)
      else {
        FileHandle.standardError.write(
          Data("kadr-bench: --profile needs save, open, read or rename\n".utf8))
        exit(2)
      }
      options.profile = value
    case "--write":
      guard let value = arguments.popFirst() else {
        FileHandle.standardError.write(Data("kadr-bench: --write needs a file\n".utf8))
        exit(2)
      }
      options.write = value
    case "-h", "--help":
      print(
        "usage: kadr-bench [--clips N] [--json] [--profile save|open|read|rename] [--limits [GROUP]] "
          + "[--check-batch [N]] [--diff] [--interchange] [--library [N]] [--packages] "
          + "[--write FILE]"
      )
      exit(0)
    default:
      FileHandle.standardError.write(Data("kadr-bench: unknown argument '\(argument)'\n".utf8))
      exit(2)
    }
  }
  return options
}

struct Result {
  var clips: Int
  var bytes: Int
  var saveMs: Double
  var openMs: Double
  var baselineEncodeMs: Double
  var baselineDecodeMs: Double
  /// The median of the per-pair ratios baseline ÷ ours (see ``Measure/interleaved``).
  var saveSpeedup: Double
  var openSpeedup: Double
  var serializationMs: Double
  var readerMs: Double
  var writerMs: Double
  var peakRSS: Int
  var openTransientPeak: Int
  /// orjson on the same document, when python3 has it (see ``OrjsonReference``).
  var orjson: OrjsonReference.Timing?

  var json: String {
    let fields: [(String, String)] = [
      ("clips", "\(clips)"), ("bytes", "\(bytes)"), ("save_ms", fmt(saveMs)),
      ("open_ms", fmt(openMs)), ("baseline_encode_ms", fmt(baselineEncodeMs)),
      ("baseline_decode_ms", fmt(baselineDecodeMs)),
      ("jsonserialization_parse_ms", fmt(serializationMs)), ("reader_ms", fmt(readerMs)),
      ("writer_ms", fmt(writerMs)), ("peak_rss_bytes", "\(peakRSS)"),
      ("open_transient_peak_bytes", "\(openTransientPeak)"),
      ("save_speedup", fmt(saveSpeedup)),
      ("open_speedup", fmt(openSpeedup)),
      ("orjson_loads_ms", orjson.map { fmt($0.loadsMs) } ?? "null"),
      ("orjson_dumps_ms", orjson.map { fmt($0.dumpsMs) } ?? "null"),
    ]
    return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
  }
}

func fmt(_ value: Double) -> String { String(format: "%.3f", value) }

func run(clips: Int) throws -> Result {
  let (video, store) = Workload.composition(clipCount: clips)
  let coder = KadrCoder()
  let bytes = try coder.data(for: video, images: store)
  let runs = clips <= 1_000 ? 21 : clips <= 10_000 ? 9 : 3

  let mirror = try JSONDecoder().decode(MirrorDocument.self, from: bytes)
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys]
  // The mirror must describe the same document, or the comparison means nothing.
  let mirrored = try encoder.encode(mirror)
  guard mirrored == bytes else {
    throw BenchmarkError("the Codable mirror does not reproduce the document's bytes")
  }

  // Each run of ours beside one of the baseline's, so that the ratio compares like moments.
  let save = try Measure.interleaved(runs: runs) {
    _ = try coder.data(for: video, images: store)
  } baseline: {
    _ = try encoder.encode(mirror)
  }
  let open = try Measure.interleaved(runs: runs) {
    _ = try coder.video(from: bytes, images: store)
  } baseline: {
    _ = try JSONDecoder().decode(MirrorDocument.self, from: bytes)
  }
  let (saveMs, baselineEncodeMs) = (save.oursMs, save.baselineMs)
  let (openMs, baselineDecodeMs) = (open.oursMs, open.baselineMs)
  let serializationMs = try Measure.medianMilliseconds(runs: runs) {
    _ = try JSONSerialization.jsonObject(with: bytes)
  }

  let tree = try JSONReader().read(bytes)
  let readerMs = try Measure.medianMilliseconds(runs: runs) { _ = try JSONReader().read(bytes) }
  let writerMs = try Measure.medianMilliseconds(runs: runs) { _ = try JSONWriter().write(tree) }

  let (opened, transient, peak) = try Measure.transientPeak {
    try coder.video(from: bytes, images: store)
  }
  withExtendedLifetime(opened) {}
  return Result(
    clips: clips, bytes: bytes.count, saveMs: saveMs, openMs: openMs,
    baselineEncodeMs: baselineEncodeMs, baselineDecodeMs: baselineDecodeMs,
    saveSpeedup: save.ratio, openSpeedup: open.ratio,
    serializationMs: serializationMs, readerMs: readerMs, writerMs: writerMs, peakRSS: peak,
    openTransientPeak: transient, orjson: OrjsonReference.measure(bytes, runs: runs))
}

struct BenchmarkError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

let options = parseOptions()
if let count = options.checkBatch {
  do {
    try CheckBatchBenchmark.run(documents: count)
  } catch {
    FileHandle.standardError.write(Data("kadr-bench: \(error)\n".utf8))
    exit(1)
  }
  exit(0)
}
if options.packages {
  do {
    try PackageBenchmark.run()
    try PackageBenchmark.runRename()
    try PackageBenchmark.runCopy(projects: 1_000)
  } catch {
    FileHandle.standardError.write(Data("kadr-bench: \(error)\n".utf8))
    exit(1)
  }
  exit(0)
}
if let projects = options.library {
  do {
    try LibraryBenchmark.run(projects: projects)
  } catch {
    FileHandle.standardError.write(Data("kadr-bench: \(error)\n".utf8))
    exit(1)
  }
  exit(0)
}
if options.interchange {
  do {
    for size in options.sizes == [1_000, 10_000, 100_000] ? [10_000] : options.sizes {
      try InterchangeBenchmark.run(clips: size, json: options.json)
    }
  } catch {
    FileHandle.standardError.write(Data("kadr-bench: \(error)\n".utf8))
    exit(1)
  }
  exit(0)
}
if options.diff {
  do {
    for size in options.sizes == [1_000, 10_000, 100_000] ? [10_000] : options.sizes {
      try DiffBenchmark.run(clips: size, json: options.json)
    }
  } catch {
    FileHandle.standardError.write(Data("kadr-bench: \(error)\n".utf8))
    exit(1)
  }
  exit(0)
}
if options.limits {
  do {
    try LimitsBenchmark.run(only: options.limitsGroup)
  } catch {
    FileHandle.standardError.write(Data("kadr-bench: \(error)\n".utf8))
    exit(1)
  }
  exit(0)
}
if let path = options.write {
  let (video, store) = Workload.composition(clipCount: options.sizes[0])
  do {
    try KadrCoder().data(for: video, images: store).write(to: URL(fileURLWithPath: path))
  } catch {
    FileHandle.standardError.write(Data("kadr-bench: \(error)\n".utf8))
    exit(1)
  }
  exit(0)
}
if options.profile == "rename" {
  // A package's rename of a document's image tokens in its bytes, twenty times.
  do {
    let (coder, data, renames, _) = try PackageBenchmark.renameWorkload()
    for _ in 0..<20 { _ = try coder.renamingImageTokens(inBytes: data, renames) }
  } catch {
    FileHandle.standardError.write(Data("kadr-bench: \(error)\n".utf8))
    exit(1)
  }
  exit(0)
}
if let profile = options.profile {
  // Only this package's operation, twenty times, so a profiler sees nothing else.
  let (video, store) = Workload.composition(clipCount: options.sizes[0])
  let coder = KadrCoder()
  do {
    let bytes = try coder.data(for: video, images: store)
    for _ in 0..<20 {
      if profile == "save" {
        _ = try coder.data(for: video, images: store)
      } else if profile == "read" {
        _ = try JSONReader().read(bytes)
      } else {
        _ = try coder.video(from: bytes, images: store)
      }
    }
  } catch {
    FileHandle.standardError.write(Data("kadr-bench: \(error)\n".utf8))
    exit(1)
  }
  exit(0)
}
var results: [Result] = []
do {
  for size in options.sizes {
    let result = try run(clips: size)
    results.append(result)
    if options.json { print(result.json) }
  }
} catch {
  FileHandle.standardError.write(Data("kadr-bench: \(error)\n".utf8))
  exit(1)
}

if !options.json {
  print(
    "kadr-bench — median wall time, release build; ratios are baseline ÷ kadr (higher is better),"
      + " the median of runs of each taken in alternation")
  print("")
  let header = [
    "clips", "bytes", "save ms", "MB/s", "JSONEncoder ms", "save ×", "open ms", "MB/s",
    "JSONDecoder ms", "open ×", "JSONSer. ms", "reader ms", "writer ms", "µs/clip save",
    "µs/clip open", "open peak/doc", "orjson loads ms", "open ÷ loads", "orjson dumps ms",
    "save ÷ dumps",
  ]
  print(header.joined(separator: " | "))
  for r in results {
    let mb = Double(r.bytes) / 1_000_000
    let reference: [String] =
      r.orjson.map { orjson in
        [
          fmt(orjson.loadsMs), fmt(r.openMs / orjson.loadsMs), fmt(orjson.dumpsMs),
          fmt(r.saveMs / orjson.dumpsMs),
        ]
      } ?? ["–", "–", "–", "–"]
    let row: [String] = [
      "\(r.clips)", "\(r.bytes)", fmt(r.saveMs), fmt(mb / (r.saveMs / 1000)),
      fmt(r.baselineEncodeMs), fmt(r.saveSpeedup), fmt(r.openMs),
      fmt(mb / (r.openMs / 1000)), fmt(r.baselineDecodeMs), fmt(r.openSpeedup),
      fmt(r.serializationMs), fmt(r.readerMs), fmt(r.writerMs),
      fmt(r.saveMs * 1000 / Double(r.clips)),
      fmt(r.openMs * 1000 / Double(r.clips)), fmt(Double(r.openTransientPeak) / Double(r.bytes)),
    ]
    print((row + reference).joined(separator: " | "))
  }
  if let first = results.first, let last = results.last, results.count > 1 {
    let perClip = { (r: Result) in (r.saveMs + r.openMs) / Double(r.clips) }
    print("")
    print(
      "per-clip cost at \(last.clips) ÷ at \(first.clips): \(fmt(perClip(last) / perClip(first)))")
  }
}
