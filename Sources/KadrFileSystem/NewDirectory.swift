import Foundation

/// A directory written whole, for an interchange format's bundle or folder (an OpenTimelineIO
/// `.otiod`, the stills of a Final Cut Pro export): it appears complete at its place or not at
/// all, and never replaces or merges into what is there.
///
/// ``create(at:_:)`` builds the directory beside its place under a hidden temporary name
/// (`.NAME.UUID.partial`). Each file in it is written through the package's durable write, the
/// staged directory and its subfolders are flushed, and the whole is renamed into place with a
/// rename that refuses an existing entry; then the parent is flushed, so the rename lasts too.
/// On any failure the staged directory is removed and nothing is left at the place.
///
/// Public so that modules built on the public API (the interchange formats) write directories
/// as the package writes files; the system calls beneath stay the package's own.
public struct NewDirectory: ~Copyable {
  /// The staged directory's path.
  private let staging: String
  /// The subfolders made so far, relative to ``staging``.
  private var folders: Set<String> = []

  private init(staging: String) {
    self.staging = staging
  }

  /// Creates a directory at `url` holding what `fill` writes into it.
  ///
  /// - Parameters:
  ///   - url: Where the directory goes; nothing may be there, not even an empty directory.
  ///   - fill: Writes the directory's files, with ``write(_:to:)`` and ``copy(_:to:)``.
  /// - Throws: An error describing the step that failed: something already at `url`
  ///   (`CocoaError.fileWriteFileExists`), a name that is not a plain relative path, a system
  ///   call that failed, or what `fill` throws. Nothing is then left at `url`, and no staged
  ///   directory beside it.
  public static func create(at url: URL, _ fill: (inout NewDirectory) throws -> Void) throws {
    let path = url.standardizedFileURL.path
    let parent = (path as NSString).deletingLastPathComponent
    let name = (path as NSString).lastPathComponent
    guard FileStatus(path, followingLinks: false) == nil else { throw Self.exists(url) }
    let staging = parent + "/." + name + "." + UUID().uuidString + ".partial"
    guard SystemCall.makeDirectory(staging) else {
      throw SystemError("create a temporary folder beside it")
    }
    var directory = NewDirectory(staging: staging)
    do {
      try fill(&directory)
      for folder in directory.folders { SystemCall.syncDirectory(staging + "/" + folder) }
      SystemCall.syncDirectory(staging)
      try Self.move(staging, to: path, url: url)
    } catch {
      try? FileManager.default.removeItem(atPath: staging)
      throw error
    }
    SystemCall.syncDirectory(parent)
  }

  /// Writes `data` as the file `name` of the directory, durably.
  ///
  /// - Parameters:
  ///   - data: The file's contents.
  ///   - name: Its path inside the directory: one name (`Beach.png`) or names separated by
  ///     `/` (`media/Beach.png`), whose folders are made as needed; never empty, `.`, `..`, or
  ///     starting with `/`.
  /// - Throws: `CocoaError.fileWriteInvalidFileName` for such a name, or the system call that
  ///   failed.
  public mutating func write(_ data: Data, to name: String) throws {
    let path = try place(name)
    try DurableFile.replace(path, with: data, links: .replace)
  }

  /// Makes the folder `name` in the directory (folders are made for ``write(_:to:)`` and
  /// ``copy(_:to:)`` as needed; this makes one that may stay empty).
  ///
  /// - Parameter name: Its path inside the directory, as ``write(_:to:)`` takes it.
  /// - Throws: `CocoaError.fileWriteInvalidFileName` for such a name, or the system call that
  ///   failed.
  public mutating func makeFolder(_ name: String) throws {
    try makeFolders(try Self.parts(of: name)[...])
  }

  /// Copies the regular file at `source` into the directory as `name`, durably, in pieces of
  /// 1 MiB: a media file of any length costs that much memory.
  ///
  /// - Parameters:
  ///   - source: The file to copy; a link to a regular file is followed. A directory, device,
  ///     FIFO or socket is refused (a FIFO would never end).
  ///   - name: Its path inside the directory, as ``write(_:to:)`` takes it.
  /// - Throws: `CocoaError.fileWriteInvalidFileName` for such a name,
  ///   `CocoaError.fileReadUnknown` for a source that is not a regular file, or the system call
  ///   that failed.
  public mutating func copy(_ source: URL, to name: String) throws {
    let path = try place(name)
    let input = SystemCall.open(
      source.path,
      SystemCall.Flags.readOnly | SystemCall.Flags.nonBlocking | SystemCall.Flags.closeOnExec)
    guard input >= 0 else { throw SystemError("open \(source.lastPathComponent) for reading") }
    defer { SystemCall.close(input) }
    guard let status = FileStatus(descriptor: input), status.kind == .regular else {
      throw CocoaError(
        .fileReadUnknown,
        userInfo: [
          NSLocalizedDescriptionKey:
            "\(source.lastPathComponent) is not a regular file, so it is not copied",
          NSFilePathErrorKey: source.path,
        ])
    }
    SystemCall.setBlocking(input)
    let handle = FileHandle(fileDescriptor: input, closeOnDealloc: false)
    try DurableFile.replace(path, links: .replace) { writer in
      while let piece = try handle.read(upToCount: 1 << 20), !piece.isEmpty {
        try writer.write(piece)
      }
    }
  }

  /// The staged path of `name`, its folders made.
  private mutating func place(_ name: String) throws -> String {
    try makeFolders(try Self.parts(of: name).dropLast())
    return staging + "/" + name
  }

  /// Makes the folder `parts` names and those above it, unless made already.
  private mutating func makeFolders(_ parts: ArraySlice<Substring>) throws {
    var folder = ""
    for part in parts {
      folder += folder.isEmpty ? String(part) : "/" + part
      if !folders.contains(folder) {
        guard SystemCall.makeDirectory(staging + "/" + folder) else {
          throw SystemError("create the folder \(folder)")
        }
        folders.insert(folder)
      }
    }
  }

  /// The names of `name`'s path; refuses a path that could leave the folder.
  private static func parts(of name: String) throws -> [Substring] {
    let parts = name.split(separator: "/", omittingEmptySubsequences: false)
    guard !parts.isEmpty,
      parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("\0") })
    else {
      throw CocoaError(
        .fileWriteInvalidFileName,
        userInfo: [
          NSLocalizedDescriptionKey:
            "“\(name)” is not a file name inside a folder: use names separated by “/”, without "
            + "“.” or “..”"
        ])
    }
    return parts
  }

  /// Renames the staged directory into place, refusing to replace anything there.
  private static func move(_ staging: String, to path: String, url: URL) throws {
    if SystemCall.renameWithoutReplacing(staging, to: path) { return }
    let failure = SystemError("rename the folder into place")
    if failure.code == SystemCall.Code.exists { throw Self.exists(url) }
    guard SystemCall.Code.cannotExchange.contains(failure.code) else { throw failure }
    // A file system that cannot promise it: checked, then renamed (an entry made between the
    // two by another process could be an empty folder the rename replaces).
    guard FileStatus(path, followingLinks: false) == nil else { throw Self.exists(url) }
    guard SystemCall.rename(staging, to: path) else {
      throw SystemError("rename the folder into place")
    }
  }

  /// Something is at `url` already.
  private static func exists(_ url: URL) -> CocoaError {
    CocoaError(
      .fileWriteFileExists,
      userInfo: [
        NSLocalizedDescriptionKey:
          "\(url.lastPathComponent) already exists, and a new folder is never merged into or "
          + "replaced: remove it first, or choose another name",
        NSFilePathErrorKey: url.path,
      ])
  }
}
