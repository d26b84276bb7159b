import Foundation
import KadrPersistence
import LoopbackHTTP

extension LimitsBenchmark {
  /// A PNG of `bytes` bytes: a real 2×2 header and pixels, padded after its end (the stores
  /// read headers, not pixels).
  static func paddedPNG(bytes: Int, seed: Int = 0) throws -> PlatformImage {
    let channel = Double(seed % 256) / 255
    let small = PlatformImage.solidColor(
      PlatformColor(red: channel, green: 0.5, blue: 0.5, alpha: 1), width: 2, height: 2)
    return try PlatformImage(data: small.data + Data(count: max(0, bytes - small.data.count)))
  }

  /// Hostile image stores, servers and files, and two legitimate inputs beside them.
  static func storeCases(in directory: URL) throws -> [Case] {
    let images = directory.appendingPathComponent("images")
    let store = try FileImageStore(directory: images)
    let big = try paddedPNG(bytes: 16 << 20)
    let repeated = Video(clips: (0..<200).map { _ in ImageClip(big, duration: 1) })
    let repeatedDocument = try KadrCoder().data(for: repeated, images: store)

    let sparseToken = try store.token(for: paddedPNG(bytes: 100, seed: 1))
    let sparsePath = images.path + "/" + sparseToken.dropFirst("file:".count)
    guard unlink(sparsePath) == 0,
      FileManager.default.createFile(atPath: sparsePath, contents: nil),
      truncate(sparsePath, off_t(1) << 40) == 0
    else { throw BenchmarkError("could not make a 1 TiB sparse image file") }
    let sparseDocument = try KadrCoder().data(
      for: Video(clips: [ImageClip(try paddedPNG(bytes: 100, seed: 1), duration: 1)]),
      images: InMemoryStoreKeepingToken(token: sparseToken))

    let legitimate = try paddedPNG(bytes: 48 << 20, seed: 2).data
    let server = try LoopbackHTTPServer { path in
      switch path {
      case "/big.png": return .bytes(status: 200, headers: [:], body: legitimate)
      case "/endless": return .endless(.plain, cap: 16 << 30)
      case "/chunked": return .endless(.chunked, cap: 16 << 30)
      case "/gzip": return .endless(.gzip, cap: 64 << 20)
      default: return .delayed(10, body: legitimate.prefix(100))
      }
    }
    let base = server.baseURL
    let small = URLImageStore.Configuration(allowsHTTP: true, maximumImageBytes: 1 << 20)
    let deadline = URLImageStore.Configuration(allowsHTTP: true, prefetchTimeout: 2)

    return [
      Case(name: "200 references to one 16 MiB image, FileImageStore", refused: false) {
        _ = try KadrCoder().video(from: repeatedDocument, images: store)
      },
      Case(name: "a sparse 1 TiB file named like an image, FileImageStore") {
        _ = try KadrCoder().video(from: sparseDocument, images: store)
      },
      Case(name: "a 48 MiB image from loopback, URLImageStore defaults", refused: false) {
        try blocking {
          _ = try await URLImageStore(configuration: .init(allowsHTTP: true))
            .prefetch([base + "/big.png"])
        }
      },
      Case(name: "an endless body, 1 MiB limit") {
        try blocking {
          _ = try await URLImageStore(configuration: small).prefetch([base + "/endless"])
        }
      },
      Case(name: "an endless chunked body, 1 MiB limit") {
        try blocking {
          _ = try await URLImageStore(configuration: small).prefetch([base + "/chunked"])
        }
      },
      Case(name: "100 tokens answered after 10 s, 6 at once, prefetchTimeout 2 s") {
        try blocking {
          _ = try await URLImageStore(configuration: deadline)
            .prefetch((0..<100).map { base + "/slow/\($0)" })
        }
      },
      Case(name: "a gzip body of 64 MiB inflating to 10 GiB, 1 MiB limit") {
        try blocking {
          _ = try await URLImageStore(configuration: small).prefetch([base + "/gzip"])
        }
      },
    ]
  }

  /// Runs `body` on a task and waits for it.
  static func blocking(_ body: @escaping @Sendable () async throws -> Void) throws {
    let semaphore = DispatchSemaphore(value: 0)
    let outcome = Outcome()
    Task {
      do { try await body() } catch { outcome.set(error) }
      semaphore.signal()
    }
    semaphore.wait()
    if let error = outcome.error { throw error }
  }

  /// The error of a ``blocking(_:)`` body.
  final class Outcome: @unchecked Sendable {
    // @unchecked Sendable: `stored` is read and written only while `lock` is held.
    private let lock = NSLock()
    private var stored: (any Error)?
    var error: (any Error)? { lock.withLock { stored } }
    func set(_ error: any Error) { lock.withLock { stored = error } }
  }
}

/// Saves every image under one given token, to write a document that refers to it.
private struct InMemoryStoreKeepingToken: ImageStore {
  let token: String
  func token(for image: PlatformImage) throws -> String { token }
  func image(for token: String) throws -> PlatformImage {
    throw ImageStoreError.unknownToken(token)
  }
}
