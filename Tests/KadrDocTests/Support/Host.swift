import Foundation

/// What the machine running the tests offers beyond POSIX, so a test that needs more is skipped
/// by name, with its reason, where it cannot pass (`swift test` on a Mac), and still runs, and
/// fails when something is missing, on Linux.
enum Host {
  #if os(Linux)
    /// Linux, where util-linux (`prlimit`, `setpriv`), coreutils (`timeout`) and the device
    /// numbers of `/dev/full` are as the tests expect them.
    static let isLinux = true
  #else
    static let isLinux = false
  #endif

  /// Whether the file system may hold a name that is not UTF-8. APFS and HFS+ refuse one
  /// (EILSEQ); Linux file systems take any bytes but `/` and NUL.
  #if canImport(Darwin)
    static let takesNonUTF8Names = false
  #else
    static let takesNonUTF8Names = true
  #endif

  /// GNU `timeout`, a watchdog so that a hung tool fails a test instead of blocking the run;
  /// `nil` where there is none (macOS), and the tool then runs without one.
  static let timeout = ["/usr/bin/timeout", "/bin/timeout"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }
}
