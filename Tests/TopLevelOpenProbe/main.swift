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

/// Runs the main run loop a while, as an app's main thread does (a synchronous function: the
/// run loop may not be run from async top-level code directly).
func spinMainRunLoop(seconds: Double) {
  RunLoop.main.run(until: Date().addingTimeInterval(seconds))
}

let store = URLImageStore(
  configuration: URLImageStore.Configuration(allowsHTTP: true, requestTimeout: 5))

// With --in-run-loop, the same synchronous call as an app's main thread makes it (its run loop
// running): it must not wait on the network there, but throw an error naming the async call.
if CommandLine.arguments.contains("--in-run-loop") {
  final class Said: @unchecked Sendable {
    // @unchecked Sendable: set once on the main thread, read after the run loop returns there.
    var text = "not run"
  }
  let said = Said()
  RunLoop.main.perform {
    do {
      _ = try KadrCoding.video(from: data, images: store)
      said.text = "opened: it waited on the main thread of a running run loop"
    } catch {
      said.text = "refused: \(error.localizedDescription) \(String(reflecting: error))"
    }
  }
  spinMainRunLoop(seconds: 2)
  server.stop()
  print(said.text)
  exit(said.text.hasPrefix("refused") ? 0 : 1)
}
do {
  let opened = try await KadrCoding.video(from: data, images: store)
  server.stop()
  print("opened \(opened.clips.count) clip(s), fetched \(store.fetchedTokens.count) image(s)")
} catch {
  server.stop()
  print("failed: \(error.localizedDescription) \(String(reflecting: error))")
  exit(1)
}
