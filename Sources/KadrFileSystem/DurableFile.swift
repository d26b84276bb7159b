import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The package's one durable write: every file it writes (documents, a library's saves and
/// change record, packages, OpenTimelineIO bundles, kadr-doc's outputs) is replaced this way,
/// so a crash never leaves a torn file and a completed write survives a power cut.
///
/// A temporary file in the destination's directory is written, flushed to stable storage
/// (`F_FULLFSYNC` on Darwin, `fsync` elsewhere; see ``SystemCall/flushToDisk(_:)``), renamed
/// over the destination, and the directory is flushed so that the rename lasts too. On any
/// failure the temporary file is removed and the destination is as it was.
///
/// ## What is at the destination
///
/// - **Nothing**: the file is created (mode 0644 less the umask).
/// - **A regular file**: it is replaced atomically. The new file keeps its permission bits,
///   except set-user-ID and set-group-ID, which are never copied; and its owner and group, when
///   the process may set them.
/// - **A symbolic link** (a chain of them too): followed, and its target replaced atomically in
///   the target's directory, the link left as it is; with ``Links/replace``, the link itself is
///   replaced (for a store that owns its directory, where a planted link must never be written
///   through).
/// - **A directory, device, FIFO or socket**: refused with ``DestinationRefusal``, untouched.
package enum DurableFile {
  /// What is done with a symbolic link at the destination.
  package enum Links: Sendable {
    /// It is followed, and its target replaced.
    case follow
    /// It is replaced itself.
    case replace
  }

  /// How the temporary file is named, in the destination's directory.
  package enum TemporaryName: Sendable {
    /// `.NAME.tmp-UUID` (shortened with a hash of the name past the 255-byte name limit).
    case hidden
    /// `PREFIXNAME-PID-RANDOM`: a library finds its writers' leftovers by the prefix.
    case prefixed(String)
  }

  /// Replaces the file at `path` with `data`.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - data: The new contents.
  ///   - links: What to do with a symbolic link at `path`.
  ///   - temporaryName: How to name the temporary file.
  ///   - flushing: `false` for a notice rather than data (a library's change record): still
  ///     whole or absent after a crash of the process, but not flushed, so it may be lost with
  ///     the machine; `true` by default.
  /// - Throws: ``DestinationRefusal`` or ``SystemError``; the destination is then unchanged.
  package static func replace(
    _ path: String, with data: Data, links: Links = .follow,
    temporaryName: TemporaryName = .hidden, flushing: Bool = true
  ) throws {
    try replace(path, links: links, temporaryName: temporaryName, flushing: flushing) {
      try $0.write(data)
    }
  }

  /// Replaces the file at `path` with what `write` writes, streamed: memory holds no more than
  /// `write` does.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - links: What to do with a symbolic link at `path`.
  ///   - temporaryName: How to name the temporary file.
  ///   - flushing: `false` for a notice rather than data (see
  ///     ``replace(_:with:links:temporaryName:flushing:)``); `true` by default.
  ///   - write: Writes the new contents.
  /// - Throws: ``DestinationRefusal``, ``SystemError``, or what `write` throws; the
  ///   destination is then unchanged.
  package static func replace(
    _ path: String, links: Links = .follow, temporaryName: TemporaryName = .hidden,
    flushing: Bool = true, _ write: (DurableWriter) throws -> Void
  ) throws {
    let destination = try Destination(resolving: path, followingLinks: links == .follow)
    let target = destination.path
    let directory = Destination.directory(of: target)
    let temporary = directory + "/" + Destination.temporaryName(for: target, temporaryName)
    let flags =
      SystemCall.Flags.writeOnly | SystemCall.Flags.create | SystemCall.Flags.exclusive
      | SystemCall.Flags.noFollow | SystemCall.Flags.closeOnExec
    let descriptor = SystemCall.open(temporary, flags)
    guard descriptor >= 0 else { throw SystemError("create a temporary file beside it") }
    var open = true
    do {
      if let existing = destination.existing { keepOwnershipAndMode(of: existing, on: descriptor) }
      try write(DurableWriter(descriptor: descriptor))
      guard !flushing || SystemCall.flushToDisk(descriptor) else {
        throw SystemError("flush it to disk")
      }
      SystemCall.close(descriptor)
      open = false
      guard SystemCall.rename(temporary, to: target) else {
        throw SystemError("rename the temporary file over it")
      }
    } catch {
      if open { SystemCall.close(descriptor) }
      SystemCall.unlink(temporary)
      throw error
    }
    if flushing { SystemCall.syncDirectory(directory) }
  }

  /// Gives the new file the replaced file's owner and group (as far as the process may) and
  /// its permission bits without set-user-ID and set-group-ID.
  private static func keepOwnershipAndMode(of existing: FileStatus, on descriptor: Int32) {
    // Owner first: changing the owner may clear mode bits, so the mode is set after it.
    if existing.owner != geteuid() || existing.group != getegid() {
      if fchown(descriptor, uid_t(existing.owner), gid_t(existing.group)) != 0 {
        // Not permitted (a user other than root): keep at least the group, if allowed.
        _ = fchown(descriptor, uid_t.max, gid_t(existing.group))
      }
    }
    _ = fchmod(descriptor, mode_t(existing.permissions & 0o1777))
  }
}

/// An open temporary file of ``DurableFile``, written in order.
package struct DurableWriter {
  /// The temporary file's descriptor, for a writer that needs it (a zip writer's handle).
  package let descriptor: Int32

  /// Appends `data`.
  ///
  /// - Throws: ``SystemError``.
  package func write(_ data: Data) throws(SystemError) {
    let written = data.withUnsafeBytes { SystemCall.writeAll(descriptor, $0) }
    guard written else { throw SystemError("write it") }
  }

  /// Appends `bytes`.
  ///
  /// - Throws: ``SystemError``.
  package func write(_ bytes: [UInt8]) throws(SystemError) {
    let written = bytes.withUnsafeBytes { SystemCall.writeAll(descriptor, $0) }
    guard written else { throw SystemError("write it") }
  }

  /// A handle on the file that does not close it (the durable write does).
  package var fileHandle: FileHandle {
    FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
  }
}

/// A destination that is not a regular file, which a write never replaces.
package struct DestinationRefusal: Error, LocalizedError, Sendable {
  /// What is there, as a noun phrase: "a character device".
  package let kind: String
  /// The path that was asked for.
  package let path: String

  package var errorDescription: String? {
    "it is \(kind), not a regular file; a document is saved only as a regular file, so "
      + "nothing was written. To send the bytes to a device or pipe, write them to standard "
      + "output and redirect it"
  }
}
