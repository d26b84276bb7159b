import Foundation
import KadrFileSystem

extension FileImageStore {
  /// The largest image file a store reads or writes unless told otherwise: 256 MiB.
  public static let defaultMaximumImageBytes = 256 << 20

  /// Refuses a store directory that is itself a symbolic link.
  ///
  /// A link would make reads, writes and ``prune(keeping:)`` act in another directory (another
  /// project's store, say, after an archive or a hostile user planted the link), so it is never
  /// followed; the directories above it are the host's path and are. Checked at every use, so a
  /// directory replaced by a link after the store was created is refused too.
  /// - Throws: ``FileImageStoreError/directoryUnavailable(path:reason:)``.
  func refuseLinkedDirectory() throws(FileImageStoreError) {
    guard FileStatus(directory.path, followingLinks: false)?.kind == .symbolicLink else { return }
    throw .directoryUnavailable(
      path: directory.path,
      reason: "it is a symbolic link, and a store's directory is never followed through one "
        + "(it could point into another store); give the link's target as the directory if "
        + "you trust it")
  }
}
