import Foundation
import KadrPersistence
import LoopbackHTTP

/// Opens a project whose images live behind URLs: starts a loopback HTTP server serving PNGs,
/// saves a project whose image tokens are those URLs, then opens it with a `URLImageStore` that
/// fetches every image first. Exits with status 1 when a check fails.
@main
@MainActor
enum URLImageStoreExample {
  /// The number of failed checks; the example runs on the main actor only.
  static var failures = 0

  static func main() async {
    do {
      try await run()
    } catch {
      check(false, "unexpected error: \(error)")
    }
    print(failures == 0 ? "\nAll checks passed." : "\n\(failures) check(s) failed.")
    exit(failures == 0 ? 0 : 1)
  }

  static func run() async throws {
    let photos: [(path: String, image: PlatformImage)] = [
      (
        "/photos/harbour.png",
        .solidColor(PlatformColor(red: 0.1, green: 0.3, blue: 0.7), width: 32)
      ),
      (
        "/photos/market.png", .solidColor(PlatformColor(red: 0.9, green: 0.5, blue: 0.1), width: 32)
      ),
      ("/photos/hills.png", .solidColor(PlatformColor(red: 0.2, green: 0.6, blue: 0.3), width: 32)),
      ("/brand/logo.png", .solidColor(.white, width: 8, height: 8)),
    ]
    let files = Dictionary(uniqueKeysWithValues: photos.map { ($0.path, $0.image.data) })
    let server = try LoopbackHTTPServer { path in
      files[path].map { .bytes(status: 200, headers: ["Content-Type": "image/png"], body: $0) }
        ?? .bytes(status: 404, headers: [:], body: Data("missing".utf8))
    }
    defer { server.stop() }
    print("== A loopback server at \(server.baseURL) serves \(photos.count) PNGs ==")

    // The app knows which URL each image came from: a PrefetchedImageStore names them.
    let tokens = photos.map { server.baseURL + $0.path }
    let named = PrefetchedImageStore(
      Dictionary(uniqueKeysWithValues: zip(tokens, photos.map(\.image))))
    let video = project(photos.dropLast().map(\.image), logo: photos[3].image)
    let data = try KadrCoding.data(for: video, images: named)
    let saved = try KadrCoding.imageTokens(in: data)
    print("saved the project (\(data.count) bytes); its image tokens:")
    for line in saved { print("  \(line)") }
    check(Set(saved) == Set(tokens), "the tokens are the images' URLs")

    print("\n== Opening it with a URLImageStore ==")
    let store = URLImageStore(
      configuration: URLImageStore.Configuration(
        allowsHTTP: true, maximumConcurrentRequests: 4, requestTimeout: 5,
        maximumImageBytes: 1 << 20))
    let reopened = try await KadrCoding.video(from: data, images: store)
    print("fetched \(store.fetchedTokens.count) image(s):")
    for line in store.fetchedTokens { print("  \(line)") }
    print("requests the server answered: \(server.paths.sorted())")
    let images = reopened.clips.compactMap { ($0 as? ImageClip)?.image }
    check(images == photos.dropLast().map(\.image), "every photo arrives with the same bytes")
    check((reopened.overlays.first as? ImageOverlay)?.image == photos[3].image, "so does the logo")
    check(server.paths.count == photos.count, "each URL is fetched once")
    let resaved = try KadrCoding.data(for: reopened, images: store)
    check(resaved == data, "saving it again writes the same URLs, byte for byte")

    print("\n== A project whose image is missing on the server ==")
    let broken = String(decoding: data, as: UTF8.self)
      .replacingOccurrences(of: "hills.png", with: "missing.png")
    do {
      _ = try await KadrCoding.video(
        from: Data(broken.utf8),
        images: URLImageStore(
          configuration: URLImageStore.Configuration(allowsHTTP: true, requestTimeout: 5)))
      check(false, "a missing image is refused")
    } catch let error as PersistenceError {
      print("  \(error)")
      check(error.description.contains("missing.png"), "a missing image is refused, naming it")
    }
  }

  /// Three photos with cross-dissolves and a logo overlay.
  static func project(_ photos: [PlatformImage], logo: PlatformImage) -> Video {
    var clips: [any Clip] = []
    for (index, photo) in photos.enumerated() {
      if index > 0 { clips.append(Transition.dissolve(duration: 0.5)) }
      clips.append(ImageClip(photo, duration: 3))
    }
    return Video(
      clips: clips,
      overlays: [ImageOverlay(image: logo, position: .topRight, anchor: .topRight, opacity: 0.7)])
  }

  static func check(_ condition: Bool, _ message: String) {
    print("\(condition ? "ok    " : "FAILED") \(message)")
    if !condition { failures += 1 }
  }
}
