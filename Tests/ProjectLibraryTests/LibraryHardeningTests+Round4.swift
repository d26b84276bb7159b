import Foundation
import KadrProjectLibrary
import Testing

/// Round 4 of the library's hardening: a change record that names an absurd generation.
@Suite("Library hardening, round 4", .serialized)
struct LibraryHardeningRound4Tests {
  @Test func aChangeRecordNamingAHugeGenerationIsOneResyncInBoundedTime() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try ProjectLibrary<EditorState>(
      directory: directory.url, changeInterval: .milliseconds(20))
    let changes = library.changes()
    _ = try library.create(name: "p", video: Pictures.video("a"), metadata: .init())
    _ = await EditorAutosaveTests.first(changes, within: 30) { $0.kind == .created }
    // Another process, a synced folder or a damaged file says the library is 10^12 changes on.
    let record = #"{"generation":1000000000000,"kind":"saved"}"#
    try Data(record.utf8).write(to: directory.url.appendingPathComponent(".changes"))

    // While the watcher looks, the feed's lock is free within moments: starting a stream takes
    // it, as a cancelled stream's termination does (it blocked for as long as the listing ran).
    try await Task.sleep(for: .milliseconds(200))
    let started = ContinuousClock.now
    let probe = library.changes()
    #expect(ContinuousClock.now - started < .seconds(2))

    // Listing every generation in between took minutes and gigabytes, holding the feed's lock
    // (under a 3 GiB prlimit the test process died); counted, it takes one look. The bound is
    // generous because parallel test suites can starve the watcher's polling task.
    let change = await EditorAutosaveTests.first(changes, within: 30) { !$0.isLocal }
    #expect(change == LibraryChange(.changed, nil, isLocal: false))

    // The lock is free: another stream starts, and one more change is heard precisely.
    let more = library.changes()
    let next = #"{"generation":1000000000001,"kind":"trashed"}"#
    try Data(next.utf8).write(to: directory.url.appendingPathComponent(".changes"))
    let precise = await EditorAutosaveTests.first(more, within: 30) { !$0.isLocal }
    #expect(precise == LibraryChange(.trashed, nil, isLocal: false))
    _ = probe
  }

  @Test func aChangeRecordAtTheLargestGenerationDoesNotOverflow() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try ProjectLibrary<EditorState>(
      directory: directory.url, changeInterval: .milliseconds(20))
    let low = #"{"generation":\#(Int.min),"kind":"saved"}"#
    try Data(low.utf8).write(to: directory.url.appendingPathComponent(".changes"))
    let changes = library.changes()
    let high = #"{"generation":\#(Int.max),"kind":"saved"}"#
    try Data(high.utf8).write(to: directory.url.appendingPathComponent(".changes"))
    let change = await EditorAutosaveTests.first(changes, within: 30) { !$0.isLocal }
    #expect(change == LibraryChange(.changed, nil, isLocal: false))
  }
}
