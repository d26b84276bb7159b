import Foundation
import KadrFileSystem

/// Writes documents so that a crash never leaves a torn one, through the package's one durable
/// write (`DurableFile` in `KadrFileSystem`: a temporary file in the same directory, flushed to
/// disk, renamed over the destination).
///
/// ## What is at the destination
///
/// - **Nothing**: the file is created (mode 0644 less the umask).
/// - **A regular file**: it is replaced atomically. The new file keeps its permission bits,
///   except set-user-ID and set-group-ID, which are never copied; and its owner and group, when
///   the process may set them (root may; another user keeps the group only if they belong to
///   it, and otherwise the new file is theirs).
/// - **A symbolic link** (a chain of them too): it is followed, and its target is replaced
///   atomically as above, in the target's directory; the link itself is left as it is. A
///   dangling link gets its target created.
/// - **A hard-linked file**: the path gets the new file; the file's other names keep the old
///   contents (a rename cannot change a file other names share).
/// - **A directory, device, FIFO or socket**, reached directly or through a link: refused with
///   a ``PersistenceError``, and left untouched. Nothing is written into a device or pipe: write
///   the bytes to standard output to send them there.
///
/// Public for one door, ``save(_:to:)``, so that a module built on the public API (an
/// interchange format's exported file) writes through the same durable write; the rest is the
/// package's own.
public enum AtomicFile {
  /// Replaces the file at `url` with `data`, atomically, as the package's own saves do (see
  /// the type's description for what happens at the destination).
  ///
  /// - Parameters:
  ///   - data: The new contents.
  ///   - url: A file URL.
  /// - Throws: ``PersistenceError`` with ``PersistenceError/Reason/fileSystem(path:underlying:)``
  ///   naming `url`'s path; the previous file is unchanged.
  public static func save(_ data: Data, to url: URL) throws {
    try write(data, to: url)
  }

  /// Replaces the file at `url` with `data`, atomically.
  ///
  /// Either the previous file (if any) or the complete new one is on disk at every moment, also
  /// when the process is killed or the disk fills up. The temporary file (`.NAME.tmp-UUID`,
  /// shortened with a hash of the name when that would pass the system's 255-byte name limit)
  /// is removed when anything fails; only a process killed mid-save can leave one behind, and it
  /// never replaces the document.
  /// - Parameters:
  ///   - data: The new contents.
  ///   - url: A file URL.
  /// - Throws: ``PersistenceError`` with ``PersistenceError/Reason/fileSystem(path:underlying:)``
  ///   naming `url`'s path: the destination is not a regular file, or a step failed.
  package static func write(_ data: Data, to url: URL) throws(PersistenceError) {
    try write(data, to: url, replacingLinks: false)
  }

  /// Replaces the file at `url` with `data`, atomically; with `replacingLinks`, a symbolic link
  /// at `url` is replaced itself instead of followed.
  ///
  /// For a store that owns its directory (``FileImageStore``): a link planted under one of its
  /// names must never be written through.
  /// - Parameters:
  ///   - data: The new contents.
  ///   - url: A file URL.
  ///   - replacingLinks: Replace a symbolic link at `url` itself, never its target.
  /// - Throws: ``PersistenceError`` as ``write(_:to:)``.
  package static func write(_ data: Data, to url: URL, replacingLinks: Bool)
    throws(PersistenceError)
  {
    let path = url.path
    do {
      try DurableFile.replace(path, with: data, links: replacingLinks ? .replace : .follow)
    } catch {
      throw PersistenceError(.fileSystem(path: path, underlying: error))
    }
  }
}
