import Foundation

/// Wall-clock and memory measurements for the benchmark.
enum Measure {
  /// The median duration of `runs` runs of `body`, in milliseconds.
  static func medianMilliseconds(runs: Int, _ body: () throws -> Void) rethrows -> Double {
    var samples: [Double] = []
    let clock = ContinuousClock()
    for _ in 0..<max(1, runs) {
      let elapsed = try clock.measure { try body() }
      samples.append(
        Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
    }
    samples.sort()
    return samples[samples.count / 2]
  }

  /// Times `ours` and `baseline` in alternation, `runs` pairs, so that both see the same
  /// moments of a shared, noisy machine: the medians of each, and the median of the per-pair
  /// ratios baseline ÷ ours (steadier than the ratio of two medians taken seconds apart).
  static func interleaved(
    runs: Int, ours: () throws -> Void, baseline: () throws -> Void
  ) rethrows -> (oursMs: Double, baselineMs: Double, ratio: Double) {
    var oursSamples: [Double] = []
    var baselineSamples: [Double] = []
    var ratios: [Double] = []
    for _ in 0..<max(1, runs) {
      let first = try medianMilliseconds(runs: 1, ours)
      let second = try medianMilliseconds(runs: 1, baseline)
      oursSamples.append(first)
      baselineSamples.append(second)
      ratios.append(second / max(first, 1e-9))
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    return (median(oursSamples), median(baselineSamples), median(ratios))
  }

  /// The resident set size now, in bytes (Linux: `VmRSS`), or 0 where unknown.
  static func residentBytes() -> Int { statusField("VmRSS") }

  /// The peak resident set size since the last ``resetPeak()``, in bytes (Linux: `VmHWM`).
  static func peakResidentBytes() -> Int { statusField("VmHWM") }

  /// Resets the kernel's peak-RSS counter (Linux ≥ 4.0), so the next peak is this phase's own.
  static func resetPeak() {
    try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
  }

  /// Runs `body` and measures the memory it needed beyond what it returned: the growth of the
  /// resident size to its peak while `body` ran, less the size of the result.
  ///
  /// `malloc` keeps freed memory for reuse rather than returning it to the system, so the
  /// resident size after `body` still holds every transient allocation and equals the peak: the
  /// old `peak − max(after, before)` read 0. Here free memory is handed back (`malloc_trim`)
  /// before the baseline, and the result's size is measured apart, as what a second run of
  /// `body` keeps resident once its transient memory is handed back. Where the peak cannot be
  /// read (not Linux) the transient is 0.
  ///
  /// - Returns: `body`'s first result, the transient peak in bytes, and the peak resident size.
  static func transientPeak<T>(_ body: () throws -> T) rethrows -> (
    result: T, transientBytes: Int, peakBytes: Int
  ) {
    trimFreeMemory()
    resetPeak()
    let before = residentBytes()
    let result = try body()
    let peak = peakResidentBytes()
    trimFreeMemory()
    let beforeSecond = residentBytes()
    let second = try body()
    trimFreeMemory()
    let resultBytes = max(0, residentBytes() - beforeSecond)
    withExtendedLifetime(second) {}
    return (result, max(0, peak - before - resultBytes), peak)
  }

  /// Hands memory that `malloc` holds free back to the system (glibc's `malloc_trim`), found at
  /// run time so that the benchmark still builds where there is no such function.
  static func trimFreeMemory() {
    typealias Trim = @convention(c) (Int) -> Int32
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
    _ = unsafeBitCast(symbol, to: Trim.self)(0)
  }

  private static func statusField(_ name: String) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return 0
    }
    for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
      let digits = line.split(separator: " ").dropFirst().first { Int($0) != nil }
      return (digits.flatMap { Int($0) } ?? 0) * 1024
    }
    return 0
  }
}
