import Foundation
import KadrModel
import KadrPersistence
import KadrPersistenceCore
import Testing

@Suite("Document migrations with the composition codecs")
struct DocumentMigrationTests {
  /// A synthetic schema 0, which stored the composition under `"composition"`.
  static let schemaZero =
    #"{"composition":{"audioTracks":[],"captions":[],"clips":["# + DocumentTests.fixtureTitle
    + #"],"overlays":[],"preset":{"kind":"square"},"quality":{"kind":"automatic"}},"schema":0}"#

  /// The step from schema 0: renames `composition` to `video`.
  static let renameComposition = SchemaMigration(from: 0) { envelope throws in
    var migrated = JSONObject()
    for (key, value) in envelope {
      migrated[key == "composition" ? "video" : key] = value
    }
    return migrated
  }

  let registry: CodecRegistry

  init() throws {
    registry = try CompositionTestKit.registry()
  }

  @Test func schemaZeroIsMigratedAndOpened() throws {
    let coder = DocumentCoder(
      registry: registry, migrations: MigrationChain([Self.renameComposition]))
    let opened = try coder.decode(Video.self, from: Data(Self.schemaZero.utf8))
    #expect(opened.schema == 0)
    #expect(opened.root.preset == .square)
    #expect(opened.root.clips.count == 1)
    let saved = String(decoding: try coder.encode(opened.root).bytes, as: UTF8.self)
    #expect(saved.hasPrefix(#"{"schema":1,"video":{"audioTracks":[]"#))
    #expect(!saved.contains("composition"))
  }

  @Test func migrateRewritesTheEnvelopeWithoutDecoding() throws {
    let coder = DocumentCoder(
      registry: registry, migrations: MigrationChain([Self.renameComposition]))
    let (bytes, fromSchema) = try coder.migrate(Data(Self.schemaZero.utf8))
    #expect(fromSchema == 0)
    let expected = Self.schemaZero
      .replacingOccurrences(of: #"{"composition":"#, with: #"{"schema":1,"video":"#)
      .replacingOccurrences(of: #","schema":0}"#, with: "}")
    #expect(String(decoding: bytes, as: UTF8.self) == expected)
  }

  @Test(arguments: [
    (-1, [0], -1, 0),  // a step from 0 exists, but none from -1
    (0, [], 0, 1),  // no step at all
    (-1, [-1], 0, 1),  // the chain stops after its first step
  ])
  func gapInTheChainIsRefusedNamingVersions(
    schema: Int, steps: [Int], gapFrom: Int, gapTo: Int
  ) throws {
    let chain = MigrationChain(
      steps.map { step in
        SchemaMigration(from: step) { envelope throws in envelope }
      })
    let coder = DocumentCoder(registry: registry, migrations: chain)
    let document = Self.schemaZero.replacingOccurrences(
      of: #""schema":0"#, with: #""schema":\#(schema)"#)
    do {
      _ = try coder.decode(Video.self, from: Data(document.utf8))
      Issue.record("decoded")
    } catch let error as PersistenceError {
      guard case .migrationUnavailable(let from, let to) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(from == gapFrom && to == gapTo)
      #expect(error.description.contains("schema \(gapFrom) to schema \(gapTo)"))
    }
  }
}
