import Foundation
import KadrModel
import KadrPersistence
import Testing

@testable import KadrPersistenceCore

/// Many threads saving and opening at once through one registry and one file store. `.ci/run`
/// runs this suite under ThreadSanitizer (`swift test --sanitize=thread --filter Concurrency`),
/// so a data race fails CI even when the results happen to come out right.
@Suite("Concurrency")
struct ConcurrencyTests {
  /// Real threads, not tasks: the cooperative pool has as many threads as cores (two here), and
  /// more threads than cores make more interleavings for the sanitizer to see.
  static let threads = 8
  static let roundsPerThread = 3

  /// Runs `body(index)` on `count` threads started together, and waits for all of them.
  static func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let started = DispatchGroup()
    let finished = DispatchGroup()
    let gate = DispatchSemaphore(value: 0)
    for index in 0..<count {
      started.enter()
      finished.enter()
      let thread = Thread {
        started.leave()
        gate.wait()
        body(index)
        finished.leave()
      }
      thread.stackSize = 8 << 20
      thread.start()
    }
    started.wait()
    for _ in 0..<count { gate.signal() }
    finished.wait()
  }

  /// A composition with a photo every thread shares (so the store writes the same file from
  /// several threads) and one of its own.
  static func video(thread: Int, shared: PlatformImage) -> Video {
    let own = PlatformImage.solidColor(.blue, width: 10 + thread, height: 2)
    let (maximal, _) = MaximalComposition.make()
    var clips = maximal.clips
    clips.append(
      ImageClip(image: shared, duration: Time(seconds: 2), clipID: ClipID("shared-\(thread)")))
    clips.append(ImageClip(image: own, duration: Time(seconds: 1), clipID: ClipID("own-\(thread)")))
    return Video(
      clips: clips, audioTracks: maximal.audioTracks, preset: maximal.preset,
      overlays: maximal.overlays, crop: maximal.crop, quality: maximal.quality,
      captions: maximal.captions)
  }

  @Test func manyThreadsShareOneRegistryAndOneFileImageStore() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("kadr-concurrency-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try FileImageStore(directory: directory)
    let coder = KadrCoder(registry: .standard)
    let shared = PlatformImage.solidColor(.red, width: 5, height: 3)
    let failures = Failures()

    Self.onThreads(Self.threads) { thread in
      let video = Self.video(thread: thread, shared: shared)
      for round in 0..<Self.roundsPerThread {
        do {
          let saved = try coder.data(for: video, allowingLoss: true, images: store)
          let reopened = try coder.video(from: saved, images: store)
          let resaved = try coder.data(for: reopened, allowingLoss: true, images: store)
          if resaved != saved { failures.add("thread \(thread) round \(round): bytes differ") }
          let differences = ReflectionDiff.differences(
            try coder.video(from: saved, images: store), reopened)
          if !differences.isEmpty {
            failures.add("thread \(thread) round \(round): \(differences.prefix(3))")
          }
        } catch {
          failures.add("thread \(thread) round \(round): \(error)")
        }
      }
    }
    #expect(failures.all.isEmpty, "\(failures.all)")
    // One file for the shared photo, one per thread, and the maximal composition's two.
    let tokens = try store.storedTokens()
    #expect(tokens.count == 1 + Self.threads + 2, "\(tokens)")
  }

  @Test func racingBootstrapCallsSetExactlyOneRegistryWhileReadersUseIt() throws {
    // A fresh slot of the same type as the process-wide one: other tests use the facade's
    // default registry, so this test does not change it.
    let slot = BootstrapSlot()
    let modules = BuiltInModules.all
    // Different registries, each able to open a document (the composition module is in all).
    let candidates = try (1...modules.count).map { count in
      try CodecRegistry.empty.registering(Array(modules.prefix(count)) + [CompositionModule.self])
    }
    let winners = Failures()
    let failures = Failures()
    let document = try KadrCoder().data(for: Video(clips: [TitleSequence("race", duration: 1)]))

    Self.onThreads(candidates.count * 2) { index in
      if index < candidates.count {
        if slot.set(candidates[index]) { winners.add("\(index)") }
      } else {
        // Readers: whatever they see is either nothing yet or the one winner, and it works.
        for _ in 0..<20 {
          guard let registry = slot.value else { continue }
          do {
            _ = try KadrCoder(registry: registry, options: CodingOptions(preservingUnknown: true))
              .video(from: document)
          } catch {
            failures.add("reader \(index): \(error)")
          }
        }
      }
    }
    #expect(winners.all.count == 1, "\(winners.all)")
    #expect(failures.all.isEmpty, "\(failures.all)")
    let winner = try #require(winners.all.first.flatMap { Int($0) })
    let stored = try #require(slot.value)
    #expect(stored.kindIDs(at: .clip) == candidates[winner].kindIDs(at: .clip))
    #expect(!slot.set(.standard), "a later call must not replace the winner")
  }

  @Test func theOneLineFacadeIsSafeFromManyThreads() throws {
    let failures = Failures()
    Self.onThreads(Self.threads) { thread in
      do {
        let video = Video(clips: [
          TitleSequence("thread \(thread)", duration: Time(seconds: Double(thread + 1)))
        ])
        let reopened = try KadrCoding.video(from: try KadrCoding.data(for: video))
        let differences = ReflectionDiff.differences(video, reopened)
        if !differences.isEmpty { failures.add("thread \(thread): \(differences)") }
      } catch {
        failures.add("thread \(thread): \(error)")
      }
    }
    #expect(failures.all.isEmpty, "\(failures.all)")
  }
}

/// Messages collected from several threads.
final class Failures: @unchecked Sendable {
  // @unchecked Sendable: `messages` is touched only while `lock` is held.
  private let lock = NSLock()
  private var messages: [String] = []

  func add(_ message: String) { lock.withLock { messages.append(message) } }

  var all: [String] { lock.withLock { messages } }
}
