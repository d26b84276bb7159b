import Foundation
import KadrPersistence
import LoopbackHTTP

// Top-level code, as a script or a command-line tool's main.swift is written: a project whose
// image is behind a URL, opened with `try await KadrCoding.video(from:images:)`. Swift binds
// that call to the synchronous overload here (it ranks synchronous overloads first in
// top-level code), which is why this target builds with warnings suppressed: the compiler says
// "no 'async' operations occur within 'await' expression" about the very line a user writes.
// AsyncOpenTests runs it; it prints "opened N clip(s)" and exits 0, or says why and exits 1.
let image = PlatformImage.solidColor(.white, width: 4)
let server = try LoopbackHTTPServer { path in
  path == "/logo.png"
    ? .bytes(status: 200, headers: ["Content-Type": "image/png"], body: image.data)
    : .bytes(status: 404, headers: [:], body: Data())
}
let token = server.baseURL + "/logo.png"
let data = try KadrCoding.data(
  for: Video(clips: [ImageClip(image, duration: 1)]),
  images: PrefetchedImageStore([token: image]))

let store = URLImageStore(
  configuration: URLImageStore.Configuration(allowsHTTP: true, requestTimeout: 5))
do {
  let opened = try await KadrCoding.video(from: data, images: store)
  server.stop()
  print("opened \(opened.clips.count) clip(s), fetched \(store.fetchedTokens.count) image(s)")
} catch {
  server.stop()
  print("failed: \(error.localizedDescription) \(String(reflecting: error))")
  exit(1)
}
