import Foundation
import KadrDiff
import KadrPersistence

/// `kadr-bench --diff [--clips N]`: the diff of two N-clip documents against the cost of
/// opening both, and a three-way merge beside it. The goal (issue #17) is a diff within 2× of
/// opening both documents.
enum DiffBenchmark {
  static func run(clips: Int, json: Bool) throws {
    let (video, store) = Workload.composition(clipCount: clips)
    let coder = KadrCoder()
    let before = try coder.data(for: video, images: store)
    let after = try edited(before, coder: coder, step: 1)
    let theirs = try edited(before, coder: coder, step: 2)
    let differ = CompositionDiffer(coder: coder)
    let runs = clips <= 1_000 ? 21 : clips <= 10_000 ? 11 : 3

    // Opening both and diffing alternate, so that a machine shared with other work slows both
    // alike; the ratio is the median of the per-round ratios.
    var rounds: [(open: Double, diff: Double)] = []
    var diff: CompositionDiff?
    for _ in 0..<runs {
      let open = try Measure.medianMilliseconds(runs: 1) {
        _ = try coder.video(from: before, images: store)
        _ = try coder.video(from: after, images: store)
      }
      let compared = try Measure.medianMilliseconds(runs: 1) {
        diff = try differ.diff(from: before, to: after)
      }
      rounds.append((open, compared))
    }
    let openMs = median(rounds.map(\.open))
    let diffMs = median(rounds.map(\.diff))
    let ratio = median(rounds.map { $0.diff / $0.open })
    let mergeMs = try Measure.medianMilliseconds(runs: runs) {
      _ = try differ.merge(base: before, ours: after, theirs: theirs)
    }
    // Where the diff's time goes: reading, decoding and laying out both documents.
    let documents = try [before, after].map { try coder.readJSON($0) }
    let readMs = try Measure.medianMilliseconds(runs: runs) {
      for data in [before, after] { _ = try coder.readJSON(data) }
    }
    let decodeMs = try Measure.medianMilliseconds(runs: runs) {
      for document in documents { _ = try coder.decode(document, images: UnresolvedImageStore()) }
    }
    let videos = try documents.map { try coder.decode($0, images: UnresolvedImageStore()) }
    let layoutMs = Measure.medianMilliseconds(runs: runs) {
      for video in videos { _ = video.layout }
    }
    let summary = diff?.summary ?? ""
    if json {
      print(
        "{\"clips\":\(clips),\"bytes\":\(before.count),\"open_both_ms\":\(fmt(openMs)),"
          + "\"diff_ms\":\(fmt(diffMs)),\"diff_over_open\":\(fmt(ratio)),"
          + "\"merge_ms\":\(fmt(mergeMs)),\"read_both_ms\":\(fmt(readMs)),"
          + "\"decode_both_ms\":\(fmt(decodeMs)),\"layout_both_ms\":\(fmt(layoutMs)),"
          + "\"summary\":\"\(summary)\"}")
    } else {
      print("kadr-bench --diff — median wall time; goal: diff ≤ 2 × opening both documents")
      print("clips | bytes | open both ms | diff ms | diff ÷ open | merge ms | diff")
      print(
        "\(clips) | \(before.count) | \(fmt(openMs)) | \(fmt(diffMs)) | \(fmt(ratio)) | "
          + "\(fmt(mergeMs)) | \(summary)")
      print(
        "inside the diff: reading both \(fmt(readMs)) ms, decoding both \(fmt(decodeMs)) ms, "
          + "laying out both \(fmt(layoutMs)) ms")
    }
  }

  static func median(_ values: [Double]) -> Double {
    values.sorted()[values.count / 2]
  }

  /// `document` with three edits to its top-level clips, spread by `step`: one removed, one
  /// inserted (a copy of another), one moved to the end.
  static func edited(_ document: Data, coder: KadrCoder, step: Int) throws -> Data {
    guard case .object(var envelope) = try coder.readJSON(document).json,
      case .object(var video)? = envelope[DocumentEnvelope.rootKey],
      case .array(var clips)? = video["clips"], clips.count > 10
    else { throw BenchmarkError("the benchmark document has no clip list") }
    let count = clips.count
    clips.remove(at: count / 10 * step)
    clips.insert(clips[count / 2 + 3], at: count * 7 / 10)
    clips.append(clips.remove(at: count / 5 + step))
    video["clips"] = .array(clips)
    envelope[DocumentEnvelope.rootKey] = .object(video)
    return try KadrDocument(json: .object(envelope)).data()
  }
}
