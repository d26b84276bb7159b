import Foundation
import KadrPersistence
import KadrPersistenceCore
import Testing

/// Valid documents broken at random, from fixed seeds: each either opens or is refused with a
/// `PersistenceError` that points inside it, and what opens saves and reopens stably. A crash
/// would end the test process, and a hang would never finish: both fail the run.
@Suite("Property: mutated documents open or are refused with a location")
struct MutationPropertyTests {
  /// Mutations per batch; ``batches`` × this is the number checked.
  static let perBatch = 250
  static let batches: [UInt64] = Array(0..<8)

  /// The fixture written by the original package and a few generated documents, with the store
  /// that resolves their images.
  static func baseDocuments() throws -> ([[UInt8]], InMemoryImageStore) {
    let store = InMemoryImageStore()
    store.insert(.solidColor(.green), token: "file:fixture-pixel.png")
    var documents = [Array(try Fixtures.broad())]
    for seed in UInt64(100)..<106 {
      var generator = CompositionGenerator(seed: seed)
      generator.maximumTrackDepth = 2
      documents.append(
        Array(try KadrCoder().data(for: generator.composition(clipCount: 4), images: store)))
    }
    return (documents, store)
  }

  @Test(arguments: batches)
  func mutatedDocumentsOpenOrAreRefusedWithALocation(batch: UInt64) throws {
    let (documents, store) = try Self.baseDocuments()
    let probe = DocumentProbe(images: store)
    var mutator = DocumentMutator(seed: 0x5EED_0000 &+ batch)
    var refused = 0
    for index in 0..<Self.perBatch {
      let base = documents[index % documents.count]
      let mutated = mutator.mutate(base)
      // One mode per mutation, in turn: every mode sees a quarter of the mutations.
      let outcome = probe.check(mutated, modeIndices: [index % probe.modes.count])
      let text = String(decoding: mutated.prefix(2_000), as: UTF8.self)
      #expect(
        outcome.problems.isEmpty,
        "batch \(batch) mutation \(index) (\(mutator.lastMutation)): \(outcome.problems)\n\(text)")
      if outcome.openedIn.isEmpty { refused += 1 }
    }
    // Most mutations break the document; some (a changed number, a renamed optional) do not.
    #expect(refused > Self.perBatch / 4 && refused < Self.perBatch, "refused \(refused)")
  }

  @Test func unmutatedBaseDocumentsPassTheProbe() throws {
    let (documents, store) = try Self.baseDocuments()
    let probe = DocumentProbe(images: store)
    for document in documents {
      let outcome = probe.check(document, modeIndices: Array(probe.modes.indices))
      #expect(outcome.problems.isEmpty)
      #expect(outcome.openedIn.count == probe.modes.count)
    }
  }
}
