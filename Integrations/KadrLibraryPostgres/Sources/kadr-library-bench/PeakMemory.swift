import Foundation

/// The memory a step needs, read from Linux's `/proc/self/status`: how far the resident size
/// rises above where it was when the step began (0 where that file does not exist).
enum PeakMemory {
  /// Runs `body` and returns its result with the rise of the resident size to its peak while it
  /// ran, in bytes.
  ///
  /// Memory `malloc` holds free is handed back first (glibc's `malloc_trim`, found at run time),
  /// so a step cannot hide its needs in memory an earlier step freed.
  static func rise<T>(_ body: () throws -> T) rethrows -> (result: T, bytes: Int) {
    trim()
    try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    let before = field("VmRSS")
    let result = try body()
    return (result, max(0, field("VmHWM") - before))
  }

  /// The process's peak resident size so far (Linux's `VmHWM`), in bytes; 0 elsewhere.
  static var highWater: Int { field("VmHWM") }

  private static func trim() {
    typealias Trim = @convention(c) (Int) -> Int32
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
    _ = unsafeBitCast(symbol, to: Trim.self)(0)
  }

  private static func field(_ name: String) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return 0
    }
    for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
      let number = line.split(separator: " ").dropFirst().first { Int($0) != nil }
      return (number.flatMap { Int($0) } ?? 0) * 1024
    }
    return 0
  }
}
