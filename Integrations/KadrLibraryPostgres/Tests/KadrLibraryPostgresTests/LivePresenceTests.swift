import Foundation
import PostgresTestServer
import Testing

// `@testable` for the hint's lifetime and which editor compacts.
@testable import KadrLibraryPostgres

extension LiveSessionTests {
  /// Presence is a hint that lapses, said again while the editor is there: an editor who
  /// touches nothing is still present past the hint's lifetime, and is gone within it once
  /// stopped. (Before, the hint was said once: every editor vanished from the others' presence
  /// nine seconds after joining, and each then thought it was the one to compact the log.)
  @Test func anEditorWhoTouchesNothingStaysPresentPastTheHintsLifetime() throws {
    let schema = StoreServer.freshSchema()
    let store = try StoreServer.store(schema: schema)
    let id = try Self.project(store)
    let ann = try store.joinLiveSession(id, editor: "Ann")
    defer { ann.leave() }
    let ben = try StoreServer.store(schema: schema).joinLiveSession(id, editor: "Ben")
    defer { ben.leave() }
    #expect(Self.eventually(5) { ann.presence.map(\.editor) == ["Ben"] }, "\(ann.presence)")
    let joined = Date()
    let lifetime = LiveSession.presenceLifetime
    // Read through one and a half lifetimes: Ben is there at every read, his hint renewed.
    var reads = 0
    while Date().timeIntervalSince(joined) < lifetime * 1.5 {
      Thread.sleep(forTimeInterval: 0.5)
      #expect(ann.presence.map(\.editor) == ["Ben"], "after \(Date().timeIntervalSince(joined)) s")
      #expect(ann.presence.first.map { $0.expires > Date() } == true)
      reads += 1
    }
    #expect(reads >= 20)
    // Only one of the two is the one that compacts.
    #expect(ann.compacts != ben.compacts)
  }
}
