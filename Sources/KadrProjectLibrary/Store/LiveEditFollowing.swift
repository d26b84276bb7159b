import Foundation

/// A store whose projects can be edited live by several editors at once (the PostgreSQL store),
/// followed from outside: what `kadr-doc library watch` prints.
///
/// A store that has no live sessions (the folder library) does not adopt it; the
/// ``ProjectStore`` contract is the same either way.
public protocol LiveEditFollowing: Sendable {
  /// Each edit committed to the live session of a project from now on, as it commits, in the
  /// server's order.
  ///
  /// - Parameter id: The project.
  /// - Returns: The edits; the stream ends when the task reading it is cancelled, or with the
  ///   error that stopped it.
  /// - Throws: ``ProjectLibraryError/projectNotFound(_:)``, or the store's error.
  func followLiveEdits(of id: ProjectID) throws -> AsyncThrowingStream<LiveEditRecord, any Error>
}

/// One committed edit of a live session, as a person or a script reads it.
public struct LiveEditRecord: Sendable, Hashable, Codable {
  /// Its place in the project's log of edits, from 1.
  public let sequence: Int64
  /// The editor who made it.
  public let editor: String
  /// What it changed, a line each (`changed  clip “Interview”: volume 80 % → 50 %`).
  public let changes: [String]
  /// Values of other editors it replaced at the same moment, a sentence each.
  public let conflicts: [String]

  /// Creates a record.
  ///
  /// - Parameters:
  ///   - sequence: Its place in the log.
  ///   - editor: Who made it.
  ///   - changes: What it changed, a line each.
  ///   - conflicts: What it replaced of others', a sentence each.
  public init(sequence: Int64, editor: String, changes: [String], conflicts: [String]) {
    self.sequence = sequence
    self.editor = editor
    self.changes = changes
    self.conflicts = conflicts
  }
}
