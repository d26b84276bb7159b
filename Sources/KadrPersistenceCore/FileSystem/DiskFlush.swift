#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Flushes an open file or directory to stable storage, for the atomic writers of the core
/// and of the project library (one copy, so both make the same promise).
///
/// On Linux `fsync` asks the drive to write its cache through. On Darwin it does not: it hands
/// the data to the drive, which may still hold it in a volatile cache when the power goes, so
/// Darwin first asks for `fcntl(F_FULLFSYNC)`, which does flush the drive. Some file systems
/// (network and FUSE ones, some external drives) refuse `F_FULLFSYNC`; `fsync` is then the
/// best the system offers, and is used instead.
package enum DiskFlush {
  /// Flushes `descriptor`; `true` when the system says the data is on stable storage, with
  /// `errno` set when `false`.
  package static func flush(_ descriptor: Int32) -> Bool {
    #if canImport(Darwin)
      if fcntl(descriptor, F_FULLFSYNC) != -1 { return true }
    #endif
    return fsync(descriptor) == 0
  }
}
