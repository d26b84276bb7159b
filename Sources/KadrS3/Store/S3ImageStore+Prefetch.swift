import Foundation
import KadrModel
import KadrPersistence
import KadrPersistenceCore

extension S3ImageStore: PrefetchingImageStore {
  /// Reads the images of `tokens` concurrently (at most
  /// ``S3Configuration/maximumConcurrentRequests`` at once), each checked as
  /// ``image(for:)`` checks it, for the asynchronous open of a document.
  ///
  /// The store keeps none of them: the returned store holds the images, and this store's
  /// ``image(for:)`` reads any token again.
  ///
  /// - Parameter tokens: `s3:` tokens; duplicates are read once.
  /// - Returns: A store serving exactly the images of `tokens`.
  /// - Throws: `PersistenceError`, as ``image(for:)`` throws it, for the first token that failed
  ///   (the reads still in flight finish, and their images are dropped).
  public func prefetch(_ tokens: [String]) async throws -> PrefetchedImageStore {
    var seen: Set<String> = []
    var pending = tokens.filter { seen.insert($0).inserted }[...]
    var images: [String: PlatformImage] = [:]
    try await withThrowingTaskGroup(of: (String, PlatformImage).self) { group in
      func startNext() {
        guard let token = pending.popFirst() else { return }
        group.addTask { (token, try await self.imageOffThePool(token)) }
      }
      for _ in 0..<configuration.maximumConcurrentRequests { startNext() }
      while let (token, image) = try await group.next() {
        images[token] = image
        startNext()
      }
    }
    return PrefetchedImageStore(images)
  }

  /// ``image(for:)`` on a Dispatch thread, since it blocks until the answer arrives and the
  /// tasks' cooperative threads must not wait on the network.
  private func imageOffThePool(_ token: String) async throws -> PlatformImage {
    try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global().async {
        continuation.resume(with: Result { try self.image(for: token) })
      }
    }
  }
}
