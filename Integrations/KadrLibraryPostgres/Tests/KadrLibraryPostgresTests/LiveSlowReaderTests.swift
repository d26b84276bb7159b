import Foundation
@_spi(Testing) import KadrLibraryPostgres
import KadrPersistence
import KadrProjectLibrary
import KadrProjectLibraryTesting
import Testing

/// An app that does not keep up with its updates: the stream keeps the newest 256, and a
/// conflict in an update it dropped comes with a later one, so the person is still told.
@Suite(
  "PostgreSQL store: a slow reader of live updates", .serialized, .timeLimit(.minutes(2)),
  .enabled(if: StoreServer.testsRun, "KADR_POSTGRES is not set"))
struct LiveSlowReaderTests {
  @Test func aConflictOfAnUpdateDroppedForASlowReaderComesWithALaterOne() async throws {
    let (_, _, ann, ben) = try LiveSessionTests.twoEditors()
    defer {
      ann.leave()
      ben.leave()
    }
    // Ann reads nothing until the end. Her p1 and Ben's cross; Ben's reaches the server later.
    ben.holdEdits()
    try ben.commit { try LiveSessionTests.retitled($0, "p1", "Ben's") }
    try ann.commit { try LiveSessionTests.retitled($0, "p1", "Ann's") }
    try ann.waitUntilAcknowledged()
    #expect(LiveSessionTests.eventually { ben.sequence == 1 })
    ben.sendHeldEdits()
    try ben.waitUntilAcknowledged()
    #expect(LiveSessionTests.eventually { ann.sequence == 2 }, "Ann took in Ben's edit")
    // 300 acknowledgements more, 50 at a time (so none are squashed): the update with the
    // conflict is dropped from Ann's stream.
    for batch in 0..<6 {
      for take in 0..<50 {
        try ann.commit { try LiveSessionTests.retitled($0, "p2", "Ann \(batch * 50 + take)") }
      }
      try ann.waitUntilAcknowledged()
    }
    try ben.commit { try LiveSessionTests.retitled($0, "p3", "Ben's last") }
    try ben.waitUntilAcknowledged()
    let last = ben.sequence
    #expect(LiveSessionTests.eventually { ann.sequence == last })

    var (read, conflicts) = (0, [LiveConflict]())
    for await update in ann.updates {
      read += 1
      conflicts += update.conflicts
      if case .edit(_, let sequence) = update.cause, sequence == last { break }
    }
    #expect(read <= 256, "the stream dropped older updates (\(read) read)")
    #expect(conflicts.map(\.yours) == ["“Ann's”"], "and Ann is told once")
    #expect(conflicts.first?.editor == "Ben")
  }
}
