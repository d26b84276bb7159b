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

  /// The resident set size now, in bytes (Linux: `VmRSS`), or 0 where unknown.
  static func residentBytes() -> Int { statusField("VmRSS") }

  /// The peak resident set size since the last ``resetPeak()``, in bytes (Linux: `VmHWM`).
  static func peakResidentBytes() -> Int { statusField("VmHWM") }

  /// Resets the kernel's peak-RSS counter (Linux ≥ 4.0), so the next peak is this phase's own.
  static func resetPeak() {
    try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
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
