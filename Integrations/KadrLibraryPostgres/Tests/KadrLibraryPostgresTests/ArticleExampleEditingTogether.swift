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
      if case .rejected(let edits, _, _) = update.cause {
        banner = "\(edits.count) of your edits no longer fit and were taken back"
      }
    }
  }

  func setVolume(_ volume: Double, of id: ClipID) throws {
    try session.commitClip(id: id, as: VideoClip.self) { $0.volume(volume) }
    video = session.video
  }
}

/// The app's own types the samples name.
private typealias EditorState = ContractMetadata

/// A timeline view, as far as the samples use one.
final class TimelineView: @unchecked Sendable {
  // @unchecked Sendable: both lists are read and written only under `lock`.
  private let lock = NSLock()
  private var videos: [Video] = []
  private var outlines: [(ClipID?, String)] = []
  func show(_ video: Video) { lock.withLock { videos.append(video) } }
  func outline(_ clip: ClipID?, as editor: String) {
    lock.withLock { outlines.append((clip, editor)) }
  }
  var shown: [Video] { lock.withLock { videos } }
  var outlined: [(ClipID?, String)] { lock.withLock { outlines } }
}

/// A banner or a status bar: the sentences it showed.
final class MessageView: @unchecked Sendable {
  private let lock = NSLock()
  private var lines: [String] = []
  func show(_ line: String) { lock.withLock { lines.append(line) } }
  var shown: [String] { lock.withLock { lines } }
}

/// The README's sample, as written there.
private func readmeSample(
  store: PostgresProjectStore<EditorState>, projectID: ProjectID, timeline: TimelineView,
  banner: MessageView
) async throws {
  let session = try store.joinLiveSession(projectID, editor: "Dana")
  try session.commitClip(id: "interview", as: VideoClip.self) { $0.volume(0.5) }
  for await update in session.updates {
    timeline.show(update.video)
    for conflict in update.conflicts { banner.show(conflict.sentence) }
  }
  session.leave()
}

/// The article's first sample, as written there.
private func joining(server: String, projectID: ProjectID, timeline: TimelineView) throws
  -> LiveSession
{
  let store = try PostgresProjectStore<EditorState>(connectionString: server, schema: "projects")
  let session = try store.joinLiveSession(projectID, editor: "Dana")
  timeline.show(session.video)
  return session
}

/// The article's presence sample, as written there.
func showingPresence(of session: LiveSession, on timeline: TimelineView) {
  session.touch("interview")
  for other in session.presence {
    timeline.outline(other.clip, as: other.editor)
  }
}

/// The article's offline sample, as written there.
func waitingForTheServer(_ session: LiveSession, statusBar: MessageView) throws {
  do {
    try session.waitUntilAcknowledged(timeout: .seconds(5))
  } catch LiveSessionError.notAcknowledged(let count, _) {
    statusBar.show("\(count) edits waiting for the server")
  }
}

@Suite(
  "Article: Editing together", .serialized, .timeLimit(.minutes(1)),
  .enabled(if: StoreServer.testsRun, "KADR_POSTGRES is not set"))
struct ArticleExampleEditingTogether {
  static let interview = URL(fileURLWithPath: "/media/interview.mov")
  static let broll = URL(fileURLWithPath: "/media/broll.mov")

  @Test @MainActor func theArticlesSamplesRun() async throws {
    let schema = "projects"
    let server = try StoreServer.required()
    let projectID = try StoreServer.store(schema: schema).create(
      name: "Shared", video: Video(clips: [VideoClip(url: Self.interview).id("interview")]),
      metadata: ContractMetadata()
    ).id

    // Join a session.
    let view = TimelineView()
    let session = try joining(server: server, projectID: projectID, timeline: view)
    defer { session.leave() }
    #expect(view.shown.first?.clips.count == 1)
    var shown = session.video

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

    // Show who else is there: Ben touches a clip, Dana outlines it; Ben sees Dana's touch.
    ben.touch("broll-2")
    #expect(
      LiveSessionTests.eventually(5) {
        session.presence.contains { $0.editor == "Ben" && $0.clip == "broll-2" }
      })
    showingPresence(of: session, on: view)
    #expect(view.outlined.contains { $0.0 == "broll-2" && $0.1 == "Ben" })
    #expect(
      LiveSessionTests.eventually(5) {
        ben.presence.contains { $0.editor == "Dana" && $0.clip == "interview" }
      })

    // Go offline and come back: edits held back are queued, and the wait says so.
    session.holdEdits()
    try session.commitClip(id: "broll-2", as: VideoClip.self) { $0.volume(0.3) }
    let statusBar = MessageView()
    try waitingForTheServer(session, statusBar: statusBar)
    #expect(statusBar.shown == ["1 edits waiting for the server"])
    session.sendHeldEdits()
    try waitingForTheServer(session, statusBar: statusBar)
    #expect(statusBar.shown.count == 1, "acknowledged once back")

    // The README's sample: Dana's volume shows, then the timeline closes.
    let banner = MessageView()
    let readmeStore = try StoreServer.store(schema: schema)
    let readme = Task.detached {
      try await readmeSample(
        store: readmeStore, projectID: projectID, timeline: view, banner: banner)
    }
    #expect(
      LiveSessionTests.eventually(10) {
        (view.shown.last?.clips.first as? VideoClip)?.volumeLevel == 0.5
      })
    readme.cancel()
    try await readme.value
  }
}
