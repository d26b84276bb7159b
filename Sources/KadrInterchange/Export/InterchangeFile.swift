import Foundation
import KadrPersistenceCore

/// An exported interchange file's bytes, with what exporting left out and, for a format that
/// has them, its notes: what changed without changing the picture or sound.
///
/// `OTIOFile` is this type without notes (`Note` is `Never`); `FCPXMLFile` has FCPXML's notes.
public struct InterchangeFile<Note: Sendable & Hashable>: Sendable, Hashable {
  /// The file's bytes.
  public let data: Data
  /// What was left out (only when loss is allowed).
  public let lossReport: LossReport
  /// What changed without changing the picture or sound; never a reason to refuse.
  public let notes: [Note]

  /// Creates a file value.
  ///
  /// - Parameters:
  ///   - data: The bytes.
  ///   - lossReport: What was left out.
  ///   - notes: What changed without changing the picture or sound.
  public init(data: Data, lossReport: LossReport = LossReport(losses: []), notes: [Note] = []) {
    self.data = data
    self.lossReport = lossReport
    self.notes = notes
  }

  /// Saves the bytes to `url` atomically, following a symbolic link and refusing a directory,
  /// device, FIFO or socket (see the core's `AtomicFile`).
  ///
  /// - Parameter url: The file.
  /// - Throws: `PersistenceError` (`PersistenceError/Reason/fileSystem(path:underlying:)`);
  ///   the previous file is unchanged on error.
  public func write(to url: URL) throws {
    try AtomicFile.save(data, to: url)
  }
}
