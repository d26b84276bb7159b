import Foundation
import KadrPersistence
import KadrPersistenceTesting
import KadrPluginExample
import Testing

/// `schema-0.json` is a synthetic older schema that stored the composition under `composition`;
/// its countdowns are payload version 1, so opening it migrates the schema, then upgrades them.
@Suite("Schema migration")
struct SchemaMigrationTests {
  @Test func aSchema0DocumentIsMigratedAndOpened() throws {
    let coder = try Plugin.coder(migrations: MigrationChain([Plugin.renameComposition]))
    let opened = try coder.open(Fixtures.data("schema-0.json"))
    #expect(opened.schema == 0)
    #expect(PersistenceTestKit.differences(Plugin.version1Composition(), opened.root).isEmpty)
    let saved = String(decoding: try coder.data(for: opened.root), as: UTF8.self)
    #expect(saved.hasPrefix(#"{"payloadVersions":{"com.example.countdown":2},"schema":1,"video""#))
    #expect(!saved.contains("composition"))
  }

  @Test func migratingWithoutDecodingGivesTheSchema1Document() throws {
    let coder = try Plugin.coder(migrations: MigrationChain([Plugin.renameComposition]))
    let migrated = try coder.documentCoder.migrate(Fixtures.data("schema-0.json"))
    #expect(migrated.fromSchema == 0)
    #expect(migrated.bytes == (try Fixtures.data("countdown-v1.json")))
  }

  @Test(arguments: [
    (0, [] as [Int], 0, 1),  // no step at all
    (-1, [0], -1, 0),  // a step from 0, none from -1
  ])
  func aGapInTheChainIsAnErrorNamingTheVersions(
    schema: Int, steps: [Int], gapFrom: Int, gapTo: Int
  ) throws {
    let chain = MigrationChain(
      steps.map { SchemaMigration(from: $0, Plugin.renameComposition.migrate) })
    let text = try Fixtures.text("schema-0.json")
      .replacingOccurrences(of: #""schema":0"#, with: #""schema":\#(schema)"#)
    let error = try #require(throws: PersistenceError.self) {
      try Plugin.coder(migrations: chain).video(from: Data(text.utf8))
    }
    guard case .migrationUnavailable(let from, let to) = error else {
      Issue.record("unexpected \(error.reason)")
      return
    }
    #expect((from, to) == (gapFrom, gapTo))
    #expect(error.failureReason?.contains("schema \(gapFrom) to schema \(gapTo)") == true)
  }
}
