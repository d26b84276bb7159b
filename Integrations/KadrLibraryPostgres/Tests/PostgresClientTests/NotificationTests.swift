import Foundation
import PostgresClient
import Testing

@Suite(
  "LISTEN and NOTIFY",
  .enabled(if: TestServer.testsRun, "No PostgreSQL server: set KADR_POSTGRES (see README)"))
struct NotificationTests {
  @Test func notificationReachesAListenerOnAnotherConnection() throws {
    let listener = try TestServer.connect()
    let sender = try TestServer.connect()
    // Quotes, spaces and capitals: the name is quoted as an identifier, never spliced raw.
    let channel = "Kadr \"projects\"; \(TestServer.uniqueName("x"))"
    try listener.listen(channel: channel)
    try sender.notify(channel: channel, payload: "project 7 saved; it's 'fine'")
    let notification = try #require(try listener.waitForNotification(timeout: .seconds(10)))
    #expect(notification.channel == channel)
    #expect(notification.payload == "project 7 saved; it's 'fine'")
    #expect(notification.processID == sender.backendProcessID)
    #expect(try listener.waitForNotification(timeout: .zero) == nil)
  }

  @Test func waitingWithNothingSentTimesOutWithNil() throws {
    let listener = try TestServer.connect()
    try listener.listen(channel: TestServer.uniqueName("kadr_quiet"))
    let clock = ContinuousClock()
    let start = clock.now
    let notification = try listener.waitForNotification(timeout: .milliseconds(300))
    let elapsed = start.duration(to: clock.now)
    #expect(notification == nil)
    #expect(elapsed >= .milliseconds(300))
    #expect(elapsed < .seconds(5))
  }

  @Test func notificationsArriveInOrderAndOnlyFromCommittedTransactions() throws {
    let listener = try TestServer.connect()
    let sender = try TestServer.connect()
    let channel = TestServer.uniqueName("kadr_order")
    try listener.listen(channel: channel)
    struct Abandon: Error {}
    try? sender.transaction { sender in
      try sender.notify(channel: channel, payload: "rolled back")
      throw Abandon()
    }
    for index in 1...3 { try sender.notify(channel: channel, payload: "\(index)") }
    var payloads: [String] = []
    while let notification = try listener.waitForNotification(timeout: .seconds(2)) {
      payloads.append(notification.payload)
      if payloads.count == 3 { break }
    }
    #expect(payloads == ["1", "2", "3"])
  }

  @Test func unlistenedChannelDeliversNothing() throws {
    let listener = try TestServer.connect()
    let sender = try TestServer.connect()
    let channel = TestServer.uniqueName("kadr_gone")
    try listener.listen(channel: channel)
    try listener.unlisten(channel: channel)
    try sender.notify(channel: channel, payload: "unheard")
    #expect(try listener.waitForNotification(timeout: .milliseconds(300)) == nil)
  }

  @Test func waitingOnATerminatedConnectionGivesConnectionLost() throws {
    let listener = try TestServer.connect()
    let admin = try TestServer.connect()
    try listener.listen(channel: TestServer.uniqueName("kadr_lost"))
    try admin.query(
      "SELECT pg_terminate_backend($1::int, 5000)", [.int(Int64(listener.backendProcessID))])
    expectPostgresError(.connectionLost) {
      _ = try listener.waitForNotification(timeout: .seconds(5))
    }
  }
}
