import Foundation
@_spi(Testing) import KadrLibraryPostgres
import KadrPersistence
import KadrProjectLibrary
import KadrProjectLibraryTesting
import Observation
import Testing

// The samples of KadrProjectLibrary's article "Editing together", compiled and run against a
// throwaway server (the store is behind the root package's PostgreSQL trait, which the root
// package's article tests cannot import). Each piece is the article's code, with the app's own
// views replaced by what the test can check.

/// The article's model object, as written there.
@MainActor @Observable final class SharedTimeline {
  var video: Video
  var banner: String?
  var unsaved = 0
  private let session: LiveSession

  init(session: LiveSession) {
    self.session = session
    video = session.video
  }

  func follow() async {
    for await update in session.updates {
      video = update.video
      unsaved = session.unacknowledgedCount
      if let conflict = update.conflicts.first { banner = conflict.sentence }
    }
  }

  func setVolume(_ volume: Double, of id: ClipID) throws {
    try session.commitClip(id: id, as: VideoClip.self) { $0.volume(volume) }
    video = session.video
  }
}

@Suite(
  "Article: Editing together", .serialized, .timeLimit(.minutes(1)),
  .enabled(if: StoreServer.testsRun, "KADR_POSTGRES is not set"))
struct ArticleExampleEditingTogether {
  static let interview = URL(fileURLWithPath: "/media/interview.mov")
  static let broll = URL(fileURLWithPath: "/media/broll.mov")

  @Test @MainActor func theArticlesSamplesRun() async throws {
    let schema = StoreServer.freshSchema()
    let server = try StoreServer.required()
    let projectID = try StoreServer.store(schema: schema).create(
      name: "Shared", video: Video(clips: [VideoClip(url: Self.interview).id("interview")]),
      metadata: ContractMetadata()
    ).id

    // Join a session.
    let store = try PostgresProjectStore<ContractMetadata>(
      connectionString: server, schema: schema)
    let session = try store.joinLiveSession(projectID, editor: "Dana")
    defer { session.leave() }
    var shown = session.video
    #expect(shown.clips.count == 1)

    // Commit edits as the person makes them.
    let broll = Self.broll
    try session.commit { video in
      try video.insertingClip(VideoClip(url: broll).id("broll-2"), after: "interview")
    }
    try session.commitClip(id: "interview", as: VideoClip.self) { clip in clip.volume(0.5) }
    shown = session.video
    #expect(shown.clips.map { $0.clipID?.rawValue } == ["interview", "broll-2"])

    // Show updates and conflicts: another editor changes the same volume a moment later.
    let timeline = SharedTimeline(session: session)
    let following = Task { await timeline.follow() }
    let ben = try PostgresProjectStore<ContractMetadata>(connectionString: server, schema: schema)
      .joinLiveSession(projectID, editor: "Ben")
    defer { ben.leave() }
    session.holdEdits()
    try timeline.setVolume(0.8, of: "interview")
    try ben.commitClip(id: "interview", as: VideoClip.self) { $0.volume(0.3) }
    try ben.waitUntilAcknowledged()
    session.sendHeldEdits()
    try session.waitUntilAcknowledged()
    // Ben's edit came first in the server's order, so Dana's 80 % is later and wins; Ben is
    // the one told.
    let last = session.sequence
    var benConflicts: [LiveConflict] = []
    for await update in ben.updates {
      benConflicts += update.conflicts
      if update.sequence >= last { break }
    }
    #expect(benConflicts.first?.sentence.hasPrefix("Dana changed clip “interview”, volume") == true)
    following.cancel()

    // Show who else is there.
    ben.touch("interview")
    #expect(
      LiveSessionTests.eventually(5) {
        session.presence.contains { $0.editor == "Ben" && $0.clip == "interview" }
      })
    for other in session.presence where other.clip != nil {
      #expect(other.editor == "Ben")
    }

    // Go offline and come back: edits held back are queued, and the wait says so.
    session.holdEdits()
    try session.commitClip(id: "broll-2", as: VideoClip.self) { $0.volume(0.3) }
    var status: String?
    do {
      try session.waitUntilAcknowledged(timeout: .milliseconds(300))
    } catch LiveSessionError.notAcknowledged(let count, _) {
      status = "\(count) edits waiting for the server"
    }
    #expect(status == "1 edits waiting for the server")
    session.sendHeldEdits()
    try session.waitUntilAcknowledged()
  }
}
